# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

error-ways = Où aller maintenant
error-title-400 = Cette demande n'a pas pu être lue
error-title-401 = Non connecté, ou nom ou code PIN erroné
error-title-403 = Non autorisé
error-title-404 = Introuvable
error-title-408 = Cela a pris trop de temps
error-title-409 = Quelque chose a changé entre-temps
error-title-413 = C'est trop volumineux
error-title-415 = Ce type de fichier ne peut pas être lu ici
error-title-422 = Cela n'a pas pu être accepté
error-title-429 = Trop d'essais
error-title-431 = Les en-têtes de cette demande sont trop volumineux
error-title-500 = Une erreur s'est produite
error-back-to-game = Retour à la partie
error-back-to-tournament = Retour au tournoi
error-all-tournaments = Tous les tournois
error-sign-in-player = Se connecter comme joueur
error-sign-in-staff = Se connecter comme arbitre ou organisateur
error-server = Une erreur s'est produite sur le serveur ; la modification n'a pas été faite.
