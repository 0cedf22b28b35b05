# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

game-round = ronde { $number }
game-board = , table { $board }
notice = Annonce
game-round-times = Ronde { $number } : { $times }.
game-south-first = (Sud, joue en premier)
game-north-mark = (Nord)
game-no-result = Pas encore de résultat
game-verified = vérifié en rejouant la partie
game-ruled = fixé par l'arbitre
game-todo = Que faire maintenant
game-opponent-sheet = La feuille de votre adversaire
seeds = Graines
ended = Fin
moves = Coups
none-given = aucun
game-confirm-hint = Si c'est bien ce qui s'est passé à la table, confirmez-le, comme vous parapheriez une feuille papier. Sinon, envoyez votre propre feuille ci-dessous.
game-confirm = Confirmer ce résultat
game-your-sheet = Votre feuille de partie
game-not-accepted = La feuille n'a pas été acceptée.
game-at-token = Au { $at } (« { $token } ») :
game-at = Au { $at } :
game-board-after-last = Le plateau après le dernier coup :
game-board-before = Le plateau avant ce coup :
game-did-you-mean = Vouliez-vous dire…
game-suggestions-hint = Chacune de ces listes diffère de votre feuille par une seule erreur (un coup, deux coups intervertis, ou les graines) et, rejouée, donne le résultat que vous avez déclaré. Comparez-la à votre feuille papier : « Utiliser cette liste » la place dans le formulaire ci-dessous pour l'envoyer (sans JavaScript, elle est envoyée aussitôt).
game-use-list = Utiliser cette liste
game-choose-result = — choisir (ou laisser au fichier OGN) —
game-south-won = { $name } (Sud) gagne
game-north-won = { $name } (Nord) gagne
draw-option = Nulle
game-seeds-of-south = Graines de Sud ({ $name })
game-seeds-of-north = Graines de Nord ({ $name })
game-how-ended = Comment la partie s'est terminée
end-natural = selon les règles (fin naturelle)
end-agreement = d'un commun accord
end-resignation = par abandon
end-time = au temps
game-ogn-file = ou un fichier OGN
game-ogn-hint = Avec un fichier OGN, le résultat, les graines et la fin de partie peuvent rester vides : les étiquettes du fichier les donnent, et la partie rejouée les vérifie.
game-send = Envoyer la feuille
game-typed = Ce que vous avez saisi
game-typed-hint = La feuille n'a pas été envoyée. Copiez les coups pour les envoyer une fois la connexion revenue.
game-not-yours = Ce n'est pas votre partie.
game-yours-is = Votre partie de la ronde { $number } est à la
game-board-n = table { $board }
game-yours-there = : envoyez ou confirmez votre feuille là-bas.
game-you-bye = Pas de partie pour vous à la ronde { $number } : c'est une exemption.
game-you-none = Vous n'avez pas de partie à la ronde { $number }.
game-players-sign-in = Joueurs : connectez-vous avec votre code PIN
game-players-sign-in-end = pour envoyer ou confirmer la feuille de partie.
game-replay-of = La partie rejouée selon la feuille envoyée par { $name }
game-replay = La partie rejouée
game-replay-hint = Pas encore un résultat : ce sont les coups de la dernière feuille envoyée, rejoués. Ils comptent une fois la feuille confirmée.
previous = précédent
next = suivant
game-step = Parcourir la partie
show = Afficher
start = début
game-download-ogn = Télécharger en OGN
game-sheets-sent = Feuilles de partie envoyées
sheet = Feuille
name-south = { $name } (Sud)
name-north = { $name } (Nord)
sent-utc = Envoyée (UTC)
replays = Se rejoue
yes = oui
no = non
settle = Trancher
reason-staff = Motif (vu des seuls arbitres)
game-accept-sheet = Accepter cette feuille
game-differ = Les dernières feuilles des joueurs diffèrent d'abord au { $at } :
game-differ-south = la feuille de Sud porte
no-more-moves = plus aucun coup
game-differ-north = celle de Nord porte
game-adjudicate-link = Adjuger : le temps de la ronde est écoulé
game-set-result-heading = Fixer le résultat (arbitre)
game-what-happened = Ce qui s'est passé
game-played = la partie a été jouée
game-forfeit-south = Sud absent (Nord gagne par forfait)
game-forfeit-north = Nord absent (Sud gagne par forfait)
game-double-forfeit = double forfait
winner = Vainqueur
draw = nulle
seeds-south = Graines de Sud
seeds-north = Graines de Nord
game-moves-if-known = Coups, s'ils sont connus (vérifiés en rejouant la partie contre le résultat)
reason-audit = Motif (vu des seuls arbitres, gardé au journal)
game-set-result = Fixer le résultat
game-send-back-heading = Renvoyer (arbitre)
game-send-back-hint = La partie attend de nouveau des feuilles (pour être rejouée, ou après une feuille saisie sur la mauvaise table). Les feuilles envoyées restent enregistrées.
game-send-back = Remettre la partie en attente de feuilles
adjudicate-title = Adjuger — { $name }
adjudicate-heading = Adjuger : { $name }
south-mark = (Sud)
adjudicate-hint = Le temps de la ronde s'est écoulé avant la fin de la partie. Saisissez la position du plateau : chaque joueur compte les graines qu'il a prises plus les graines de son propre camp ; le plus haut total gagne, l'égalité fait nulle. Le service montre le résultat avant que vous le confirmiez.
adjudicate-board = Le plateau : le camp de Nord en haut (de f à a), celui de Sud en bas (de A à F), les prises de chacun aux extrémités
adjudicate-north-row = Camp de Nord ({ $name }), de f à a vu depuis Sud
adjudicate-south-row = Camp de Sud ({ $name }), de A à F
captured-south = Prises de Sud
captured-north = Prises de Nord
adjudicate-gives = La position donne :
adjudicate-confirm = Confirmer : en faire le résultat
adjudicate-check-again = Vérifier de nouveau la position
adjudicate-show = Afficher le résultat qu'elle donne
game-moves-label = Coups (lettres A–F et a–f, ou chiffres ; les numéros de coup et les {"{"}commentaires{"}"} sont admis)
count-moves = { $count ->
    [one] { $count } coup
   *[other] { $count } coups
}
step-send = Envoyez votre feuille de partie : le résultat, les graines prises par chacun, la fin de la partie et les coups, dans le formulaire ci-dessous.
step-wait = Rien pour l'instant : votre feuille attend la confirmation de votre adversaire. En cas d'erreur, envoyez une feuille corrigée ci-dessous.
step-confirm = Votre adversaire a envoyé sa feuille. Lisez-la ci-dessous : confirmez-la si elle est juste, ou envoyez votre propre feuille sinon.
step-disputed = Votre feuille et celle de votre adversaire diffèrent : l'arbitre décidera à partir des deux feuilles. Si la vôtre a une erreur, dites-le à l'arbitre.
step-settled = Rien : le résultat de cette partie est acquis.
sheet-unchanged = Vous aviez déjà envoyé cette feuille : rien n'a changé.
sheet-recorded-waiting = Votre feuille est enregistrée ; elle compte dès que votre adversaire la confirme.
sheet-confirmed = Le résultat est confirmé.
sheet-differs = Votre feuille diffère de celle de votre adversaire : l'arbitre décidera.
sheet-recorded = Votre feuille est enregistrée.
sheet-page-out-of-date = Cette page n'était plus à jour (une nouvelle connexion a eu lieu depuis son ouverture), la feuille n'a donc pas été envoyée. La voici telle qu'elle a été saisie : vérifiez-la et envoyez-la de nouveau.
outcome-south-won = 1-0
outcome-north-won = 0-1
outcome-draw = ½-½
outcome-with-seeds = { $score } ({ $south }-{ $north })
outcome-unknown = {"?"}
outcome-forfeit-south = Nord gagne par forfait
outcome-forfeit-north = Sud gagne par forfait
outcome-double-forfeit = double forfait
outcome-bye = exempt
outcome-on-time = { $result }, au temps
outcome-adjudicated = { $result }, partie adjugée
outcome-by-resignation = { $result }, par abandon
match-game-of = partie { $number } sur { $games }
match-deciding-game = partie décisive { $number }
match-score-decided = match { $first }-{ $second }, décidé
match-score-so-far = match { $first }-{ $second } pour l'instant

# Une position adjugée et le résultat qu'elle donne ; le motif inscrit avec le résultat.
# review
adjudication-position = A–F { $south_pits }, a–f { $north_pits }, prises { $south_captured } et { $north_captured }
# review
adjudication-proposal = { $south } { $south_score } ({ $south_captured } prises et { $south_row } dans son camp), { $north } { $north_score } ({ $north_captured } et { $north_row }) : { $outcome }.
adjudication-wins = { $name } gagne
adjudication-draw = partie nulle
adjudication-reason = adjugée à la fin du temps de la ronde : { $position } ; { $proposal }

# Une partie d'un match : la formule du match et son score jusqu'ici.
game-match-note = Cette table joue un match : { $format }. { $south } { $south_points }, { $north } { $north_points } jusqu'ici.
game-match-note-decided = Cette table joue un match : { $format }. { $south } { $south_points }, { $north } { $north_points } : le match est joué.
board-name-north = ▲ { $name } (Nord)
board-name-south = { $name } (Sud) ▼
board-described = Le plateau. { $south } (Sud), cases A à F : { $south_pits } ; grenier { $south_store }. { $north } (Nord), cases a à f : { $north_pits } ; grenier { $north_store }. Au tour de { $mover }.
board-described-no-mover = Le plateau. { $south } (Sud), cases A à F : { $south_pits } ; grenier { $south_store }. { $north } (Nord), cases a à f : { $north_pits } ; grenier { $north_store }.
game-same-game = Le fichier est bien celui de cette partie (l'envoyer quand même)
exact-changed-rules = le tournoi modifie une option de ses règles, et les tables de finales ne connaissent que les règles telles quelles
exact-no-table = le service n'a pas de table de finales pour { $rules }
exact-damaged-table = la table de finales de { $rules } est endommagée sur le disque pour les plateaux de { $seeds } graines (sa somme de contrôle ne correspond pas) ; il faut la reconstruire
exact-too-many-seeds = le plateau compte { $seeds } graines et les tables de finales s'arrêtent à { $most }
exact-majority-first = un grenier pourrait atteindre 25 avant qu'un grand chelem décide la partie, ce que les tables ne suivent pas
exact-undecided = le meilleur jeu des deux donne à Sud entre { $low } et { $high } graines, selon le jeu qui tourne sans prise : les tables ne décident pas du vainqueur
exact-undecided-outright = les bornes des tables ne décident pas du vainqueur (le jeu peut tourner sans prise)
exact-no-line = les tables décident du vainqueur, mais aucune ligne de meilleur jeu n'atteint la fin de la partie pour en donner les graines
exact-needs-moves = le jeu peut revenir à cette position sans prise, donc les coups joués avant elle peuvent changer sa valeur : donnez les coups joués, d'après une feuille de partie, pour que les tables en tiennent compte
exact-too-many-lines = les lignes de jeu depuis cette position sont trop nombreuses pour savoir si le jeu peut y revenir sans prise : donnez les coups joués, d'après une feuille de partie, pour que les tables en tiennent compte
adjudication-moves-refused = les coups donnés sont refusés au coup { $at } : { $detail }
adjudication-moves-elsewhere = les coups donnés mènent à une autre position : { $position }
adjudicate-moves = Les coups joués jusqu'ici, d'après une feuille de partie (facultatif)
adjudicate-moves-hint = Avec eux, les tables de finales tiennent compte des coups depuis la dernière prise : une ligne qui revient à une position jouée depuis finit la partie par répétition. Les coups doivent mener à la position saisie.
adjudication-to-move-needed = indiquez qui a le trait : la valeur exacte d'une position en dépend
adjudication-exact-proposal = { $side } au trait ; le meilleur jeu des deux donne { $south } { $south_score } et { $north } { $north_score } : { $outcome } (tables de finales ; une meilleure ligne : { $line }).
adjudication-exact-range = { $side } au trait ; le meilleur jeu des deux donne à { $south } entre { $low } et { $high } graines, selon le jeu qui tourne sans prise : { $outcome } dans tous les cas, marqué { $south_score }–{ $north_score }, les graines dont le vainqueur est sûr (tables de finales ; une meilleure ligne : { $line }).
adjudication-rows-because = D'après les camps : { $why }. { $proposal }
adjudication-line-empty = la partie est finie dans cette position
adjudicate-to-move = Qui a le trait (la valeur exacte d'une position en dépend)
adjudicate-slip = Adjudication : { $name }
adjudicate-line = Une meilleure ligne depuis la position, case par case :
adjudicate-initials = Paraphes : Sud ________  Nord ________  Arbitre ________
adjudicate-print = Imprimer la fiche pour les deux joueurs
adjudicated-title = La position adjugée
adjudicated-on = adjugée le { $time }
adjudicated-to-move = { $name } ({ $side }) avait le trait.
adjudicated-to-move-unknown = Le trait n'a pas été indiqué.
adjudicated-by-rows = D'après les camps
adjudicated-by-tables = D'après les tables de finales
adjudicated-no-tables = rien : { $why }
adjudicated-line = Une meilleure ligne, numérotée comme sur la feuille de partie
adjudicated-print = Imprimer la fiche d'adjudication
adjudicate-exact-hint = Quand le tournoi adjuge exactement, les tables de finales donnent le résultat auquel mène le meilleur jeu des deux joueurs depuis la position, si elles couvrent un plateau d'autant de graines et décident du vainqueur ; sinon les camps décident, et la page dit pourquoi.
game-lost-title = Où la partie s'est perdue
game-seeds-title = Où des graines ont été cédées
game-lost-hint = Depuis la première position que couvrent les tables de finales, voici les coups après lesquels leur joueur ne pouvait plus être sûr de ce qui lui était acquis avant, chacun avec le coup que les tables préféraient.
lost-mark = { $at } ({ $played }) { $change } ; les tables préféraient { $best }
lost-drops-the-win = a laissé échapper la victoire (au mieux la nulle ensuite)
lost-drops-the-win-seeds = a laissé échapper la victoire (au mieux la nulle ensuite) et { $seeds } { $seeds ->
    [one] graine
   *[other] graines
  }
lost-throws-away-the-win = a perdu une partie gagnée
lost-throws-away-the-win-seeds = a perdu une partie gagnée, en cédant { $seeds } { $seeds ->
    [one] graine
   *[other] graines
  }
lost-drops-the-draw = a perdu une partie nulle
lost-drops-the-draw-seeds = a perdu une partie nulle, en cédant { $seeds } { $seeds ->
    [one] graine
   *[other] graines
  }
lost-gives-seeds = a cédé des graines
lost-gives-seeds-seeds = a cédé { $seeds } { $seeds ->
    [one] graine
   *[other] graines
  }
