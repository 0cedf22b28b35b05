# Les cotes d'awalé : la page du registre (les organisateurs du site central), la liste des cotes et la page d'une personne.

register-title = Le registre des joueurs
register-intro = Une seule personne d'une compétition à l'autre : chacune a un numéro qui ne change jamais. Les joueurs dont les parties sont cotées sont reliés ici à leur personne, ou sur place par leur numéro au registre.
register-copy-imported = Ceci est une copie du registre du site central, importée le { $date } ({ $count ->
    [one] une personne
   *[other] { $count } personnes
  }). Importez de nouveau le registre du site central pour une copie plus récente.
register-copy-not-imported = Ce service publie sur un site central, et le registre est celui du site central. Importez son registre pour retrouver les joueurs par leur numéro dès leur inscription.
register-copy-numbers = Le site central donne les numéros, fusionne les personnes et décide des compétitions cotées. Inscrivez une nouvelle personne comme joueur sans numéro : le responsable des cotes au site central lui en donnera un quand la compétition y parviendra.
register-imported = { $count ->
    [one] Une personne du registre importée.
   *[other] { $count } personnes du registre importées.
  }
register-download = Télécharger le registre (pour l'importer sur place)
register-waiting = Joueurs à relier
register-none-waiting = Chaque joueur des tournois publiés ici est relié à une personne.
register-waiting-hint = Ces joueurs sont arrivés sans numéro au registre, ou avec un numéro qui n'est pas le leur ici (le site central donne les numéros). Choisissez qui est chacun ; une suggestion n'est reliée qu'une fois confirmée.
register-doubt-unknown = Numéro donné : { $number }, que personne n'a dans ce registre.
register-doubt-differs = Numéro donné : { $number }, attribué ici à { $name }. Différent : { $what }.
register-doubt-name = nom
register-doubt-birth-year = année de naissance
register-doubt-federation = fédération
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
register-import = Importer le registre d'un site central
register-import-hint = Sur place, avant la compétition : le fichier du registre téléchargé sur le site central, pour que les joueurs soient reliés par leur numéro dès leur inscription.
register-file = Fichier du registre (CSV)
register-import-button = Importer
register-rated = Tournois cotés
register-rated-hint = Les parties jouées d'un tournoi coté comptent pour la liste des cotes (qu'il soit marqué avant ou après avoir été joué).
register-rated-column = Coté
register-is-rated = Coté.
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

ratings-title = Cotes d'awalé
ratings-intro = Cotes Glicko-2 des parties jouées des tournois cotés, chaque résultat rejoué depuis ses coups. Une cote est provisoire tant que son écart dépasse 110.
ratings-list-of = La liste du { $list } compte les parties jouées jusqu'en { $month } inclus.
ratings-to-come = { $count ->
    [one] Une de ses parties cotées attend la fin de son mois.
   *[other] { $count } de ses parties cotées attendent la fin de leur mois.
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
ratings-established-only = Cotes établies seulement
ratings-show = Afficher
ratings-empty = Personne n'a encore de cote.
ratings-rank = Rang
ratings-rating = Cote
ratings-rd = Écart
ratings-games = Parties
ratings-provisional = provisoire
ratings-files = Les fichiers
ratings-files-hint = Toutes les cotes en fichiers simples : chacun peut recalculer list.csv et history.csv à partir de games.csv avec la commande « oware-tournament ratings games.csv DOSSIER ».
ratings-merged-into = Ce numéro a été fusionné avec { $name }.
ratings-see = Voir sa page
ratings-also-entered-as = Autres inscriptions :
ratings-rating-now = Cote { $rating }
ratings-rd-now = écart { $rd }
ratings-games-count = { $count ->
    [one] une partie cotée
   *[other] { $count } parties cotées
  }
ratings-plot = Cote après chaque mois joué
ratings-history = Cote après chaque mois joué
ratings-period = Mois
ratings-no-games = Aucune partie cotée pour l'instant.
ratings-card-of = Parties et cote d'une compétition à l'autre : { $name }
ratings-events = Compétitions
ratings-event = Compétition
ratings-performance = Performance
ratings-opponent-rating = Sa cote
ratings-days = du { $first } au { $last }
ratings-games-title = Parties cotées
ratings-date = Date
ratings-opponent = Adversaire
ratings-side = Camp
ratings-score = Score
ratings-replay = Revoir
ratings-event-title = Cotes : { $name }
ratings-event-standings = Classement du tournoi
ratings-event-none = Ce tournoi n'est pas coté, ou aucune de ses parties cotées n'oppose encore deux personnes du registre.
ratings-event-hint = La cote de chaque joueur au début de la compétition, le score que ses parties cotées ici devaient lui rapporter, celui qu'elles lui ont rapporté, et ce qu'elles changent à sa cote.
ratings-event-caption = Cotes de la compétition
ratings-expected = Attendu
ratings-change = Variation
register-ratings-hint = Les joueurs inscrits avec leur numéro au registre peuvent reprendre leur cote de la liste, pour que le tirage et les numéros d'appariement en découlent.
register-ratings-take = Reprendre les cotes du registre
register-ratings-confirm-hint = Chaque joueur ci-dessous a un numéro au registre, et la cote de sa personne sur la liste diffère de celle qu'il a ici. Rien ne change tant que vous ne confirmez pas.
register-ratings-count = { $count ->
    [one] La cote d'un joueur changerait
   *[other] Les cotes de { $count } joueurs changeraient
  }
register-ratings-now = Ici maintenant
register-ratings-listed = Sur la liste
register-ratings-no-rating = aucune
register-ratings-confirm = { $count ->
    [one] Reprendre cette cote
   *[other] Reprendre ces { $count } cotes
  }
register-ratings-keep = Garder les cotes telles quelles
register-ratings-none = Chaque joueur qui a un numéro au registre a déjà la cote de sa personne sur la liste (les joueurs sans numéro gardent la leur).
register-ratings-taken = { $count ->
    [0] Aucune cote n'a changé.
    [one] Une cote reprise du registre.
   *[other] { $count } cotes reprises du registre.
  }
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
register-games = Parties cotées
register-merge-title = Fusionner deux personnes du registre
register-merge-question = Fusionner { $gone } avec { $keep } ?
register-merge-explain = Les parties du n° { $gone } compteront désormais pour le n° { $keep }. Le n° { $gone } garde son numéro, et « Séparer » rend à chacun son propre historique.
register-merge-yes = Oui, fusionner le n° { $gone } avec le n° { $keep }
register-merge-cancel = Non, retour au registre
