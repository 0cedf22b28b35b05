# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

rounds-title = Rondes — { $tournament }
rounds-heading-end = : rondes
rounds-none = Aucune ronde n'est encore publiée.
rounds-not-published = (non publiée)
rounds-generate = Générer les appariements ({ $system })
rounds-by-hand = Saisir les appariements à la main
rounds-knockout-over = L'élimination directe est terminée : le vainqueur du tableau des gagnants a remporté la grande finale sans perdre de match, son second match ne se joue donc pas.
rounds-standings-final = Le classement est définitif.
rounds-all-paired = Les { $count } rondes sont appariées et publiées : une fois leurs résultats connus, le classement est définitif.
rounds-publish-first = Publiez la ronde { $number } avant d'apparier la suivante ; { $count } rondes en tout.
print-pairings-title = { $tournament } — appariements de la ronde { $number }
print-pairings = Imprimer les appariements
back-to-round = Retour à la ronde { $number }
print-by-board = { $tournament } : ronde { $number }, appariements par table
printed = Imprimé le
board = Table
south-moves-first = Sud (joue en premier)
north = Nord
result = Résultat
bye = exempt
not-paired-asked = Non appariés à cette ronde :
print-by-name = { $tournament } : ronde { $number }, appariements par nom
points = Points
side = Camp
opponent = Adversaire
roll-call-title = Pointage — { $tournament }
roll-call-heading-end = : pointage
roll-call-before = Avant la ronde { $number }.
roll-call-required = Le tournoi n'apparie cette ronde qu'après un pointage.
roll-call-optional = Le tournoi n'en demande pas avant cette ronde ; faites-en un si vous le souhaitez.
roll-call-how = Tant qu'il est ouvert, les joueurs pointent en se connectant avec leur code PIN (le code QR de leur fiche), et vous marquez les autres présents ou absents.
roll-call-open = Ouvrir le pointage avant la ronde { $number }
roll-call-is-open = Ouvert, avant la ronde { $number }
roll-call-counts = : { $present } présents, { $absent } non. Les joueurs pointent en se connectant avec leur code PIN (le code QR de leur fiche).
roll-call-since = Voir qui a pointé depuis
roll-call-answer = Réponse
roll-call-mark = Marquer
roll-call-present-label = { $name } : présent
roll-call-present = Présent
roll-call-absent-label = { $name } : absent
roll-call-absent = Absent
roll-call-close = Clore le pointage
roll-call-everyone = Tout le monde est présent.
roll-call-byes-hint = Quiconque n'est pas présent est absent à la clôture : choisissez pour chacun un bye de zéro point à la ronde { $number } (il rejoue à partir de la ronde { $next }) ou le retrait. Ni l'un ni l'autre n'est apparié à la ronde { $number }.
roll-call-zero-bye = bye de zéro point à la ronde { $number }
roll-call-withdraw = retrait du tournoi
roll-call-no-byes = Les tables d'un toutes rondes ou d'une élimination directe n'ont pas de bye : quiconque n'est pas présent est retiré à la clôture
roll-call-closed = Clos, avant la ronde { $number }
roll-call-closed-count = : { $present } présents.
roll-call-pair = Apparier la ronde { $number }
roll-call-closed-end = : les absents n'y sont pas appariés ; un retardataire joue à partir de la ronde suivante.
roll-call-absent-heading = Absents
roll-call-all-paired = Toutes les rondes sont appariées : il n'y a pas de pointage à faire.
schedule-title = Horaire — pendule de la ronde
schedule-heading = Cadence et horaire
nothing-changed = Rien n'a été modifié : { $problems }
schedule-no-control = Pas encore de cadence.
schedule-control = Cadence : { $words }.
schedule-round-length = Une ronde dispose de { $minutes } minutes : sa fin prévue vient ce temps-là après son début.
schedule-zone = Les heures sont celles de la salle ({ $zone }).
schedule-control-legend = Cadence
schedule-game-minutes = Minutes par joueur pour la partie
schedule-increment = Secondes ajoutées après chaque coup
schedule-move-seconds = Secondes au plus pour un coup
schedule-round-minutes = Minutes accordées à une ronde (vide : les deux pendules s'écoulent, avec les incréments de 60 coups chacun)
schedule-offset = L'heure de la salle est UTC plus (minutes ; 60 pour UTC+1, 0 au Ghana)
round = Ronde
schedule-planned = Début prévu (heure de la salle)
schedule-started = Commencée
schedule-save = Enregistrer l'horaire
sheets-title-continuation = { $tournament } — feuilles de suite de la ronde { $number }
sheets-title = { $tournament } — feuilles de partie de la ronde { $number }
sheets-continuation-heading = Feuilles de suite, ronde { $number } : coups { $from } à { $to }
sheets-continuation-intro = Pour une partie qui dépasse le coup { $before } : une page par table, numérotée à la suite de la feuille précédente. Agrafez-la à cette feuille ; les deux joueurs paraphent les deux.
sheets-heading = Feuilles de partie, ronde { $number }
sheets-intro = Une page par table : les joueurs notent les coups, le résultat et les graines, et paraphent tous deux la feuille. Le code de chaque feuille ouvre la page de la partie, d'où les joueurs envoient la feuille depuis leur téléphone. Une feuille tient 80 coups ; environ une partie sur dix demande une feuille de suite.
sheets-print-continuation = Imprimer les feuilles de suite
sheets-print = Imprimer les feuilles de partie
sheets-continuation-link = Feuilles de suite (coups { $from } à { $to })
sheets-first = Les premières feuilles (coups 1 à 80)
sheets-no-boards = Cette ronde n'a pas de table.
sheets-continuation-of = Feuille de suite de la table
sheets-sheet-of = Feuille de partie de la table
sheets-continued = Feuille de suite { $part } : coups { $from } à { $to }
sheets-round-board = Ronde { $number }, table
colon =  :
move = Coup
south = Sud
sheets-more-moves = Plus de { $last } coups ? Continuez sur une feuille de suite (coups { $from } à { $to }).
sheets-result-box = Résultat (entourer)
sheets-result-choices = Sud gagne · Nord gagne · nulle
sheets-seeds-south = Graines prises par Sud
sheets-seeds-north = Graines prises par Nord
sheets-end-box = Fin de la partie (entourer)
sheets-end-choices = selon les règles · d'un commun accord · abandon · au temps
sheets-initials-south = Paraphe de Sud
sheets-initials-north = Paraphe de Nord
round-page-title = Ronde { $number } — { $tournament }
round-heading-end = : ronde { $number }
round-published = Publiée.
round-not-published = Non publiée
round-staff-only = : seuls les arbitres du tournoi la voient.
round-corrected = Rectifiée le { $at }.
round-print-link = Appariements à imprimer (par table et par nom)
round-sheets-link = Feuilles de partie à imprimer
live-dashboard = Tableau de bord en direct
all-rounds = Toutes les rondes
round-start = Commencer la ronde { $number } : les pendules démarrent maintenant
round-results = Résultats de la ronde { $number }
board-link = table
round-all-counted = Chaque partie des rondes publiées a un résultat qui compte.
status = État
game-link = partie
round-correct = Corriger les appariements
round-correct-hint = Les tables sans résultat peuvent être réappariées, échangées ou retirées, et un retardataire ajouté à une table ou déclaré exempt. Une table avec un résultat ou une feuille en attente reste telle quelle : remettez d'abord sa partie à zéro.
round-change = Modifier les appariements
round-row-board = Numéro de table, ligne { $row }
round-row-south = Sud (joue en premier), ligne { $row }
round-row-north = Nord, ligne { $row }
round-byes = Exempts :
round-bye-n = Exempt { $n }
round-save = Enregistrer les appariements
round-generate-again = Générer de nouveau
round-publish-summary = Publier la ronde { $number }…
round-publish-warning = Tout le monde verra ces appariements à l'instant, et les joueurs pourront envoyer leurs feuilles.
round-publish-yes = Oui, publier la ronde { $number }
round-delete-summary = Supprimer cette ronde…
round-delete-warning = Ses appariements sont abandonnés ; elle pourra être appariée de nouveau.
round-delete-yes = Oui, supprimer la ronde { $number }
round-open-games = { $count ->
    [one] { $count } partie des rondes publiées n'a pas encore de résultat qui compte.
   *[other] { $count } parties des rondes publiées n'ont pas encore de résultat qui compte.
}
print-not-paired = non apparié : { $label }
qr-board = Code QR : la page de la table { $board }
qr-sign-in = Code QR : page de connexion du tournoi { $name }
semicolon =  ;
roll-answer-checked-in = présent (pointé à { $at })
roll-answer-marked-present = présent (marqué à { $at })
roll-answer-absent = absent (marqué à { $at })
roll-answer-none = pas encore

# Une cadence, dans la phrase du programme.
clock-game = { $minutes ->
    [one] { $minutes } minute par joueur
   *[other] { $minutes } minutes par joueur
}
clock-game-increment = { $minutes ->
    [one] { $minutes } minute par joueur
   *[other] { $minutes } minutes par joueur
}, plus { $seconds ->
    [one] { $seconds } seconde par coup
   *[other] { $seconds } secondes par coup
}
clock-move = au plus { $seconds ->
    [one] { $seconds } seconde
   *[other] { $seconds } secondes
} par coup
