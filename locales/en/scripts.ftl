# What the pages' scripts say; { $name } becomes the slot the script fills.
js-suggestion-used = This list is now in the form below: check it and send the sheet.
js-record = Record by tapping the board
js-undo = Undo the last move
js-close = Close the board
js-pit = { $seeds } { $letter }: { $seeds } seeds in pit { $letter }
js-unplayable = , cannot be played now
js-store-south = { $name } (South) store: { $seeds }
js-store-north = { $name } (North) store: { $seeds }
js-over = Game over after { $moves } moves: { $reason }, { $south }-{ $north }. The result, the seeds and the end are filled in on the form: check them and send the sheet.
js-move-south = Move { $number }: { $name } (South) to move. Tap a pit.
js-move-north = Move { $number }: { $name } (North) to move. Tap a pit.
js-not-recorded = Not recorded: { $error }
js-page = Page { $at } of { $pages }.
js-board-after = Board after { $label }: South's pits { $south }, North's pits { $north }; stores { $stores-south } and { $stores-north }.
js-register-use = Use { $person }
js-register-found = In the register (choose to link the player; nothing is linked unless you choose):
js-register-chosen = Register number { $id } chosen: save the form to link the player.
