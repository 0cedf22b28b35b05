# review: written from fr-glossary.md, not yet read by a native speaker
# Les refus du service et les problèmes qu'il trouve dans ce qu'on lui envoie.

tournament-takes-at-most-players = un tournoi prend au plus { $max_players } joueurs ; celui-ci en a { $registered }
pairing-numbers-fixed-once-round = les numéros d'appariement sont fixés dès que la ronde 1 est appariée
give-every-player-tournament-once = donnez chaque joueur du tournoi une fois, dans l'ordre d'appariement ({ $all_count } joueurs)
file-cannot-read-tournament-file = le fichier ne peut pas être lu comme un fichier de tournoi : { $error }
file-was-not-imported = le fichier n'a pas été importé : { $problem }
notice-holds-at-most-characters = une annonce contient au plus { $max_notice } caractères ; celle-ci en a { $count }
no-roll-call-open-open = aucun pointage n'est ouvert : ouvrez-en un d'abord
tournament-has-rounds-all-paired = le tournoi a { $rounds } rondes, toutes appariées
round-robin-s-knockout-s = le pointage d'un toutes rondes ou d'une élimination directe a lieu avant la ronde 1 ; ensuite, un joueur absent perd sa partie par forfait
roll-call-before-round-closed = le pointage avant la ronde { $round } est déjà clos
has-withdrawn-reinstate-them-first = { $name } est retiré du tournoi : réintégrez ce joueur d'abord
present-only-absent-withdrawn-when = { $name } est présent : seuls les absents sont retirés à la clôture du pointage
roll-call-before-round-still = le pointage avant la ronde { $number } est encore ouvert : clôturez-le d'abord
take-roll-call-before-round = faites d'abord le pointage avant la ronde { $number } (le tournoi en demande un)
absent-at-roll-call-before = absents au pointage avant la ronde { $number }, donc non appariés dans celle-ci : { $value } (un retardataire joue à partir de la ronde suivante)
game-match-has-sheet-result = la partie { $match_game } de ce match a une feuille ou un résultat, et ne serait plus jouée (ou aurait un autre joueur qui commence) après ce changement de la partie { $match_game2 } : renvoyez d'abord la partie { $match_game } (remise à zéro), puis changez celle-ci
tournament-changed-while-pairing = le tournoi a changé pendant le calcul de l'appariement (un résultat, un joueur, une ronde, un réglage) : générez-le à nouveau
round-was-paired-meanwhile-generate = la ronde { $number } a été appariée entre-temps : générez à nouveau la suivante
round-published-pairings-corrected-hand = la ronde { $number } est publiée : ses appariements se corrigent à la main, ils ne se génèrent plus
round-not-published-yet-publish = la ronde { $number } n'est pas encore publiée : publiez-la (ou modifiez-la) avant d'apparier la suivante
round-has-no-pairings-publish = la ronde { $number } n'a aucun appariement à publier
round-published-stays = la ronde { $number } est publiée et le reste
choose-players-enter = choisissez les joueurs à inscrire
not-section-event = { $name } n'est pas un tournoi de cette compétition
player-does-not-play-event = le joueur { $id } ne joue pas dans cette compétition
tournament-takes-at-most-players-2 = un tournoi prend au plus { $max_players } joueurs ; { $name } en aurait { $registered }
too-many-failed-sign-ins = trop de connexions échouées depuis votre réseau : réessayez dans { $seconds } secondes
too-many-failed-sign-ins-2 = trop de connexions échouées : le compte est bloqué jusqu'à { $lock_minutes } minutes
too-many-wrong-pins-ask = trop de codes PIN erronés : demandez à l'arbitre, ou attendez jusqu'à { $lock_minutes } minutes
round-not-published-standings-go = la ronde { $n } n'est pas publiée ; le classement va jusqu'à la ronde { $published }
round-not-published-yet = la ronde { $number } n'est pas encore publiée
there-no-account = il n'y a pas de compte « { $username } »
organiser-organisers-run-every-tournament = « { $username } » est organisateur ; les organisateurs dirigent déjà tous les tournois
stage-s-qualifiers-come-another = origine : les qualifiés d'une phase viennent d'un autre tournoi
top-2-players = premiers : de 2 aux { $table_count } joueurs du tournoi { $name }
has-no-published-round-has = { $name } n'a aucune ronde publiée : il n'a pas de classement d'où partir
tournament-has-players-rounds-already = ce tournoi a déjà des joueurs ou des rondes : les qualifiés d'une phase sont ses joueurs, inscrits avant la ronde 1
players-not-player-given-twice = joueurs : { $id } n'est pas un joueur du tournoi { $name } (ou est donné deux fois)
players-stage-needs-at-least = joueurs : une phase en demande au moins deux
reason-say-why-qualifiers-differ = motif : dites pourquoi les qualifiés diffèrent du classement (un barrage, un retrait)
place-1-players-standings = place : de 1 aux { $table_count } joueurs du classement
place-alone-points-play-off = place { $place } : { $name } est seul à { $points } points ; un barrage départage des joueurs à égalité de points
place-already-has-play-off = la place { $first } a déjà son barrage
pin-not-pin-player-game = ce code PIN n'est celui d'aucun joueur de cette partie
end-only-controller-adjudicates-game = fin : seul l'arbitre arbitre une partie, depuis sa page
seeds-each-0-48 = graines : chacune de 0 à 48
move-list-over-64-kib = la liste des coups dépasse 64 Kio
result-south-north-draw = résultat : south, north ou draw
end-natural-agreement-resignation-time = fin : natural, agreement, resignation ou time
accept-sheet-sheet-accepted-brings = accept_sheet : une feuille acceptée apporte son propre résultat, ses graines, sa fin et ses coups
kind-played-forfeit-south-forfeit = kind : played, forfeit-south, forfeit-north ou double-forfeit (ou accept_sheet : la feuille à accepter)
seeds-south-north-each-0 = graines : [sud, nord], chacune de 0 à 48
has-no-result-seeds-moves = { $kind ->
    [bye] un exempt
    [forfeit-south] un forfait de Sud
    [forfeit-north] un forfait de Nord
    [double-forfeit] un double forfait
   *[other] un résultat « { $kind } »
  } n'a ni résultat, ni graines, ni coups : c'est un résultat à part entière
reason-say-why-staff-read = motif : dites pourquoi (l'équipe d'arbitrage le lit dans le journal)
label-say-which-venue-event = libellé : dites pour quelle salle et quelle compétition est le jeton (de 1 à 100 caractères)
no-such-token = ce jeton n'existe pas
token-was-revoked-hub-ask = ce jeton a été révoqué sur le site central : demandez-en un nouveau à son organisateur
push-cannot-read = l'envoi ne peut pas être lu : { $error }
players-may-not-do-controller = les joueurs ne peuvent pas faire ceci ; un arbitre ou un organisateur le peut
only-organiser-may-do = seul un organisateur peut faire ceci
tournament-not-assigned-your-account = ce tournoi n'est pas confié à votre compte
tournament-not-knockout-has-standings = ce tournoi n'est pas une élimination directe : il a un classement, pas un tableau
bye-has-no-result-set = un exempt n'a pas de résultat à fixer
bye-has-no-score-sheet = un exempt n'a pas de feuille de partie
you-not-player-game = vous n'êtes pas un joueur de cette partie
score-sheets-come-players-controller = les feuilles de partie viennent des joueurs ; l'arbitre fixe plutôt les résultats
page-player-s-own-sign = cette page est celle d'un joueur : connectez-vous avec votre code PIN dans ce tournoi
tournament-s-pairings-entered-hand = les appariements de ce tournoi se saisissent à la main : donnez « pairings »
knockout-s-pairings-follow-bracket = les appariements d'une élimination directe suivent son tableau : la ronde { $number } est { $pairs } (sur n'importe quelles tables)
players-pair-dutch-pairing-more = { $field } joueurs à apparier : l'appariement néerlandais de plus de { $max_swiss_field } joueurs prend trop de temps sur ce serveur ; saisissez à la main les appariements de cette ronde
not-found = introuvable
username-1-50-letters-digits = identifiant : de 1 à 50 lettres, chiffres, « . », « _ » ou « - »
role-organiser-controller = rôle : organisateur ou arbitre
password-at-least-8-characters = mot de passe : au moins 8 caractères
username-taken = l'identifiant « { $username } » est déjà pris
game-has-final-result-there = la partie a son résultat définitif : il n'y a rien à arbitrer
trf-file-swiss-round-robin = un fichier TRF est fait pour les tournois suisses et toutes rondes : le tableau d'une élimination directe ne peut pas s'y écrire ; exportez plutôt le classement et les parties en CSV, ou les parties en OGN
trf-file-holds-one-game = un fichier TRF contient une partie par appariement et un score en points : les appariements de ce tournoi jouent des matchs, qu'il ne peut pas exprimer ; exportez plutôt le classement et les parties en CSV, ou les parties en OGN
trf-settings = le fichier : { $problems }
# review
trf-unreadable = le fichier TRF, ligne { $line } : { $problem }
trf-unreadable-whole = le fichier TRF : { $problem }
# review
trf-scoring-points = ligne 162 : « { $text } » n'est pas un nombre de points
# review
trf-scoring-absence = ligne 162 : les points d'une absence ne sont lus que s'ils valent 0
# review
trf-scoring-code = ligne 162 : « { $text } » n'est pas l'un de W, D, L, A, P, X
trf-not-whole = { $what } « { $text } » n'est pas un nombre entier
trf-figure-starting-number = numéro de départ
trf-figure-opponent = adversaire
trf-figure-rating = cote
trf-figure-rank = rang
trf-figure-number-of-rounds = nombre de rondes
trf-points-not-number = points « { $text } » : ce n'est pas un nombre
trf-points-not-halves = points « { $text } » : ni entiers ni demi-points
trf-no-starting-number = une ligne de joueur sans numéro de départ
trf-colour = ronde { $round } : la couleur « { $text } » n'est pas w, b ou -
# review
trf-result-code = ronde { $round } : le résultat « { $text } » n'est pas un code de résultat TRF
trf-no-opponent = ronde { $round } : une partie ou un forfait demande un adversaire
trf-no-colour = ronde { $round } : une partie jouée demande une couleur
trf-number-twice = le numéro de départ { $number } apparaît deux fois
# review
trf-disagree = ronde { $round } : les joueurs { $player } et { $opponent } ne s'accordent pas sur leur partie
trf-file-has-no-players = le fichier TRF n'a aucun joueur (lignes 001)
tournament-takes-at-most-players-3 = un tournoi prend au plus { $max_players } joueurs ; le fichier en a { $players_count }
trf-file-player = le fichier TRF, joueur { $number } : { $problem }
trf-file-player-round-has = le fichier TRF, joueur { $number } : la ronde { $value } a un adversaire mais pas de résultat ; seule la dernière ronde peut être non jouée
event-id-there-no-event = compétition : il n'y a pas de compétition { $id }
rounds-rounds-paired-already-tournament = rondes : { $paired } rondes sont déjà appariées ; le tournoi ne peut pas en avoir moins
full-point-bye-granted-controller = un exempt d'un point est accordé par l'arbitre : demandez-le-lui
has-withdrawn-tournament = { $name } s'est retiré du tournoi
round-robin-s-pairings-fixed = les appariements d'un toutes rondes sont fixés d'avance : il n'y a pas de bye à demander
knockout-player-who-does-not = en élimination directe, un joueur qui ne joue pas un match le perd : il n'y a pas de bye à demander (l'arbitre prononce un forfait)
tournament-has-rounds-1 = le tournoi a les rondes 1 à { $rounds }
round-paired-already-ask-controller = la ronde { $number } est déjà appariée : demandez à l'arbitre
there-no-bye-round-cancel = il n'y a pas de bye dans la ronde { $number } à annuler
planned-round-not-one-tournament = horaire : la ronde { $round } n'est pas l'une des { $rounds } rondes du tournoi
round-not-published-yet-publish-2 = la ronde { $number } n'est pas encore publiée : publiez-la, puis lancez-la
round-started-already = la ronde { $number } a déjà commencé
game-has-no-move-list = cette partie n'a pas de liste de coups
name-two-different-players = nommez deux joueurs différents
pairing-was-not-ruled-out = cet appariement n'était pas exclu
hub-hub-s-address-https = site central : l'adresse du site central, sous la forme https://results.example.org
token-token-hub-s-organiser = jeton : le jeton donné par l'organisateur du site central, sous la forme 12.abcdef…
changes-through-api-come-site = les modifications par l'API viennent des pages de ce site ou de programmes, pas des pages d'autres sites
body-has-bytes-limit = le corps fait { $length } octets ; la limite est de { $limit }
body-over-limit-bytes = le corps dépasse la limite de { $limit } octets
file-not-utf-8-text = le fichier n'est pas du texte UTF-8 (enregistrez-le en « CSV UTF-8 »)
pairing-numbers-not-whole-number = numéros d'appariement : « { $value } » n'est pas un nombre entier
pairing-numbers-number-players-1 = numéros d'appariement : numérotez les joueurs de 1 à { $numbered_count }, chaque numéro une fois
file-not-utf-8-text-2 = le fichier n'est pas du texte UTF-8 : choisissez le fichier .json exporté par la page du tournoi
mark-player-present-absent = marquez un joueur présent ou absent
choose-section-enter-them = choisissez le tournoi où les inscrire
not-one-event-s-categories = « { $category } » n'est pas l'une des catégories de cette compétition
give-tournament-top-how-many = donnez from (un tournoi) et top (combien)
place-not-place = place : « { $place } » n'est pas une place
whole-number = { $name } : un nombre entier
uploaded-file-not-text = le fichier envoyé n'est pas du texte
ogn-file-does-not-give = le fichier OGN ne donne pas les graines (sa balise Result) : choisissez le résultat et saisissez les graines
there-no-such-page = cette page n'existe pas
there-no-such-api-route = cette route de l'API n'existe pas
over-limit-bytes = { $what } dépasse la limite de { $limit } octets
not-utf-8-text = { $what } n'est pas du texte UTF-8
form-over-limit-bytes = le formulaire dépasse la limite de { $form_limit } octets
trf-file-not-utf-8 = le fichier TRF n'est pas du texte UTF-8
give-player-whose-bye = donnez « player » : à qui est le bye
form-was-out-date-you = ce formulaire n'était plus à jour (une connexion ou une déconnexion a peut-être eu lieu depuis l'ouverture de la page), rien n'a donc été modifié : ouvrez la page à nouveau et renvoyez le formulaire depuis celle-ci
route-takes-bodies = cette route prend des corps { $wanted }
route-takes-application-json-bodies = cette route prend des corps application/json
json-body-not-what-route = le corps JSON n'est pas ce que prend cette route : { $error }
body-could-not-read = le corps n'a pas pu être lu : { $error }
upload-could-not-read = le fichier envoyé n'a pas pu être lu : { $error }
not-row-number = « { $r } » n'est pas un numéro de ligne
give-either-pairings-generate-true = donnez soit « pairings », soit « generate » : true, pas les deux
give-pairings-generate-true = donnez « pairings » ou « generate » : true
mode-generate-hand = mode : generate ou by-hand
part-sheet-1-continuation-sheets = partie : une feuille de 1 à { $most_sheets } (les feuilles de suite à partir de 2)
form-could-not-read = le formulaire n'a pas pu être lu : { $error }
body-could-not-read-2 = le corps n'a pas pu être lu : { $error }
form-could-not-read-2 = le formulaire n'a pas pu être lu : { $error }
form-not-utf-8-text = le formulaire n'est pas du texte UTF-8 : rien n'a été modifié
request-s-headers-hold-bytes = les en-têtes de la requête font { $size } octets ; ce service en lit au plus { $most_header_bytes }
action-must-assign-unassign = action doit être assign ou unassign
not-date-yyyy-mm-dd = { $field } : « { $v } » n'est pas une date (AAAA-MM-JJ)
end-date-tournament-cannot-end = date de fin : le tournoi ne peut pas finir avant de commencer
rounds-give-number-rounds = rondes : donnez le nombre de rondes
rounds-not-between-1-99 = rondes : { $n } n'est pas entre 1 et 99
pairing-not-one-manual-round = appariement : « { $p } » n'est pas l'un de manual, round-robin, swiss, knockout
tie-policy-not-one-fide = égalités : « { $p } » n'est pas l'un de fide, mso, mso-spread
lots-seed-whole-number-0 = tirage au sort : un nombre entier de 0 à 2^53
third-place-double-elimination-decides = troisième place : une double élimination décide de la troisième place dans son tableau des perdants ; elle n'a pas de match pour la troisième place
club-rounds-0-clubmates-may = rondes entre clubs : de 0 (les joueurs d'un même club peuvent se rencontrer dès la ronde 1) aux { $rounds } rondes
language-not-language-code-such = langue : « { $code } » n'est pas un code de langue comme en ou fr
check-not-one-none-first = pointage : « { $c } » n'est pas l'un de none, first, every
check-round-robin-s-knockout = pointage : les joueurs d'un toutes rondes ou d'une élimination directe répondent au pointage avant la ronde 1 (first) ; ensuite, les absents perdent leur partie par forfait
not-one = { $field } : « { $v } » n'est pas l'un de { $value }
name-tournament-needs-name = nom : un tournoi a besoin d'un nom
name-at-most-200-characters = nom : au plus 200 caractères
no-control-characters-line-breaks = { $field } : pas de caractères de contrôle (sauts de ligne, échappements) ni de caractères qui inversent le texte
venue-at-most-200-characters = lieu : au plus 200 caractères
rules-choose-rule-preset-abapa = règles : choisissez un jeu de règles (abapa, brettspielnetz, tournament, merkel, anan-anan)
rule-options = options des règles : { $error }
rules-unknown = règles : { $error }
points-each-must-number-0 = points : chacun doit être un nombre de 0 à 10
points-win-must-worth-at = points : une victoire doit valoir au moins une nulle, une nulle au moins une défaite
points-use-whole-half-points = points : utilisez des points entiers ou des demi-points
tiebreaks-unknown-code-known = départages : code inconnu « { $code } » (connus : { $codes })
tiebreaks-listed-twice = départages : { $t } figure deux fois
not-rule-option = « { $name } » n'est pas une option des règles
gender-not-female-male = sexe : « { $other } » n'est ni féminin ni masculin
name-player-needs-name = nom : un joueur a besoin d'un nom
name-at-most-100-characters = nom : au plus 100 caractères
club-at-most-100-characters = club : au plus 100 caractères
country-at-most-60-characters = pays : au plus 60 caractères
names-may-not-hold-control = les noms ne peuvent pas contenir de caractères de contrôle ni de caractères qui inversent le texte
rating-not-between-0-4000 = cote Elo : { $r } n'est pas entre 0 et 4000
birth-year-not-year-1900 = année de naissance : { $y } n'est pas une année de 1900 à 2100
title-federation-at-most-20 = titre et fédération : au plus 20 caractères chacun
title-federation-no-control-characters = titre et fédération : pas de caractères de contrôle
game-minutes-1-600 = minutes par partie : de 1 à 600
increment-seconds-0-600 = secondes d'incrément : de 0 à 600
move-seconds-1-3600 = secondes par coup : de 1 à 3600
round-minutes-1-1440-day = minutes par ronde : de 1 à 1440 (un jour)
utc-offset-minutes-720-840 = décalage UTC en minutes : de -720 à 840
match-games-not-between-1 = parties par match : { $games } n'est pas entre 1 et { $most_games }
match-games-best-match-needs = parties par match : un match au meilleur des parties demande un nombre impair de parties (au meilleur des { $games } peut finir à égalité sans nulle) ; jouez { $games } parties chacun, ou au meilleur des { $value }
categories-at-most = catégories : au plus { $max_categories }
categories-category-needs-name-1 = catégories : la catégorie { $number } a besoin d'un nom de 1 à 40 caractères
categories-named-twice = catégories : « { $name } » est nommée deux fois
categories-age-1-120-not = catégories : { $name } : un âge de 1 à 120, pas { $age }
categories-rating-1-4000-not = catégories : { $name } : une cote Elo de 1 à 4000, pas { $rating }
prizes-at-most = prix : au plus { $max_prizes }
currency-at-most-10-characters = monnaie : au plus 10 caractères
prize-name-1-60-characters = prix { $n } : un nom de 1 à 60 caractères
prize-award-at-most-60 = prix { $n } : une récompense d'au plus 60 caractères
prize-amount-0-1-000 = prix { $n } : un montant de 0 à 1 000 000 000
prize-give-amount-award-both = prix { $n } : donnez un montant, une récompense, ou les deux
prize-amount-whole = prix { $n } : { $currency } n'a pas de centimes : indiquez un montant entier
prize-not-one-event-s = prix { $n } : « { $c } » n'est pas l'une des catégories de la compétition
best-1-50-members-counted = meilleurs : de 1 à 50 membres comptés
lists-teams-listed-only-list = listes : les équipes ne sont listées qu'avec by : list
lists-team-needs-name-1 = listes : une équipe a besoin d'un nom de 1 à 60 caractères
player-not-tournament = { $name } : le joueur { $p } n'est pas dans ce tournoi
player-two-teams = le joueur { $p } est dans deux équipes, { $other } et { $name }
name-event-needs-name-at = nom : une compétition a besoin d'un nom d'au plus 100 caractères
venue-at-most-100-characters = lieu : au plus 100 caractères
names-no-control-characters = noms : pas de caractères de contrôle
end-date-event-cannot-end = date de fin : la compétition ne peut pas finir avant de commencer
error-sign-in-first = connectez-vous d'abord
wrong-login = identifiant ou mot de passe erroné
wrong-pin = joueur ou code PIN erroné
stale-sheet = la feuille que vous confirmez n'est plus la dernière de cette partie : lisez la feuille affichée maintenant sur la page de la partie avant de confirmer
hub-wrong-token = ce site central n'a pas ce jeton : demandez-en un à son organisateur
rules-fixed = les règles et leurs options sont fixées dès qu'une ronde est publiée : chaque partie jouée a été vérifiée selon elles
matches-fixed = ce que joue un appariement (parties, qui commence, ce qui compte), et si la compétition est une élimination directe (avec son match pour la troisième place), sont fixés dès qu'une ronde est appariée : ses parties ont été disposées selon eux
csv-no-players = le fichier ne nomme aucun joueur
csv-header-unreadable = la ligne d'en-tête ne peut pas être lue : { $error }
csv-fields-count = { $fields } champs là où l'en-tête en a { $header }
csv-row-not-utf8 = la ligne n'est pas du texte UTF-8 valide
csv-row-unreadable = la ligne ne peut pas être lue : { $error }
csv-too-many-rows = plus de { $most } joueurs dans une seule importation
csv-not-whole-number = { $field } : « { $text } » n'est pas un nombre entier
csv-column-twice = la colonne « { $column } » est nommée deux fois
csv-no-name-column = la ligne d'en-tête doit nommer une colonne « name » (et peut nommer { $columns })
csv-unknown-column = colonne inconnue « { $column } » (attendues : { $columns })
csv-text-after-quote = du texte après le guillemet fermant d'un champ
csv-quote-never-closed = un guillemet ouvert sur cette ligne n'est jamais fermé
problems = { $list }
problems-separator =  ;{" "}
not-tournament-file-service-format = ce n'est pas un fichier de tournoi de ce service (son format dit « { $format } », pas « { $format2 } »)
file-version-service-reads-version = le fichier est de la version { $version } ; ce service lit la version { $version2 }
tournament-s-settings-event-id = les réglages du tournoi : event_id : un fichier de tournoi est autonome, hors de toute compétition ; retirez-le
tournament-takes-at-most-players-4 = un tournoi prend au plus { $most_players } joueurs ; le fichier en a { $players_count }
player-pairing-number-counts-1 = joueur { $name } : un numéro d'appariement commence à 1
round-round-s-number-1 = ronde { $number } : le numéro d'une ronde va de 1 à { $most_rounds }
seeds-0-48-each = { $whose } : les graines vont de 0 à 48 chacune
file-has-no-round = { $what } : le fichier n'a pas de ronde { $round }
file-has-no-player = { $what } : le fichier n'a pas de joueur { $id }
player-cannot-play-themself = { $what } : un joueur ne peut pas jouer contre lui-même
boards-match-s-games-count = { $what } : les tables et les parties d'un match se comptent à partir de 1
another-game-has-same-board = { $what } : une autre partie a la même table
round-not-published-yet-game = { $what } : sa ronde n'est pas publiée, et pourtant la partie a une feuille ou un résultat
bye-only-bye-game-without = { $what } : un exempt, et seulement un exempt, est une partie sans adversaire
game-but-has-no-result = { $what } : la partie est { $status ->
    [confirmed] confirmée
    [final] définitive
   *[other] « { $status } »
  } mais n'a pas de résultat
forfeit-bye-has-no-winner = { $what } : un forfait ou un exempt n'a ni vainqueur, ni graines, ni fin, ni coups
played-result-needs-winner-seeds = { $what } : un résultat joué a besoin de son vainqueur, de ses graines et de sa fin
sheet-file-has-no-game = feuille { $id } : le fichier n'a pas de partie { $game } à laquelle elle appartienne
they-do-not-play-game = { $whose } : ce joueur ne joue pas dans cette partie
only-controller-adjudicates-sheet-cannot = { $whose } : seul l'arbitre arbitre ; une feuille ne peut pas le dire
game-but-file-has-no = { $game } : la partie est { $status ->
    [submitted] envoyée
    [confirmed] confirmée
    [disputed] contestée
   *[other] « { $status } »
  } mais le fichier n'en a aucune feuille
round-not-1 = { $what } : la ronde { $n } n'est pas entre 1 et { $most_rounds }
players-kept-apart-pair-two = joueurs à ne pas apparier : une paire compte deux joueurs
has-withdrawn = { $place } : { $n } est retiré du tournoi
paired-twice-round-also = { $place } : { $n } est apparié deux fois dans cette ronde (aussi { $first })
asked-bye-round-cancel-bye = { $place } : { $n } a demandé un bye pour la ronde { $round } : annulez le bye pour l'apparier
have-met-before = { $place } : { $south } et { $north } se sont déjà rencontrés
must-not-paired-ruled-out = { $place } : { $south } et { $north } ne doivent pas être appariés (exclu par l'arbitre)
same-club-clubmates-not-paired = { $place } : { $south } et { $north } sont du même club, et les joueurs d'un même club ne sont pas appariés ensemble à la ronde { $round }
position-holds-seeds-south-s = la position compte { $total } graines ({ $south_row } dans le camp de Sud, { $north_row } dans celui de Nord, { $value } et { $value2 } prises) : une partie en a { $seeds }
unknown-tie-break = départage inconnu « { $text } »
two-players-have-id = deux joueurs ont l'identifiant { $id }
two-players-have-pairing-number = deux joueurs ont le numéro d'appariement { $number }
two-rounds-have-id = deux rondes ont l'identifiant { $id }
round-file-twice = la ronde { $number } figure deux fois dans le fichier
two-games-have-id = deux parties ont l'identifiant { $id }
two-sheets-have-id = deux feuilles ont l'identifiant { $id }
bye-asked = le bye demandé par { $name }
player-asked-bye-round-twice = le joueur { $player } a demandé deux fois un bye pour la ronde { $round }
roll-call-before-round-file = le pointage avant la ronde { $round } figure deux fois dans le fichier
player-answered-roll-call-before = le joueur { $player } a répondu deux fois au pointage avant la ronde { $round }
choose-how-teams-made = choisissez comment les équipes sont formées
members-counted-not-whole-number = membres comptés : « { $n } » n'est pas un nombre entier
form-has-field-does-not = le formulaire a un champ qu'il ne connaît pas (« { $name } »)
not-board-number-player = { $name } : « { $v } » n'est ni un numéro de table ni un joueur
form-gives-no-pairing-choose = le formulaire ne donne aucun appariement : choisissez les joueurs d'une table ou un exempt
ties-not-way-settle-ties = égalités : « { $ties } » n'est pas une façon de départager
not-amount = { $name } : « { $a } » n'est pas un montant (un nombre d'au plus deux décimales, comme 64,60)
give-whole-number = { $name } : donnez { $what } en nombre entier
give-date-age-counted = { $name } : donnez la date à laquelle l'âge est compté
not-kind-category = { $name } : « { $other } » n'est pas une sorte de catégorie
not-date-yyyy-mm-dd-2 = { $what } : « { $d } » n'est pas une date (AAAA-MM-JJ)
settings-unreadable = les réglages ne se lisent pas ({ $error })
not-number = { $field } : « { $text } » n'est pas un nombre
rule-options-not-json-object = options des règles : pas un objet JSON d'options ({ $error })
not-whole-number = { $what } : « { $text } » n'est pas un nombre entier
round-not-date-time = ronde { $round } : « { $text } » n'est pas une date et une heure
no-such = { $what ->
    [tournament] ce tournoi n'existe pas
    [player] ce joueur n'existe pas
    [round] cette ronde n'existe pas
    [game] cette partie n'existe pas
    [event] cette compétition n'existe pas
    [sheet] cette feuille n'existe pas pour cette partie
    [page] cette page n'existe pas
    [person] cette personne n'existe pas au registre
    [circuit] ce circuit n'existe pas
   *[other] introuvable
  }
boards-keep-results = { $boards } { $count ->
    [one] a un résultat ou une feuille : elle reste telle quelle
   *[other] ont un résultat ou une feuille : elles restent telles quelles
  } (remettez d'abord une partie à zéro pour l'apparier à nouveau)
stage-source-not-over = { $name } n'est pas terminé : { $open ->
    [one] { $open } partie de ses rondes publiées n'a toujours pas de résultat qui compte
   *[other] { $open } parties de ses rondes publiées n'ont toujours pas de résultat qui compte
  }
file-settings = les réglages du tournoi : { $problems }
file-round-clock = l'horaire des rondes : { $problems }
file-prizes = les prix : { $problems }
file-teams = les équipes : { $problems }
file-player = joueur { $id } ({ $name }) : { $problem }
file-bye-of = ronde { $round }, exempt : { $name }
file-game-of = ronde { $round }{ $board ->
    [0] {""}
   *[other] , table { $board }
  }{ $game ->
    [1] {""}
   *[other] , partie { $game }
  } ({ $south } contre { $north })
file-sheet-problem = { $whose } : { $problem }
file-moves-wrong = { $whose } : ses coups ne donnent pas ce qu'elle déclare, au demi-coup { $ply }, { $at } : { $detail }
file-moves-mended = { $whose } : ses coups ne donnent pas ce qu'elle déclare, au demi-coup { $ply }, { $at } : { $detail } (elle s'accorderait avec { $edits })
file-result-of = { $what }, son résultat
file-sheet-of = { $game }, la feuille envoyée par { $sender }
file-a-bye = un bye demandé
file-kept-apart = des joueurs à ne pas apparier
file-a-roll-call = un pointage
file-an-answer = une réponse à un pointage
# review
ogn-record = l'enregistrement OGN : { $problem }
ogn-record-line = l'enregistrement OGN, ligne { $line } : { $problem }
# review
ogn-tag-end = une ligne d'étiquette doit finir par « ] » : { $text }
# review
ogn-tag-name = une étiquette doit avoir un nom : { $text }
# review
ogn-unquoted = la valeur de l'étiquette { $tag } doit être entre guillemets droits
# review
ogn-bad-escape = échappement incorrect dans la valeur de l'étiquette { $tag }
# review
ogn-no-closing-quote = la valeur de l'étiquette { $tag } n'a pas de guillemet fermant
# review
ogn-text-after = du texte après la valeur de l'étiquette { $tag }
# review
ogn-end-tag = étiquette End « { $text } » : attendu natural, agreement, resignation:south|north ou time:south|north
# review
ogn-result-tag = étiquette Result « { $text } » : attendu les graines de Sud et de Nord, comme « 25-20 », ou « * »
ogn-fen-tag = étiquette FEN : { $problem }
# review
fen-field-count = une position a 15 champs (12 cases, 2 greniers, le camp qui joue) séparés par « - » ; trouvé { $count }
# review
fen-bad-count = le champ { $field } (« { $text } ») n'est pas un nombre de graines de 0 à 48
# review
fen-bad-side = le camp qui joue doit être S ou N, pas « { $text } »
# review
fen-seed-count = les cases et les greniers tiennent { $seeds } graines ; il en faut exactement 48
ogn-set-up-position = la partie OGN part d'une position préparée ; une partie de tournoi part du début
ogn-several-games = le fichier OGN contient { $games } parties ; une feuille en contient une
seeds-over-48 = { $south } et { $north } graines font plus que les 48 de la partie
lost-game-not-draw = une partie perdue { $end ->
    [resignation] par abandon
    [time] au temps
   *[other] « { $end } »
  } a un vainqueur, ce n'est pas une nulle
natural-end-beyond-capture = { $south }-{ $north } graines : avec des graines encore sur le plateau, la partie a fini à la prise qui a fait passer un joueur au-delà de 24, et selon { $rules } une prise enlève au plus { $capture } graines : aucun joueur ne finit avec plus de { $most }
natural-end-seeds-majority = { $south }-{ $north } graines : une partie finie selon les règles a pris les 48 graines, ou laisse un joueur à 25 ou plus
natural-end-seeds-all = { $south }-{ $north } graines : une partie finie selon les règles a pris les 48 graines (ces règles ne l'arrêtent pas à 25)
stopped-end-seeds-all = { $south }-{ $north } graines : une partie { $end ->
    [agreement] finie d'un commun accord
    [adjudication] arbitrée
   *[other] finie ainsi
  } donne aussi à chacun les graines de son camp : les 48 graines sont comptées
agreement-not-in-rules = les règles { $rules } ne connaissent pas la fin d'un commun accord
lost-game-after-majority = { $south }-{ $north } graines : la partie s'est arrêtée quand un joueur a atteint 25, avant { $end ->
    [resignation] tout abandon
    [time] toute perte au temps
   *[other] « { $end } »
  }
moves-required-after-sheets-without = { $sheets ->
    [one] une feuille de ce tournoi a été envoyée sans les coups
   *[other] { $sheets } feuilles de ce tournoi ont été envoyées sans les coups
  } : la liste des coups ne peut plus devenir obligatoire (chaque feuille gardée doit suivre les réglages du tournoi)
confirmed-result-not-its-sheet = { $game } : le résultat est confirmé, mais ce n'est pas celui de la feuille que { $sender } a envoyée et que l'adversaire a confirmée (vainqueur, graines, fin et coups doivent être ceux de la feuille)
person-plays-section-not-yours = { $name } joue aussi dans { $section }, que votre compte n'arbitre pas : son code et ses données sont changés par qui arbitre chaque tournoi où il ou elle joue (un organisateur)
prize-more-than-earlier = le prix { $n } ({ $name }) vaut plus que le prix { $earlier } ({ $earlier_name }) placé avant lui : les prix se listent du meilleur au moindre (un montant est-il mal saisi ?)
notice-no-control-characters = un avis est du texte simple : ni caractères de contrôle (comme NUL ou ESC), ni caractères qui retournent le texte ou le coupent sans se voir (U+202E, U+2028)
hub-history-differs = la copie du site central ne suit pas celle de la salle : il a des modifications que cette salle n'a pas (une salle restaurée d'une sauvegarde, ou une autre copie publiée avec ce jeton). Publiez à nouveau la copie de cette salle pour remplacer celle du site central
push-without-identity = le fichier envoyé ne dit pas de quel tournoi il s'agit (le service de la salle est d'une version antérieure) : mettez à jour le service de la salle
push-file-or-changes = un envoi contient soit un fichier de tournoi entier, soit les changements depuis une version avec l'empreinte qu'ils donnent, ni les deux ni aucun
push-changes-other-tournament = ces changements feraient de la copie un autre tournoi : envoyez le fichier entier
wifi-name-missing = Écrivez le nom du Wi-Fi.
wifi-name-too-long = Le nom d'un Wi-Fi tient en { $most } octets au plus ; celui-ci en a { $bytes }.
wifi-password-too-long = Le mot de passe d'un Wi-Fi tient en { $most } caractères au plus.
push-other-tournament = le jeton « { $label } » publie un autre tournoi ({ $name }) : chaque tournoi a besoin de son propre jeton
not-published-to-hub = ce tournoi n'est pas publié sur un site central
file-identity-not-readable = l'identité du tournoi dans le fichier (uid) n'est pas de celles qu'écrit ce service (jusqu'à 64 chiffres hexadécimaux)
sheet-moves-required = ce tournoi demande la liste des coups sur chaque feuille
seeds-not-result = { $south }-{ $north } graines ne donnent pas le résultat déclaré ({ $winner ->
    [south] victoire de Sud
    [north] victoire de Nord
    [draw] nulle
   *[other] { $winner }
  })
pairing-board = table { $board }
pairing-bye = un exempt
pairing-unknown-player = { $place } : le joueur n° { $id } n'est pas dans ce tournoi
pairing-themselves = { $place } : un joueur ne peut pas jouer contre lui-même
pairing-had-bye = { $name } a déjà été exempt
pairing-missing = non appariés dans cette ronde : { $names }
double-elimination-knockout-only = double élimination : seule une élimination directe (appariement : knockout) en a une
rule-options-unreadable = les options des règles ne peuvent pas être lues : { $error }
adjudicate-not-seeds = { $what } : « { $text } » n'est pas un nombre de graines (de 0 à 48)
adjudicate-pit = case { $pit }
adjudicate-captured-south = prises de Sud
adjudicate-captured-north = prises de Nord
changed-after-you-opened-page = { $round ->
    [0] cette partie a changé
   *[other] la ronde { $round } a changé
  } après l'ouverture de la page : { $action } par { $actor } à { $at } UTC ; regardez-la à nouveau avant d'enregistrer
stored-moves-no-longer-replay = les coups enregistrés de la ronde { $round }, table { $board }, ne se rejouent plus selon les règles du tournoi ({ $at } : { $detail }) ; l'arbitre doit fixer le résultat à nouveau
refusal-settled = le résultat de cette partie est définitif ; seul l'arbitre peut le changer
refusal-disputed = les deux feuilles de cette partie diffèrent : l'arbitre décide
refusal-nothing-to-confirm = il n'y a pas encore de feuille à confirmer
refusal-own-sheet = vous avez envoyé cette feuille ; c'est votre adversaire qui la confirme
refusal-ruled = l'arbitre a fixé le résultat de cette partie
# review
dutch-impossible = aucun appariement de cette ronde ne respecte les critères absolus (pas de nouvelle rencontre, pas de second exempt, pas deux joueurs qui doivent avoir le même côté)
# review
dutch-too-large = cette ronde a trop de joueurs et de groupes de points pour les poids de l'appariement ({ $bits } bits ; au plus 4 096)
request-too-slow = la requête a mis plus de { $seconds } s à arriver ; envoyez-la à nouveau
request-body-too-slow = le contenu de la requête est arrivé à moins de { $bytes } octets par seconde ; envoyez-la à nouveau
knockout-too-few = une élimination directe demande au moins deux joueurs ; celle-ci en a { $players }
knockout-over = l'élimination directe est terminée après la ronde { $round } : sa finale a été jouée
knockout-undecided = les matchs de la ronde { $round } ne sont pas tous décidés (table { $board }) : une ronde d'élimination directe s'apparie à partir des vainqueurs, une fois que chaque match de la ronde précédente a son résultat
open-before = { $open ->
    [one] { $open } partie de la ronde { $round } n'a pas de résultat définitif
   *[other] { $open } parties de la ronde { $round } n'ont pas de résultat définitif
  } ; l'appariement a utilisé les résultats qui comptent
pairing-board-from-1 = appariement { $pairing } : les numéros de table commencent à 1
pairing-entry-shape = appariement { $pairing } : donnez « south » et « north » (et éventuellement « board »), ou « bye » seul
pairing-board-twice = la table { $board } est donnée deux fois
sheet-choose-result = choisissez le résultat : qui a gagné, ou nulle
sheet-type-seeds = saisissez les graines prises par chaque joueur
language-not-written = langue : les pages ne sont pas écrites en « { $language } » ; elles le sont en { $known }
import-bad-rows = { $rows ->
    [one] { $rows } ligne erronée ; rien n'a été importé
   *[other] { $rows } lignes erronées ; rien n'a été importé
  }
import-undecided = certaines lignes nomment des joueurs déjà inscrits ; rien n'a été importé : dites pour chacune s'il faut l'ajouter (?add=LIGNE,...) ou l'ignorer (?skip=LIGNE,...)
edits-and = {" "}et{" "}
sheet-replay-problem = { $at } : { $detail }
knockout-rounds = une élimination directe de { $players } joueurs demande { $needed } rondes ; le tournoi en a { $rounds } : réglez ses rondes à { $needed }
knockout-rounds-double = une double élimination de { $players } joueurs demande jusqu'à { $needed } rondes (la dernière seulement si le vainqueur du tableau des perdants gagne la grande finale) ; le tournoi en a { $rounds } : réglez ses rondes à { $needed }
knockout-pair = { $south } – { $north }
knockout-bye-for = un exempt pour { $name }
register-id-not-an-id = numéro au registre : { $id } n'est pas un numéro du registre
person-needs-name = une personne doit avoir un nom
person-federation-licence-too-long = fédération : au plus 20 caractères ; licence : au plus 40
merge-person-with-themselves = une personne ne peut pas être fusionnée avec elle-même
person-already-merged = la personne { $id } a été fusionnée avec la personne { $into } : séparez-les d'abord, ou fusionnez avec { $into }
persons-played-each-other = ces deux personnes ont joué l'une contre l'autre (partie { $game }) : elles ne peuvent pas être une seule personne
person-never-merged = la personne { $id } n'a jamais été fusionnée : il n'y a rien à séparer
player-already-has-person = { $name } est déjà la personne { $id } du registre
register-held-copy = Ce service détient une copie du registre du site central : c'est le site central qui donne les numéros, fusionne les personnes et décide des compétitions cotées. Inscrivez une nouvelle personne comme joueur sans numéro ; le responsable des cotes au site central lui en donnera un quand la compétition y parviendra
register-file-line = le fichier du registre, ligne { $line } : { $problem }
register-file-person = le fichier du registre, ligne { $line } : { $problem }
register-file-unknown-id = un identifiant qui n'est pas un numéro du registre, ou une personne fusionnée avec une autre que le fichier ne contient pas
register-file-header = la première ligne doit être « { $header } »
register-file-fields = pas autant de champs que l'en-tête en nomme
register-file-field = le champ { $column } ne se lit pas
register-file-twice = cet identifiant est donné deux fois
register-file-not-text = le fichier n'est pas un fichier de registre en UTF-8
ratings-taken-before-pairing = les cotes se reprennent du registre avant l'appariement de la première ronde : les numéros d'appariement en découlent
ogn-another-game = le fichier est celui d'une autre partie : { $tag ->
    [Event] son événement
    [Round] sa ronde
    [Board] sa table
    [South] son joueur Sud
   *[North] son joueur Nord
  } est « { $file } », celui de cette partie « { $here } »{ $more ->
    [0] {""}
    [one] {" "}(et une autre différence)
   *[other] {" "}(et { $more } autres différences)
  }. Si le fichier est bien celui de cette partie, dites-le et envoyez-le à nouveau
adjudication-not-one-rows-exact = adjudication : « { $a } » n'est pas l'un de rows, exact
adjudication-fixed-once-paired = la façon d'adjuger les parties inachevées est fixée dès qu'une ronde est appariée : les joueurs l'ont su avant de jouer
register-file-merged-into-itself = une personne fusionnée avec elle-même
register-file-merge-circle = des personnes fusionnées les unes avec les autres en cercle : l'une d'elles doit rester
person-name-at-most = un nom d'au plus { $most } caractères
register-choose-person = choisissez qui est le joueur : une suggestion, un numéro au registre, ou « ajouter comme nouvelle personne »
audit-entry-too-long = une entrée du journal ({ $action }, { $at }) contient { $kilobytes } Ko ; une entrée en contient au plus { $most_kilobytes } Ko
audit-trail-too-long = le journal du tournoi compterait { $entries } entrées ({ $megabytes } Mo) ; le journal d'un tournoi en compte au plus { $most_entries } et { $most_megabytes } Mo
