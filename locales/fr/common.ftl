# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

language-name = Français
language-switch = Langue
language-unknown = Le service ne parle pas cette langue.
decimal-mark = ,
round-title = Ronde { $number }
site-name = Tournois d'awalé
skip-to-content = Aller au contenu
nav-site = Site
nav-events = Compétitions
nav-my-board = Ma table
nav-accounts = Comptes
nav-audit = Journal
nav-venue = Salle
sign-out = Se déconnecter
sign-in = Se connecter
role = { $role ->
    [organiser] organisateur
   *[controller] arbitre
}
nav-staff-user = { $name } ({ role })
count-sections = { $count ->
    [one] { $count } tournoi
   *[other] { $count } tournois
}
count-players = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
count-rounds = { $count ->
    [one] { $count } ronde
   *[other] { $count } rondes
}
site-printed = Les adresses et codes imprimés utilisent
site-set = (l'adresse publique réglée avec
site-set-end = )
site-opened = , l'adresse à laquelle cette page a été ouverte
site-local-only = Seul cet ordinateur peut l'ouvrir : les téléphones qui scannent les codes ne trouveront rien. Ouvrez cette page à l'adresse qu'utilisent les joueurs (l'adresse de cet ordinateur sur le réseau de la salle), ou relancez le service avec
site-local-only-end = réglé sur elle.
date = { $day ->
    [1] 1er
   *[other] { $day }
} { $month } { $year }
time-of-day = { $hour } h { $minute }
datetime-utc = { $date } à { $time } UTC
month-1 = janvier
month-2 = février
month-3 = mars
month-4 = avril
month-5 = mai
month-6 = juin
month-7 = juillet
month-8 = août
month-9 = septembre
month-10 = octobre
month-11 = novembre
month-12 = décembre
month-short-1 = janv.
month-short-2 = févr.
month-short-3 = mars
month-short-4 = avr.
month-short-5 = mai
month-short-6 = juin
month-short-7 = juil.
month-short-8 = août
month-short-9 = sept.
month-short-10 = oct.
month-short-11 = nov.
month-short-12 = déc.
status-pending = en attente d'une feuille de partie
status-submitted = en attente de la confirmation de l'adversaire
status-confirmed = confirmé par les deux joueurs
status-disputed = les feuilles diffèrent : l'arbitre décide
status-final = fixé par l'arbitre
end-adjudication = adjugée à la fin du temps de la ronde
system-manual = appariée à la main
system-round-robin = toutes rondes
system-swiss = système suisse (néerlandais, FIDE)
system-knockout = élimination directe (simple)
system-double-elimination = élimination directe (double)
policy-fide = les départages dans l'ordre
policy-mso = la règle des Mind Sports Olympiad pour l'awalé (confrontation directe quand l'un a battu ou perdu contre tous les autres, puis Sonneborn-Berger ; l'écart de graines n'est pas appliqué)
policy-mso-spread = la règle générale des Mind Sports Olympiad avec l'écart de graines (confrontation directe quand l'un a battu ou perdu contre tous les autres, puis l'écart de graines moins la meilleure ronde, puis Sonneborn-Berger)
game-points = Points de partie
points-text = victoire { $win }, nulle { $draw }, défaite { $loss }, exempt { $bye }
match-one-game = une partie
match-games = { $count } parties
match-best-of = au meilleur des { $count } parties
match-start-alternate = les joueurs commencent à tour de rôle
match-start-winner = le vainqueur d'une partie commence la suivante
match-start-loser = le perdant d'une partie commence la suivante
match-tie-draw = un match à égalité est nul
match-tie-decider = un match à égalité va aux parties décisives
match-score-points = les points de match
match-score-games = les points de partie
match-score-seeds = les graines prises
match-words = { $games } ; { $start } ; { $tie } ; le classement compte { $score }
times-started = Commencée à { $start } ({ $zone })
times-started-end = Commencée à { $start }, fin prévue à { $end } ({ $zone })
times-planned = Début prévu à { $start } ({ $zone })
times-planned-end = Début prévu à { $start }, fin prévue à { $end } ({ $zone })
dates-range = { $start } – { $end }
thousands-mark = { "\u202F" }
money = { $amount }{ "\u00A0" }{ $currency }
list-and = { $rest } et { $last }
