# review: written from fr-glossary.md, not yet read by a native speaker
# Les en-têtes des colonnes des fichiers CSV.

csv-id = id
csv-name = nom
csv-club = club
csv-country = pays
csv-rating = elo
csv-birth_year = année_naissance
csv-gender = sexe
csv-title = titre
csv-federation = fédération
csv-register_id = identifiant_registre
csv-phone = téléphone
csv-sms_consent = accord_sms
csv-withdrawn = retiré
csv-rank = rang
csv-points = points
csv-games_played = parties_jouées
csv-round = ronde
csv-board = table
csv-south = sud
csv-north = nord
csv-result = résultat
csv-kind = type
csv-status = état
csv-south_seeds = graines_sud
csv-north_seeds = graines_nord
csv-end = fin
csv-end_reason = raison_fin
csv-verified = vérifié
csv-moves = coups
csv-game = partie
csv-south_id = id_sud
csv-north_id = id_nord
csv-match = match
csv-team = équipe
csv-all_points = tous_points
csv-member = membre
csv-member_points = points_membre
csv-member_rank = rang_membre
csv-counted = compté

# Le côté d'un exempt, à la place du nom de l'adversaire.
csv-bye = (exempt)
