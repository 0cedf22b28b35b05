rounds-title = Rounds — { $tournament }
rounds-heading-end = : rounds
rounds-none = No round is published yet.
rounds-not-published = (not published)
rounds-generate = Generate the pairings ({ $system })
rounds-by-hand = Enter the pairings by hand
rounds-knockout-over = The knockout is over: the winners' bracket's winner won the grand final without losing a match, so its second match is not played.
rounds-standings-final = The standings are final.
rounds-all-paired = All { $count } rounds are paired and published: once their results are in, the standings are final.
rounds-publish-first = Publish round { $number } before pairing the next; { $count } rounds in all.
print-pairings-title = { $tournament } — round { $number } pairings
print-pairings = Print the pairings
back-to-round = Back to round { $number }
print-by-board = { $tournament }: round { $number }, pairings by board
printed = Printed
board = Board
south-moves-first = South (moves first)
north = North
result = Result
bye = bye
not-paired-asked = Not paired this round:
print-by-name = { $tournament }: round { $number }, pairings by name
points = Points
side = Side
opponent = Opponent
roll-call-title = Roll call — { $tournament }
roll-call-heading-end = : roll call
roll-call-before = Before round { $number }.
roll-call-required = The tournament pairs this round only after a roll call.
roll-call-optional = The tournament does not ask for one before this round; take one if you wish.
roll-call-how = While it is open, players check in by signing in with their PIN (the QR code on their slip), and you mark the others present or absent.
roll-call-open = Open the roll call before round { $number }
roll-call-is-open = Open, before round { $number }
roll-call-counts = : { $present } present, { $absent } not. Players check in by signing in with their PIN (the QR code on their slip).
roll-call-since = See who checked in since
roll-call-answer = Answer
roll-call-mark = Mark
roll-call-present-label = { $name }: present
roll-call-present = Present
roll-call-absent-label = { $name }: absent
roll-call-absent = Absent
roll-call-close = Close the roll call
roll-call-everyone = Everyone is present.
roll-call-byes-hint = Everyone not present is absent once it closes: choose for each a zero-point bye for round { $number } (they play again from round { $next }) or withdrawal. Neither is paired in round { $number }.
roll-call-zero-bye = zero-point bye in round { $number }
roll-call-withdraw = withdraw from the tournament
roll-call-no-byes = A round robin's or a knockout's tables have no byes: everyone not present is withdrawn once it closes
roll-call-closed = Closed, before round { $number }
roll-call-closed-count = : { $present } present.
roll-call-pair = Pair round { $number }
roll-call-closed-end = : the absent are not paired in it; a late arrival plays from the next round.
roll-call-absent-heading = Absent
roll-call-all-paired = Every round is paired: there is no roll call to take.
schedule-title = Schedule — round clock
schedule-heading = Time control and schedule
nothing-changed = Nothing was changed: { $problems }
schedule-no-control = No time control yet.
schedule-control = Time control: { $words }.
schedule-round-length = A round is given { $minutes } minutes: its planned end is that long after it starts.
schedule-zone = Times are the venue's ({ $zone }).
schedule-control-legend = Time control
schedule-game-minutes = Minutes each for the game
schedule-increment = Seconds added after each move
schedule-move-seconds = At most seconds for one move
schedule-round-minutes = Minutes a round is given (empty: both clocks run down, with the increments of 60 moves each)
schedule-offset = The venue's time is UTC plus (minutes; 60 for UTC+1, 0 in Ghana)
round = Round
schedule-planned = Planned start (the venue's time)
schedule-started = Started
schedule-save = Save the schedule
sheets-title-continuation = { $tournament } — round { $number } continuation sheets
sheets-title = { $tournament } — round { $number } score sheets
sheets-continuation-heading = Continuation sheets, round { $number }: moves { $from }–{ $to }
sheets-continuation-intro = For a game that goes on past move { $before }: one page per board, numbered on from the sheet before it. Staple it to that sheet; both players initial both.
sheets-heading = Score sheets, round { $number }
sheets-intro = One page per board: the players write the moves, the result and the seeds, and both initial the sheet. The code on each sheet opens that game's page, where the players send the sheet from their phones. A sheet holds 80 moves; about one game in ten needs a continuation sheet.
sheets-print-continuation = Print the continuation sheets
sheets-print = Print the score sheets
sheets-continuation-link = Continuation sheets (moves { $from }–{ $to })
sheets-first = The first sheets (moves 1–80)
sheets-no-boards = This round has no boards.
sheets-continuation-of = Continuation sheet of board
sheets-sheet-of = Score sheet of board
sheets-continued = Continuation sheet { $part }: moves { $from }–{ $to }
sheets-round-board = Round { $number }, board
colon = :
move = Move
south = South
sheets-more-moves = More than { $last } moves? Go on on a continuation sheet (moves { $from }–{ $to }).
sheets-result-box = Result (circle one)
sheets-result-choices = South won · North won · draw
sheets-seeds-south = Seeds captured by South
sheets-seeds-north = Seeds captured by North
sheets-end-box = The game ended (circle one)
sheets-end-choices = by the rules · agreement · resignation · time
sheets-initials-south = Initials of South
sheets-initials-north = Initials of North
round-page-title = Round { $number } — { $tournament }
round-heading-end = : round { $number }
round-published = Published.
round-not-published = Not published
round-staff-only = : only the tournament's staff see it.
round-corrected = Corrected on { $at }.
round-print-link = Pairings to print (by board and by name)
round-sheets-link = Score sheets to print
live-dashboard = Live dashboard
all-rounds = All rounds
round-start = Start round { $number }: the clocks start now
round-results = Results of round { $number }
board-link = board
round-all-counted = Every game of the published rounds has a result that counts.
status = Status
game-link = game
round-correct = Correct the pairings
round-correct-hint = Boards without a result can be re-paired, swapped or removed, and a late arrival added to a board or given a bye. A board with a result or a sheet waiting stays as it is: reset its game first.
round-change = Change the pairings
round-row-board = Board number, row { $row }
round-row-south = South (moves first), row { $row }
round-row-north = North, row { $row }
round-byes = Byes:
round-bye-n = Bye { $n }
round-save = Save the pairings
round-generate-again = Generate again
round-publish-summary = Publish round { $number }…
round-publish-warning = Everyone will see these pairings at once, and players may send their sheets.
round-publish-yes = Yes, publish round { $number }
round-delete-summary = Delete this round…
round-delete-warning = Its pairings are thrown away; it can be paired again.
round-delete-yes = Yes, delete round { $number }
round-open-games = { $count ->
    [one] { $count } game of the published rounds still has no result that counts.
   *[other] { $count } games of the published rounds still have no result that counts.
}
print-not-paired = not paired: { $label }
qr-board = QR code: the page of board { $board }
qr-sign-in = QR code: sign-in page for { $name }
semicolon = ;
roll-answer-checked-in = present (checked in at { $at })
roll-answer-marked-present = present (marked at { $at })
roll-answer-absent = absent (marked at { $at })
roll-answer-none = not yet

# A time control, in the schedule's sentence.
clock-game = { $minutes ->
    [one] { $minutes } minute each
   *[other] { $minutes } minutes each
}
clock-game-increment = { $minutes ->
    [one] { $minutes } minute each
   *[other] { $minutes } minutes each
}, plus { $seconds ->
    [one] { $seconds } second a move
   *[other] { $seconds } seconds a move
}
clock-move = at most { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} for a move
