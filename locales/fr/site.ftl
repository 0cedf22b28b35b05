# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

site-footer = Chaque résultat avec ses coups a été rejoué selon les règles du tournoi avant de compter. Écrit par oware-tournament.
site-south-first = Sud : { $name }, joue en premier
not-final-yet = pas encore définitif
site-no-moves = Aucun coup n'a été noté pour cette partie.
site-rules = règles : { $rules }
site-results-open = Résultats jusqu'à la ronde { $number } ; { $open } de ses parties n'ont pas encore de résultat définitif.
site-results = Résultats jusqu'à la ronde { $number }.
site-written = Ces pages ont été écrites { $at }.
site-none-yet = Aucune pour l'instant.
site-downloads = Téléchargements
site-standings-csv = Classement (CSV)
site-games-csv = Toutes les parties (CSV)
site-games-ogn = Toutes les parties avec leurs coups (OGN)
site-byes-asked = Byes demandés :
