# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

dashboard-title = { $tournament } : tableau de bord en direct
dashboard-updates = Cette page se met à jour d'elle-même à l'arrivée des feuilles.
my-board-title = { $tournament } : ma table maintenant
my-board-updates = Cette page se met à jour d'elle-même : gardez-la ouverte pendant la ronde.
live-title = { $tournament } — en direct
live-round-mark = : ronde { $number }
live-by-board = Ronde { $number } par table
playing = en cours
live-find-board = Trouvez votre table
live-no-round = Aucune ronde n'a encore été publiée.
live-standings-after = Classement après la ronde { $number }
live-final-only = Seuls les résultats définitifs comptent au classement.
live-updated = Mis à jour { $at }.
dashboard-round = Ronde { $number } : tableau de bord en direct
dashboard-no-round = Aucune ronde n'est encore publiée. Une fois publiée, ses tables s'affichent ici à l'arrivée des feuilles.
dashboard-nothing = Rien ne vous attend pour l'instant.
dashboard-caption = Les parties de la ronde par table
dashboard-state = État
dashboard-refused = { $count ->
    [one] { $count } refusée
   *[other] { $count } refusées
}
dashboard-bye = Exempt :
my-roll-call-open = Le pointage avant la ronde { $number } est ouvert : dites à l'arbitre que vous êtes là, ou reconnectez-vous avec votre code PIN.
my-withdrawn = Votre participation à ce tournoi est retirée : voyez l'arbitre si ce ne devrait pas être le cas.
my-board-yours = Votre table
my-play-south = Vous jouez Sud contre { $opponent } : vous commencez.
my-play-north = Vous jouez Nord contre { $opponent } : { $opponent } commence.
my-match = C'est { $label }.
my-match-plan = Le match
my-match-plan-south = partie { $number } : vous jouez Sud et commencez
my-match-plan-north = partie { $number } : vous jouez Nord
my-match-plan-separator = { " ; " }
my-read-confirm = Lire et confirmer la feuille
my-send-sheet = Envoyer la feuille de partie
my-game-page = La page de la partie
my-bye-result = Pas de partie pour vous cette ronde, c'est une exemption : { $result }.
my-bye = Pas de partie pour vous cette ronde : c'est une exemption.
my-asked-bye = Vous avez demandé un bye pour cette ronde ({ $label }).
my-not-paired = Aucun appariement pour vous à cette ronde : voyez l'arbitre si c'est une erreur.
my-not-published = Les appariements ne sont pas encore publiés : votre table s'affiche ici dès qu'ils le sont.
the-tournament = Le tournoi
my-state-for-you = La feuille de votre adversaire vous attend : lisez-la, puis confirmez-la ou envoyez la vôtre.
my-state-for-opponent = Votre feuille attend la confirmation de votre adversaire.
my-state-playing = Partie en cours : envoyez votre feuille à la fin de la partie.
my-state-disputed = Les deux feuilles diffèrent : l'arbitre décide.
my-state-confirmed = Résultat confirmé.
my-state-final = Résultat fixé par l'arbitre.
my-state-submitted = Une feuille attend la confirmation de l'autre joueur.
alert-board-match-game = Table { $board }, { $game }
alert-board-game = La partie de la table { $board }
alert-disputed = Table { $board } : les feuilles des deux joueurs diffèrent. Décidez du résultat.
alert-refused = Table { $board } : { $times } feuilles refusées, la dernière pour ce motif : { $why }. Les joueurs ont peut-être besoin d'aide pour la liste des coups.
alert-overdue = { $count ->
    [one] La fin prévue de la ronde est passée, une partie est encore sans résultat : adjugez-la ou attendez les feuilles.
   *[other] La fin prévue de la ronde est passée, { $count } parties sont encore sans résultat : adjugez-les ou attendez les feuilles.
}
alert-hub = Publication : { $problem }. Le site central garde ce qu'il avait jusqu'à un envoi qu'il accepte.
alert-publishing = Publication
alert-all-in-pair = Tous les résultats de la ronde { $round } sont là : appariez la ronde { $next }.
alert-all-in-publish = Tous les résultats de la ronde { $round } sont là. La ronde { $next } est appariée : publiez-la.
alert-all-in-over = Tous les résultats de la ronde { $round }, la dernière, sont là.
alert-final-standings = Classement final
state-pending = en cours
state-submitted = feuille reçue
state-confirmed = confirmée
state-disputed = contestée
state-final = définitive
live-leaders =  : les premiers
live-game = Partie
live-standings-during = Classement pendant la ronde { $number } (ses résultats jusqu'ici)
state-count = { $count } { $state ->
    [pending] en cours
    [submitted] { $count ->
        [one] feuille reçue
       *[other] feuilles reçues
    }
    [confirmed] { $count ->
        [one] confirmée
       *[other] confirmées
    }
    [disputed] { $count ->
        [one] contestée
       *[other] contestées
    }
   *[final] { $count ->
        [one] définitive
       *[other] définitives
    }
}
alert-overdue-more = et { $count } de plus : les tables ci-dessous
