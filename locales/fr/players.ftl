# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

player-edit = Modifier le joueur
player-add = Ajouter un joueur
field-club = Club
field-country = Pays
field-birth-year = Année de naissance
field-gender = Genre
gender-none = non précisé
gender-female = femme
gender-male = homme
field-title = Titre
field-federation = Fédération
field-register-id = Numéro au registre
field-register-id-hint = Le numéro du joueur au registre des cotes (sur la page du registre du site central, ou dans le fichier du registre importé ici), pour que ses parties comptent pour lui ; laisser vide s'il n'en a pas encore.
player-details-hint = L'année de naissance, le genre et la cote décident des catégories de la compétition (moins de 12 ans, femmes, débutants) ; aucun n'est obligatoire.
import-players-title = Importer des joueurs
import-players-heading = Importer des joueurs depuis un fichier CSV
import-players-header = Une ligne d'en-tête nomme les colonnes
import-players-required = (obligatoire),
import-players-or = ou
import-players-any-order = , dans n'importe quel ordre. Rien n'est importé tant qu'une ligne est fausse.
import-players-nothing = Rien n'a été importé. À corriger :
import-line = ligne { $line } : { $message }
import-players-duplicates = Rien n'a encore été importé : ces lignes nomment des joueurs déjà inscrits. Indiquez pour chacune s'il s'agit d'un nouveau joueur, puis importez de nouveau.
import-players-registered = Noms déjà inscrits
import-players-add-row = Ligne { $row }, { $name } : l'ajouter comme nouveau joueur (non cochée : elle est ignorée et { $name } garde son inscription existante)
csv-file = Fichier CSV
csv-paste = ou collez le CSV
import = Importer
pins-title = Fiches de code PIN — { $tournament }
pins-heading = Fiches de code PIN
pins-warning = Ces codes PIN ne sont affichés que maintenant : imprimez cette page (ou notez-les) et remettez à chaque joueur sa fiche. Un code PIN perdu se remplace avec « Nouveau code PIN » sur la page du tournoi, qui imprime une nouvelle fiche.
pins-print = Imprimer les fiches
pins-your-pin = Votre code PIN :
pins-hint-start = Pour envoyer et confirmer vos feuilles de partie, scannez le code ou ouvrez
pins-hint-end = et tapez votre code PIN.
