# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

event-edit = Modifier la compétition
event-new = Nouvelle compétition
please-correct = À corriger :
field-name = Nom
field-venue = Lieu
field-starts = Début
field-ends = Fin
event-categories = Catégories
event-categories-hint = Chaque catégorie est une règle sur les données des joueurs : moins d'un âge (nés l'année de la date moins l'âge, ou après, comme le compte la FIDE), un âge et plus, femmes, hommes, classés sous un classement Elo (débutants ; les non-classés aussi), ou non classés. Laissez un nom vide pour retirer une ligne.
event-rule = Règle
rule-under = moins d'un âge
rule-from = un âge et plus
rule-women = femmes
rule-men = hommes
rule-rated-below = cotés sous
rule-unrated = sans cote
field-age = Âge
field-counted-in = Compté dans l'année du
field-rating = Cote
save = Enregistrer
events-title = Compétitions
events-hint = Une compétition réunit ses tournois (un open, un tournoi jeunes, un tournoi annexe) avec leur lieu, leurs dates, leurs arbitres et leurs catégories.
events-none = Aucune compétition pour l'instant.
event-players-title = { $event } : joueurs
event-the-event = La compétition
event-players-hint = Tous ceux qui jouent dans la compétition, une fois chacun, avec les tournois où ils jouent.
event-players-staff-hint = Un joueur inscrit d'ici dans un autre tournoi garde son code PIN ; modifier ses données ou son code PIN dans un tournoi les modifie dans tous. Le retrait reste propre à chaque tournoi.
event-players-none = Aucun joueur pour l'instant : chaque tournoi inscrit ses joueurs.
field-club-country = Club, pays
event-sections = Tournois
withdrawn-mark = (retiré)
event-section = Tournoi
event-enter-ticked = Inscrire les joueurs cochés
players = Joueurs
projector-view = Vue pour projecteur
event-every-section = (chaque tournoi à tour de rôle)
event-edit-link = Modifier la compétition
event-new-section = Nouveau tournoi
event-no-sections-organiser = Aucun tournoi pour l'instant : un nouveau tournoi, ou les réglages d'un tournoi existant, nomme cette compétition.
event-no-sections = Aucun tournoi pour l'instant.
pairings = Appariements
standings = Classement
prizes = Prix
bracket = Tableau
event-no-categories = Aucune catégorie : un seul palmarès par tournoi.
event-categories-follow = L'appartenance à une catégorie découle des données de chaque joueur (année de naissance, genre, cote), jamais saisie joueur par joueur. Le classement de chaque tournoi les montre.
event-controllers = Arbitres
event-controllers-hint = Un arbitre de la compétition dirige chacun de ses tournois.
event-remove-controller = Retirer { $name }
event-controller-account = Compte de l'arbitre
event-give = Lui confier la compétition

# La règle d'une catégorie, après son nom sur la page d'un événement.
# review
category-under = moins de { $age } ans : né(e)s en { $year } ou après
# review
category-from = { $age } ans et plus : né(e)s en { $year } ou avant
category-women = femmes
category-men = hommes
# review
category-rated-below = cote inférieure à { $rating }, ou sans cote
category-unrated = sans cote
event-controller-assigned = { $name } dirige désormais chaque tournoi de cette compétition.
event-controller-unassigned = { $name } ne dirige plus les tournois de cette compétition.
event-no-controller-account = Chaque compte d'arbitre dirige déjà cette compétition, ou il n'y en a pas encore : créez-en un sur la page
