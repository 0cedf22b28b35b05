# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

side-name = { $side ->
    [south] Sud
   *[north] Nord
}
sheet-move = coup { $number }, { side-name }
end-reason = { $reason ->
    [majority] un joueur a pris 25 graines ou plus
    [no-feed] un joueur affamé ne pouvait pas être nourri
    [repetition] une position s'est répétée
    [agreement] les joueurs ont convenu d'arrêter
    [resignation] un joueur a abandonné
    [time] un joueur a perdu au temps
    [grand-slam] un grand chelem a perdu la partie
    [forfeit] un joueur a laissé son adversaire sans graines alors qu'un coup pouvait le nourrir
   *[last-seeds] il restait peu de graines et le dernier à prendre les a ramassées
}
diag-winner = { $side ->
    [south] une victoire de Sud
    [north] une victoire de Nord
   *[draw] une partie nulle
}
diag-after-result-mark = « { $after } » suit la marque de résultat « { $mark } »
diag-after-end = la partie était déjà finie après le demi-coup { $ply } ({ $reason })
diag-not-a-move = « { $token } » n'est pas un coup en notation { $notation ->
    [letters] par lettres
    [relative] relative
   *[absolute] absolue
}
diag-not-your-pit = { $pit } n'est pas une case de { $side ->
    [south] Sud
   *[north] Nord
}, qui a le trait
diag-empty-pit = la case { $pit } est vide
diag-must-feed = le camp adverse est vide et { $pit } n'y sème pas, alors qu'un autre coup le nourrit
diag-endless = le semis depuis { $pit } ne finit jamais (plus de { $limit } graines semées)
diag-claim-seeds = une prise de { $seeds }
diag-claim-any = une prise
diag-captures = prend { $seeds }
diag-captures-slam = prendrait tout le camp adverse (un grand chelem), et ne prend donc rien
diag-captures-nothing = ne prend rien
diag-wrong-claim = la feuille annonce { $claim } mais { $pit } { $actual }
diag-end-mismatch = la feuille déclare { $declared ->
    [agreement] une fin d'un commun accord
    [resignation] un abandon
    [time] une perte au temps
   *[natural] une fin selon les règles
} mais la partie était déjà finie après le demi-coup { $ply } ({ $reason })
diag-no-agreement = les règles { $rules } ne connaissent pas de fin d'un commun accord
diag-not-over = les coups s'arrêtent avant la fin de la partie ; déclarez comment elle s'est terminée (d'un commun accord, par abandon ou au temps)
diag-wrong-seeds = la feuille déclare { $south }-{ $north } graines mais les coups donnent { $actual-south }-{ $actual-north } ({ $reason })
diag-wrong-result = la feuille déclare { $declared } mais les coups donnent { $actual } ({ $south }-{ $north }, { $reason })
edit-replace = { $at } : { $now } au lieu de { $was }
edit-swap = { $first } et { $second } intervertis : { $now } au lieu de { $was }
edit-swap-own = les coups { $first } et { $second } de { $side ->
    [south] Sud
   *[north] Nord
} intervertis : { $now } au lieu de { $was }
edit-seeds = les coups sont justes, mais les graines sont inversées : { $now } au lieu de { $was }
edit-delete = { $at } ({ $was }) écrit une fois de trop : retiré
edit-insert = un coup manque avant le { $at } : { $now }
diagnostic = { $at } (« { $token } ») : { $detail }
