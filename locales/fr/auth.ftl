# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

login-title = Se connecter
login-intro = Pour les organisateurs et les arbitres. Les joueurs se connectent sur la page de leur tournoi avec leur code PIN.
login-username = Identifiant
login-password = Mot de passe
player-sign-in-title = Connexion des joueurs — { $tournament }
player-sign-in-heading = Connexion des joueurs
player-sign-in-intro = { $tournament } : choisissez votre nom et tapez le code PIN de votre fiche.
player-sign-in-find-name = Chercher votre nom
player-sign-in-find = Chercher
player-sign-in-none = Aucun nom ne contient « { $search } » : voici la liste entière.
player-sign-in-every-name = Afficher tous les noms
player-sign-in-player = Joueur ou joueuse
player-sign-in-pin = Code PIN
player-sign-in-found = { $count ->
    [one] { $count } nom contient « { $search } ».
   *[other] { $count } noms contiennent « { $search } ».
}
