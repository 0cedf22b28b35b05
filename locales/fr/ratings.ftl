# Le classement d'awalé : la page du registre (les organisateurs du hub), le classement et la page d'une personne.

register-title = Le registre des joueurs
register-intro = Une seule personne d'une compétition à l'autre : chacune a un numéro qui ne change jamais. Les joueurs dont les parties sont classées sont reliés ici à leur personne, ou sur place par leur numéro au registre.
register-imported = { $count ->
    [one] Une personne du registre importée.
   *[other] { $count } personnes du registre importées.
  }
register-download = Télécharger le registre (pour l'importer sur place)
register-waiting = Joueurs à relier
register-none-waiting = Chaque joueur des tournois publiés ici est relié à une personne.
register-waiting-hint = Ces joueurs sont arrivés sans numéro au registre. Choisissez qui est chacun ; une suggestion n'est reliée qu'une fois confirmée.
register-player = Joueur
register-who = Qui c'est
register-person-of = Personne pour { $name }
register-nobody-yet = Personne encore (l'ajouter d'abord ci-dessous)
register-confirm = Confirmer
register-why-id = le numéro donné
register-why-licence = même licence
register-why-name-and-birth-year = même nom et même année de naissance
register-why-name = même nom
register-why-name-with-typo = nom presque identique
register-why-name-other-birth-year = même nom, autre année de naissance
register-add = Ajouter une personne
register-add-button = Ajouter au registre
register-licence = Numéro de licence
register-merge = Fusionner deux personnes
register-merge-hint = Quand deux numéros sont la même personne, les parties du second comptent désormais pour le premier. Les séparer rend à chacun son propre historique.
register-keep = Numéro gardé
register-gone = Numéro fusionné avec lui
register-merge-button = Fusionner
register-import = Importer le registre d'un hub
register-import-hint = Sur place, avant la compétition : le fichier du registre téléchargé sur le hub, pour que les joueurs soient reliés par leur numéro dès leur inscription.
register-file = Fichier du registre (CSV)
register-import-button = Importer
register-rated = Tournois classés
register-rated-hint = Les parties jouées d'un tournoi classé comptent pour le classement (avant ou après qu'il soit joué).
register-rated-column = Classement
register-is-rated = Classé.
register-rate = Le classer
register-unrate = Ne plus le classer
register-rate-label = Le classer : { $name }
register-unrate-label = Ne plus le classer : { $name }
register-persons = Personnes
register-number = Numéro
register-merged = Fusion
register-merged-into = avec { $id }
register-split = Séparer
register-split-label = Séparer : { $name }
register-number-is = Numéro au registre { $id }

ratings-title = Classement d'awalé
ratings-intro = Classement Glicko-2 des parties jouées des tournois classés, chaque résultat rejoué depuis ses coups. Un classement est provisoire tant que son écart dépasse 110.
ratings-list-of = La liste du { $list } compte les parties jouées jusqu'en { $month } inclus.
ratings-to-come = { $count ->
    [one] Une de ses parties classées attend la fin de son mois.
   *[other] { $count } de ses parties classées attendent la fin de leur mois.
  } { $rule }
ratings-event-link = Cotes
ratings-event-to-come = { $rule } D'ici là, les variations ci-dessous sont celles que ces parties apporteront.
ratings-event-counted = Ces parties ont compté dans la liste du { $list }.
ratings-counts-for = Compte pour
ratings-all = Tous
ratings-category = Catégorie
ratings-women = Femmes
ratings-men = Hommes
ratings-juniors = Juniors (moins de 20 ans)
ratings-seniors = Seniors (50 ans et plus)
ratings-established-only = Classements établis seulement
ratings-show = Afficher
ratings-empty = Personne au classement pour l'instant.
ratings-rank = Rang
ratings-rating = Classement
ratings-rd = Écart
ratings-games = Parties
ratings-provisional = provisoire
ratings-files = Les fichiers
ratings-files-hint = Tout le classement en fichiers simples : chacun peut recalculer list.csv et history.csv à partir de games.csv avec la commande « oware-tournament ratings games.csv DOSSIER ».
ratings-merged-into = Ce numéro a été fusionné avec { $name }.
ratings-see = Voir sa page
ratings-also-entered-as = Autres inscriptions :
ratings-rating-now = Classement { $rating }
ratings-rd-now = écart { $rd }
ratings-games-count = { $count ->
    [one] une partie classée
   *[other] { $count } parties classées
  }
ratings-plot = Classement après chaque mois joué
ratings-history = Classement après chaque mois joué
ratings-period = Mois
ratings-no-games = Aucune partie classée pour l'instant.
ratings-events = Compétitions
ratings-games-title = Parties classées
ratings-date = Date
ratings-opponent = Adversaire
ratings-side = Camp
ratings-score = Score
ratings-replay = Revoir
ratings-event-title = Classement : { $name }
ratings-event-standings = Classement du tournoi
ratings-event-none = Ce tournoi n'est pas classé, ou aucune de ses parties classées n'oppose encore deux personnes du registre.
ratings-event-hint = Le classement de chaque joueur au début de la compétition, le score que ses parties classées ici devaient lui rapporter, celui qu'elles lui ont rapporté, et ce qu'elles changent à son classement.
ratings-event-caption = Classements de la compétition
ratings-expected = Attendu
ratings-change = Variation
register-ratings-hint = Les joueurs inscrits avec leur numéro au registre peuvent reprendre leur classement de la liste, pour que le tirage et les numéros d'appariement en découlent.
register-ratings-take = Reprendre les classements du registre
register-month = { $month } { $year }
register-brief = n° { $id } { $name }
register-brief-details = n° { $id } { $name } ({ $details })
register-done-added = Ajouté au registre : { $person }.
register-done-merged = { $gone } est fusionné avec { $keep } : ses parties comptent désormais pour { $keep }.
register-undo-merge = Annuler : les séparer de nouveau
register-done-split = { $person } est séparé de nouveau : ses parties ne comptent que pour lui ou elle.
register-done-linked = { $player } est relié à { $person }.
register-done-rated = { $tournament } compte pour la cote.
register-counts-in = Les parties jouées en { $month } comptent dans la liste du { $list }.
register-done-unrated = { $tournament } ne compte plus pour la cote : ses parties quittent la liste à son prochain calcul.
register-waiting-count = { $count ->
    [one] Un joueur attend
   *[other] { $count } joueurs attendent
} (page { $page } sur { $pages }).
register-event-section = { $event } : { $section }
register-found-for = Trouvé pour « { $typed } »
register-or-number = ou un numéro au registre
register-add-new = Ajouter { $name } comme nouvelle personne
register-search = Chercher au registre
register-find = Chercher
register-previous = Page précédente
register-next = Page suivante
register-duplicates = Peut-être une même personne inscrite deux fois
register-duplicates-hint = Ces personnes ont le même nom, écrit de la même façon, et aucune année de naissance ne les distingue. Examinez chaque paire : ne les fusionnez que s'il s'agit d'une seule personne.
register-merge-these = Fusionner le n° { $gone } avec le n° { $keep }…
register-month-rule = La liste est calculée mois par mois : les parties d'un mois comptent une fois le mois fini, dans la liste du premier du mois suivant.
register-persons-search = Un nom ou un numéro
register-persons-count = { $count ->
    [one] Une personne
   *[other] { $count } personnes
} (page { $page } sur { $pages }).
register-games = Parties classées
register-merge-title = Fusionner deux personnes du registre
register-merge-question = Fusionner { $gone } avec { $keep } ?
register-merge-explain = Les parties du n° { $gone } compteront désormais pour le n° { $keep }. Le n° { $gone } garde son numéro, et « Séparer » rend à chacun son propre historique.
register-merge-yes = Oui, fusionner le n° { $gone } avec le n° { $keep }
register-merge-cancel = Non, retour au registre
