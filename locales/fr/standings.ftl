# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

bracket-title = Tableau — { $tournament }
print = Imprimer
bracket-heading-end = : tableau
bracket-knockout = Élimination directe : { $matches }. Le mieux classé (numéro de tête de série entre parenthèses) commence la première partie d'un match ; le vainqueur se qualifie.
bracket-third = Les perdants des demi-finales jouent pour la troisième place.
bracket-double = Double élimination : un joueur est éliminé après deux matchs perdus. Le perdant d'un match du tableau des gagnants passe dans le tableau des perdants ; les vainqueurs des deux tableaux se rencontrent en grande finale, rejouée si le vainqueur du tableau des perdants gagne la première.
bracket-round-n = (ronde { $number })
bracket-third-place = Troisième place
bracket-match = Match { $number }
bracket-board = Table { $board }
bracket-bye = Exempt
bracket-not-paired = Pas encore apparié
bracket-goes-through = se qualifie
bracket-wins-final = remporte le tournoi
bracket-wins-third = prend la troisième place
bracket-places = Places
place = Place
crosstable-title = Grille américaine — { $tournament }
round-by-round-title = Ronde par ronde — { $tournament }
crosstable = grille américaine
round-by-round = ronde par ronde
after-round = après la ronde { $number }
crosstable-cell = Chaque case : le score du joueur de la ligne contre celui de la colonne,
crosstable-cell-s = quand le joueur de la ligne a joué en premier (Sud),
crosstable-cell-n = quand il a joué en second.
round-by-round-cell = Chaque case : la place de l'adversaire au classement,
round-by-round-cell-end = pour premier ou second à jouer, et le score.
crosstable-match = Chaque appariement est un match : le score de ses parties,
crosstable-match-end = pour sa première partie.
crosstable-forfeit = : gagné ou perdu sans jouer ;
crosstable-not-final = : pas encore définitif.
rank = Rang
player-rating = classement { $rating }
withdrawn = retiré
player-place-shared = { $place }e ex aequo avec { $points }.
player-place = { $place }e avec { $points }.
score = Score
running-score = Score cumulé
byes = Byes
bye-cancel = Annuler ce bye
bye-ask-hint = Vous ne jouez pas une ronde ? Demandez un bye avant qu'elle soit appariée : vous restez hors de ses appariements et marquez le bye.
bye-kind = Bye
bye-half = demi-point
bye-zero = zéro point
bye-full = point entier
bye-ask = Demander le bye
prizes-title = Prix — { $tournament }
prizes-heading-end = : prix
prizes-not-final = Pas encore définitif : des rondes ou des résultats sont à venir ; ce sont les prix selon le classement actuel.
prizes-order = Les prix sont attribués dans l'ordre de la liste, chacun au mieux classé des joueurs qui peuvent le prendre
prizes-one-each = et n'ont pas encore de prix (un prix chacun)
prizes-ties = Égalité de points :
ties-tiebreak = les départages décident
ties-split-words = tout le groupe de points met en commun les prix que ses joueurs prendraient, un chacun, et en divise l'argent une seule fois, au centime près, chacun limité au plus gros prix qu'il peut prendre (règle 32B3 de l'US Chess)
ties-playoff = un barrage décide
prizes-edit = Modifier les prix
prizes-none = Aucun prix n'est prévu.
prizes-list-them = Les indiquer
prize = Prix
category = Catégorie
prize-given = Prix attribué
all-players = tous les joueurs
and = et
prizes-playoff-between = un barrage départage { $names }
prizes-nobody = personne ne peut le prendre
prizes-nobody-in-category = non attribué : aucun joueur n'est dans sa catégorie
prizes-nobody-all-hold = non attribué : chaque joueur qui pourrait le prendre a déjà un prix (un prix chacun)
prizes-money-only = (sa part d'argent seulement : hors de sa catégorie)
prizes-shared = mis en commun par les ex æquo : voir « Prix partagés » plus bas
prizes-form-heading-end = : les prix
prizes-form-hint = Indiquez les prix du meilleur au moindre : chacun va au mieux classé des joueurs qui peuvent le prendre. Un prix de catégorie ne va qu'à ses membres.
prizes-form-no-categories = La compétition de ce tournoi n'a pas de catégorie.
prizes-form-drop = Laissez un nom vide pour retirer une ligne.
prize-n = Prix { $n }
prize-for = Pour
prize-amount = Montant
prize-award = Récompense
prize-award-example = médaille, trophée
currency = Monnaie
prizes-one-each-field = Un prix chacun (un joueur prend le premier, le meilleur, qu'il peut prendre)
prizes-tied-field = Joueurs à égalité de points pour un prix
ties-split = le partager (l'argent à parts égales)
prizes-save = Enregistrer les prix
standings-title = Classement — { $tournament }
standings-lower = classement
standings-of-category = de la catégorie { $category }
standings-after-round = Après la ronde :
teams = Équipes
crosstable-link = Grille américaine
round-by-round-link = Ronde par ronde
all-games-csv = Toutes les parties (CSV)
all-games-ogn = Toutes les parties (OGN)
standings-match = Chaque appariement joue un match : { $matches }. Points de match : { $points }.
standings-points = Points : { $points }.
standings-mso = Les joueurs à égalité de points sont départagés par { $order } ; les colonnes montrent les départages du tournoi ({ $tiebreaks }) pour information.
standings-tiebreaks = Départages dans l'ordre : { $tiebreaks }.
standings-lots = Les joueurs encore à égalité sont départagés par un tirage au sort fait avec la graine
standings-share = Les joueurs encore à égalité partagent leur place.
standings-final-only = Seuls les résultats définitifs comptent.
standings-still-open = Encore en cours ({ $count }) :
games = Parties
matches = Matchs
standings-playoff-decided = Place { $place } et ceux à égalité avec elle : départagés par un barrage
standings-playoff-playing = Place { $place } et ceux à égalité avec elle : un barrage se joue ; jusqu'à sa fin, les départages les classent
standings-playoff-place = Départager les joueurs à égalité de points à la place
standings-playoff-button = par un barrage
standings-playoff-hint = Un barrage est une élimination directe entre les joueurs à égalité de points à cette place, avec les règles et les matchs de ce tournoi ; une fois sa finale jouée, ses places les classent ici au lieu des départages.
teams-title = Équipes — { $tournament }
team-standings = classement par équipes
teams-none-yet = Aucune équipe : aucun joueur n'a encore { $by ->
    [club] de club
    [country] de pays
   *[federation] de fédération
}.
teams-none = Aucune équipe.
team = Équipe
teams-all-members = Tous les membres
teams-members = Membres (points, place)
teams-women = (équipe féminine)
teams-men = (équipe masculine)
teams-made-by = Les équipes sont formées par
teams-by-none = pas d'équipe
teams-by-club = club
teams-by-country = pays
teams-by-federation = fédération
teams-by-list = listes : l'équipe de chaque joueur, ci-dessous
teams-best = Membres comptés (vide : tous)
teams-genders-apart = Équipes féminines et masculines à part
teams-lists = Listes d'équipes : l'équipe de chaque joueur
teams-lists-hint = Utilisées quand les équipes sont formées par listes. Les joueurs auxquels on donne le même nom d'équipe (majuscules à part) forment une équipe ; un joueur laissé vide n'est dans aucune.
teams-save = Enregistrer les réglages des équipes
tiebreak-name = { $base ->
    [sc] graines prises
    [sd] différence de graines
    [gp] points de partie
    [pts] points
    [win] rondes gagnées
    [won] parties gagnées
    [bpg] parties jouées en Nord
    [bwg] parties gagnées en Nord
    [ge] parties choisies de jouer
    [bh] Buchholz
    [fb] Buchholz anticipé
    [aob] moyenne des Buchholz des adversaires
    [sb] Sonneborn-Berger
    [aro] classement moyen des adversaires
    [de] confrontation directe
    [ps] score progressif
   *[ks] score de Koya
}
tiebreak-median = { $name } médian
tiebreak-median-n = { $name } médian { $n }
tiebreak-cut = { $name } moins { $n }
bye-label = { $kind ->
    [half] bye d'un demi-point
    [zero] bye de zéro point
   *[full] bye d'un point
}
score-won-forfeit = gagné par forfait
score-lost-forfeit = perdu par forfait
score-not-played = pas encore jouée
score-unknown = résultat inconnu
teams-words-none = Pas de classement par équipes.
teams-words-best = les points de ses { $count } meilleurs membres
teams-words-all = les points de tous ses membres
teams-words = Équipes par { $by ->
    [club] club
    [country] pays
    [federation] fédération
   *[list] les listes de l'organisateur
}{"\u202f"}; une équipe marque { $counted }. Équipes à égalité : les points de tous leurs membres, puis la place de leur meilleur membre.
teams-words-apart = Les équipes féminines et masculines sont comptées à part.
points-count = { $count ->
    [one] { $text } point
   *[other] { $text } points
}
bracket-winners = Tableau des gagnants
bracket-losers = Tableau des perdants
bracket-grand-final = Grande finale
bracket-grand-final-reset = Grande finale, second match
bracket-winners-final = Finale des gagnants
bracket-winners-round = Tour { $number } des gagnants
bracket-losers-final = Finale des perdants
bracket-losers-round = Tour { $number } des perdants
bracket-final = Finale
bracket-semi-finals = Demi-finales
bracket-quarter-finals = Quarts de finale
bracket-round-of = { $players ->
    [16] Huitièmes de finale
    [32] Seizièmes de finale
   *[other] Tour à { $players } joueurs
}
bracket-seeded = { $name } ({ $seed })
bracket-slot-bye = exempt
bracket-winner-of-board = vainqueur de la ronde { $round }, table { $board }
bracket-loser-of-board = perdant de la ronde { $round }, table { $board }
bracket-winner-of-match = vainqueur du match { $number }
bracket-loser-of-match = perdant du match { $number }
prizes-totals = Sommes versées, par joueur
prizes-total = Total
tied-count = { $count ->
    [2] deux
    [3] trois
    [4] quatre
    [5] cinq
    [6] six
   *[other] { $count }
}
prizes-pool = { $n ->
    [one] { $prizes } : { $total } partagés entre les { tied-count } ex æquo à { $points }
   *[other] { $prizes } mis en commun : { $total } partagés entre les { tied-count } ex æquo à { $points }
}{ $each ->
    [none] , comme suit :
   *[other] , { $each } chacun
}
prizes-pools = Prix partagés
prizes-pool-capped = limité au plus gros prix qu'il peut prendre
prizes-pool-order = Les centimes qui ne se divisent pas également vont un par un aux ex æquo dans l'ordre du classement.
prizes-paid = Total versé
prizes-fund = Dotation des prix
prizes-fund-unpaid = sur les { $fund } des prix (un prix n'est attribué à personne, ou attend un barrage)
tiebreak-legend = Départages, dans l'ordre :
crosstable-not-paired = : pas apparié à cette ronde ;
bracket-by-forfeit = décidé par forfait
