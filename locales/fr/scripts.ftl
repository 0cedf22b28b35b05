# review: written from a glossary of the words francophone awalé players and arbiters use, not
# yet read by a native French speaker. Take these lines out once a francophone arbiter has.

js-suggestion-used = Cette liste est maintenant dans le formulaire ci-dessous : vérifiez-la et envoyez la feuille.
js-record = Noter en touchant le plateau
js-undo = Annuler le dernier coup
js-close = Fermer le plateau
js-pit = { $seeds } { $letter } : { $seeds } graines dans la case { $letter }
js-unplayable = , ne peut pas être jouée maintenant
js-store-south = Grenier de Sud ({ $name }) : { $seeds }
js-store-north = Grenier de Nord ({ $name }) : { $seeds }
js-over = Partie finie après { $moves } coups : { $reason }, { $south }-{ $north }. Le résultat, les graines et la fin sont remplis dans le formulaire : vérifiez-les et envoyez la feuille.
js-move-south = Coup { $number } : { $name } (Sud) a le trait. Touchez une case.
js-move-north = Coup { $number } : { $name } (Nord) a le trait. Touchez une case.
js-not-recorded = Non noté : { $error }
js-page = Page { $at } sur { $pages }.
js-board-after = Plateau après { $label } : cases de Sud { $south }, cases de Nord { $north } ; greniers { $stores-south } et { $stores-north }.
js-register-use = Choisir { $person }
js-register-found = Au registre (choisissez pour relier le joueur ; rien n'est relié sans votre choix) :
js-register-chosen = Numéro au registre { $id } choisi : enregistrez le formulaire pour relier le joueur.
