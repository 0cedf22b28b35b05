circuits-title = Circuits
circuits-intro = Un circuit compte les meilleurs résultats de chaque joueur sur les tournois d'une saison, avec leurs points selon la place, et désigne les qualifiés pour sa finale. Chaque résultat vient d'un tournoi dont les parties ont été vérifiées, et chacun peut recalculer le classement à partir des fichiers de chaque circuit.
circuits-none = Aucun circuit pour l'instant.
circuit-new = Nouveau circuit
circuit-edit = Modifier le circuit
circuit-print = Imprimer pour la remise des prix
circuit-events-count = { $count ->
    [one] { $count } tournoi compte
   *[other] { $count } tournois comptent
  }
circuit-best-n = { $count ->
    [one] le meilleur résultat de chaque joueur compte
   *[other] les { $count } meilleurs résultats de chaque joueur comptent
  }
circuit-best-all = tous les résultats comptent
circuit-provisional = Provisoire : un tournoi qui compte n'est pas terminé, les places peuvent encore changer.
circuit-category = Catégorie
circuit-everyone = Tous
circuit-show = Afficher
circuit-standings = Classement
circuit-standings-of = Classement : { $category }
circuit-no-results = Aucun résultat pour l'instant.
circuit-points = Points
circuit-events = Comptés / joués
circuit-best = Meilleur résultat
circuit-tie-break = Départagé par
circuit-line-provisional = (provisoire)
circuit-tie-rule = Les joueurs à égalité de points sont départagés par le plus grand nombre de tournois joués, puis leur meilleur résultat, puis les confrontations directes dans les tournois du circuit, puis par un tirage au sort fait à partir de la graine publiée du circuit.
circuit-tie-events = tournois joués
circuit-tie-best = meilleur résultat
circuit-tie-head-to-head = confrontations directes
circuit-tie-lots = tirage au sort
circuit-qualification = Qualification pour la finale
circuit-qualification-rule = Les { $top } premiers sont qualifiés, s'ils ont joué au moins { $events ->
    [one] { $events } tournoi
   *[other] { $events } tournois
  }.
circuit-qualification-category = Les { $count } premiers de la catégorie { $category } sont qualifiés aussi.
circuit-qualification-reserved = { $count ->
    [one] Une place est réservée
   *[other] { $count } places sont réservées
  } aux joueurs de la catégorie { $category } non qualifiés autrement.
circuit-as-of = À la date du { $at }.
circuit-qualification-provisional = Cette liste est provisoire tant qu'un tournoi qui compte n'est pas terminé.
circuit-nobody-qualified = Personne n'est encore qualifié.
circuit-seed = Tête de série
circuit-qualified-by = Qualifié par
circuit-by-top = le classement général
circuit-by-category = le classement { $category }
circuit-by-reserved = une place réservée { $category }
circuit-declines = Désistements
circuit-decline = { $name } se désiste
circuit-declined = Désistements
circuit-declined-on = { $name } s'est désisté le { $day }
circuit-take-back = { $name } reprend sa place
circuit-next-in-line = Suivants :
circuit-counting = Tournois qui comptent
circuit-event = Tournoi
circuit-coefficient = Coefficient
circuit-persons = Joueurs
circuit-state = État
circuit-event-gone = tournoi { $id } (plus sur ce serveur)
circuit-finished = terminé
circuit-unfinished = en cours
circuit-files = Fichiers
circuit-files-hint = Le règlement (rules.json) et tous les résultats (circuit.csv) donnent au caractère près le classement, les points de chaque résultat et la qualification : oware-tournament circuit rules.json circuit.csv DOSSIER
circuit-card-place = { $place }e avec { $points } points
circuit-card-counted = { $counted } { $events ->
    [one] résultat compté sur { $events }
   *[other] résultats comptés sur { $events }
  }
circuit-results = Résultats
circuit-counts = Compte
circuit-counted = compté
circuit-dropped = écarté
circuit-form-season = Nom et saison
circuit-form-start = Premier jour
circuit-form-end = Dernier jour
circuit-form-best = Résultats qui comptent
circuit-form-best-hint = Les meilleurs de chaque joueur, en ce nombre ; vide pour tous les résultats.
circuit-form-lots = Graine du tirage au sort
circuit-form-no-tournaments = Aucun tournoi sur ce serveur pour l'instant.
circuit-form-points = Points
circuit-form-kind = Points selon
circuit-kind-by-place = la place finale
circuit-kind-players-beaten = les joueurs classés derrière
circuit-kind-game-points = les points de parties marqués
circuit-form-places = Points par place
circuit-form-places-hint = Les points du 1er, du 2e, du 3e… séparés par des espaces. Une ligne qui commence par « 6+: » vaut pour les tournois de 6 joueurs ou plus.
circuit-form-per-player = Points par joueur classé derrière
circuit-form-for-playing = Points de participation
circuit-form-per-point = Points par point de partie
circuit-form-categories = Catégories
circuit-form-categories-hint = Un code court (U14, F, ASH), un nom, qui en fait partie, et les places en finale qu'elle donne : ses premiers, ou des places réservées à ses meilleurs non qualifiés autrement. Les âges se comptent au 1er janvier de la première année de la saison.
circuit-form-code = Code
circuit-form-rule = Qui
circuit-form-value = Âge, fédération ou club
circuit-rule-under = de moins de l'âge
circuit-rule-from = de l'âge ou plus
circuit-rule-women = les femmes
circuit-rule-federation = de la fédération ou de la ligue
circuit-rule-club = du club
circuit-form-category-places = Ses premiers
circuit-form-reserved = Places réservées
circuit-form-top = Places par le classement général
circuit-form-min-events = Tournois nécessaires pour se qualifier
circuit-field-not-number = { $field ->
    [for-playing] points de participation
    [per-player] points par joueur classé derrière
    [per-point] points par point de partie
    [places] points par place
    [coefficient] un coefficient
    [best] résultats qui comptent
    [top] places par le classement général
    [min-events] tournois nécessaires pour se qualifier
    [lots-seed] graine du tirage au sort
    [category-places] premiers d'une catégorie
    [reserved-places] places réservées
    [season-start] premier jour
    [season-end] dernier jour
   *[other] date du désistement
  } : « { $text } » n'est pas un nombre d'au plus deux décimales
circuit-field-not-whole = { $field ->
    [for-playing] points de participation
    [per-player] points par joueur classé derrière
    [per-point] points par point de partie
    [places] points par place
    [coefficient] un coefficient
    [best] résultats qui comptent
    [top] places par le classement général
    [min-events] tournois nécessaires pour se qualifier
    [lots-seed] graine du tirage au sort
    [category-places] premiers d'une catégorie
    [reserved-places] places réservées
    [season-start] premier jour
    [season-end] dernier jour
   *[other] date du désistement
  } : « { $text } » n'est pas un nombre entier
circuit-field-not-date = { $field ->
    [for-playing] points de participation
    [per-player] points par joueur classé derrière
    [per-point] points par point de partie
    [places] points par place
    [coefficient] un coefficient
    [best] résultats qui comptent
    [top] places par le classement général
    [min-events] tournois nécessaires pour se qualifier
    [lots-seed] graine du tirage au sort
    [category-places] premiers d'une catégorie
    [reserved-places] places réservées
    [season-start] premier jour
    [season-end] dernier jour
   *[other] date du désistement
  } : ce n'est pas une date
circuit-category-age = catégorie { $code } : l'âge n'est pas un nombre entier
circuit-rules-unreadable = circuit { $id } : son règlement ne peut pas être lu
circuit-season-backwards = la saison finit avant de commencer
circuit-no-name = le circuit doit avoir un nom
circuit-event-twice = le tournoi { $tournament } est compté deux fois
circuit-category-twice = la catégorie { $code } est donnée deux fois
circuit-no-such-category = la qualification nomme la catégorie { $code }, que le circuit n'a pas
circuit-best-zero = au moins un résultat doit compter
circuit-empty-table = la table des points par place ne donne aucun point
circuit-bad-code = le code d'une catégorie doit être court, sans espace, virgule ni point-virgule
circuit-no-such-tournament = le tournoi { $tournament } n'est pas sur ce serveur
circuit-declined-already = ce joueur s'est déjà désisté
circuit-not-declined = ce joueur ne s'est pas désisté
circuit-list-since = Cette liste tient depuis le { $at }.
circuit-final = La finale
circuit-final-none = Les qualifiés ne sont pas encore inscrits à une finale.
circuit-final-entered = { $count ->
    [one] Un joueur inscrit par le circuit, classé selon son rang au circuit, dans
   *[other] { $count } joueurs inscrits par le circuit, classés selon leur rang au circuit, dans
  }
circuit-final-follows = Tant que la première ronde n'est pas appariée, un désistement retire le joueur et inscrit le suivant sur la liste ; ensuite l'arbitre retire un joueur absent, comme dans tout tournoi.
circuit-final-tournament = Tournoi de la finale
circuit-final-enter = Inscrire les qualifiés
circuit-final-again = Mettre la finale à jour selon la liste
circuit-final-counts = la finale ne peut pas être un des tournois qui comptent
circuit-final-already = les qualifiés sont déjà inscrits au tournoi { $tournament }
circuit-final-pushed = un site publie ce tournoi ici : inscrivez les joueurs sur place, d'après la liste des qualifiés
circuit-final-started = la première ronde de la finale est appariée : l'arbitre y retire ou ajoute des joueurs
circuit-final-provisional = le circuit est provisoire : les qualifiés pourront être inscrits quand tous les tournois qui comptent seront terminés
circuit-final-again-error = la qualification a changé entre-temps : renvoyez le formulaire
circuit-site-footer = Chaque résultat compté a été rejoué selon les règles de son tournoi avant de compter. Écrit par oware-tournament : recalculez le classement à partir de circuit.csv et rules.json avec sa commande circuit.
held-circuits-link = Points de circuit
held-circuits-title = Points de circuit · { $tournament }
held-circuits-heading = points de circuit
held-circuits-intro = Les circuits du site central qui comptent ce tournoi, tels qu'il les a envoyés la dernière fois, avec les points de chaque joueur si le tournoi finissait maintenant : provisoires jusqu'à ce que le site central compte le classement final.
held-circuits-none = Le site central ne compte ce tournoi dans aucun circuit, ou n'a pas encore été joint.
held-circuits-as-of = Classement du circuit calculé par le site central le { $computed }, reçu ici le { $fetched }.
held-circuits-no-persons = Aucun joueur de ce tournoi n'est une personne du registre du site central.
held-circuits-points = Points de ce tournoi
held-circuits-rank = Place au circuit s'il finissait maintenant
held-circuits-not-counted = (pas parmi les meilleurs)
held-circuits-was = était { $rank }
