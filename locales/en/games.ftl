game-round = round { $number }
game-board = , board { $board }
notice = Notice
game-round-times = Round { $number }: { $times }.
game-south-first = (South, moves first)
game-north-mark = (North)
game-no-result = No result yet
game-verified = verified by replay
game-ruled = set by the controller
game-todo = What to do now
game-opponent-sheet = Your opponent's sheet
seeds = Seeds
ended = Ended
moves = Moves
none-given = none given
game-confirm-hint = If this is what happened at the board, confirm it, as you would initial a paper sheet. If not, send your own sheet below.
game-confirm = Confirm this result
game-your-sheet = Your score sheet
game-not-accepted = The sheet was not accepted.
game-at-token = At { $at } (“{ $token }”):
game-at = At { $at }:
game-board-after-last = The board after the last move:
game-board-before = The board before that move:
game-did-you-mean = Did you mean…
game-suggestions-hint = Each of these differs from your sheet by one slip (a move, two moves in the wrong order, or the seeds) and replays to the result you declared. Check it against your paper sheet: “Use this list” puts it in the form below to send (without JavaScript, it sends it at once).
game-use-list = Use this list
game-choose-result = — choose (or leave it to the OGN file) —
game-south-won = { $name } (South) won
game-north-won = { $name } (North) won
draw-option = Draw
game-seeds-of-south = Seeds of { $name } (South)
game-seeds-of-north = Seeds of { $name } (North)
game-how-ended = How the game ended
end-natural = by the rules (natural end)
end-agreement = by agreement
end-resignation = by resignation
end-time = on time
game-ogn-file = or an OGN file
game-ogn-hint = With an OGN file, the result, the seeds and how the game ended may be left empty: the file's tags give them, and the replay checks them.
game-send = Send the sheet
game-typed = What you typed
game-typed-hint = The sheet was not sent. Copy the moves to send them once you are signed in again.
game-not-yours = This is not your game.
game-yours-is = Your game in round { $number } is
game-board-n = board { $board }
game-yours-there = : send or confirm your sheet there.
game-you-bye = You have a bye in round { $number }.
game-you-none = You have no game in round { $number }.
game-players-sign-in = Players: sign in with your PIN
game-players-sign-in-end = to send or confirm the score sheet.
game-replay-of = Replay of { $name }'s sheet
game-replay = Replay
game-replay-hint = Not a result yet: these are the moves of the latest sheet sent, as they replay. They count once the sheet is confirmed.
previous = previous
next = next
game-step = Step through the game
show = Show
start = start
game-download-ogn = Download as OGN
game-sheets-sent = Score sheets sent
sheet = Sheet
name-south = { $name } (South)
name-north = { $name } (North)
sent-utc = Sent (UTC)
replays = Replays
yes = yes
no = no
settle = Settle
reason-staff = Reason (staff only)
game-accept-sheet = Accept this sheet
game-differ = The players' latest sheets first differ at { $at }:
game-differ-south = South's sheet has
no-more-moves = no more moves
game-differ-north = North's has
game-adjudicate-link = Adjudicate: the round's time ran out
game-set-result-heading = Set the result (controller)
game-what-happened = What happened
game-played = the game was played
game-forfeit-south = South absent (North wins by forfeit)
game-forfeit-north = North absent (South wins by forfeit)
game-double-forfeit = both absent
winner = Winner
draw = draw
seeds-south = Seeds of South
seeds-north = Seeds of North
game-moves-if-known = Moves, if known (checked by replay against the result)
reason-audit = Reason (shown to staff only, kept in the audit log)
game-set-result = Set the result
game-send-back-heading = Send back (controller)
game-send-back-hint = The game waits for sheets again (to be replayed, or after a sheet entered against the wrong board). The sheets sent stay on record.
game-send-back = Send the game back to waiting for sheets
adjudicate-title = Adjudicate — { $name }
adjudicate-heading = Adjudicate: { $name }
south-mark = (South)
adjudicate-hint = The round's time ran out before the game ended. Enter the position on the board: each player scores the seeds they captured plus the seeds on their own row; the higher score wins, equal scores draw. The service shows the result before you confirm it.
adjudicate-board = The board: North's row on top (f to a), South's below (A to F), the seeds each has captured at the ends
adjudicate-north-row = North's row ({ $name }), f to a as South sees it
adjudicate-south-row = South's row ({ $name }), A to F
captured-south = Captured by South
captured-north = Captured by North
adjudicate-gives = The position gives:
adjudicate-confirm = Confirm: make it the result
adjudicate-check-again = Check the position again
adjudicate-show = Show the result it gives
game-moves-label = Moves (letters A–F and a–f, or numbers; move numbers and {"{"}comments{"}"} are fine)
count-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
step-send = Send your score sheet: the result, the seeds each of you captured, how the game ended and the moves, in the form below.
step-wait = Nothing for now: your sheet is waiting for your opponent to confirm it. If you made a mistake, send a corrected sheet below.
step-confirm = Your opponent has sent their sheet. Read it below: confirm it if it is right, or send your own sheet if it is not.
step-disputed = Your sheet and your opponent's differ: the controller will decide from the two sheets. If yours has a slip, tell the controller.
step-settled = Nothing: this game's result is settled.
sheet-unchanged = You had sent this sheet already: nothing changed.
sheet-recorded-waiting = Your sheet is recorded; it counts once your opponent confirms it.
sheet-confirmed = The result is confirmed.
sheet-differs = Your sheet differs from your opponent's: the controller will decide.
sheet-recorded = Your sheet is recorded.
sheet-page-out-of-date = This page was out of date (you signed in again since it was opened), so the sheet was not sent. It is below as you typed it: check it and send it again.
outcome-south-won = 1-0
outcome-north-won = 0-1
outcome-draw = ½-½
outcome-with-seeds = { $score } ({ $south }-{ $north })
outcome-unknown = ?
outcome-forfeit-south = North won by forfeit
outcome-forfeit-north = South won by forfeit
outcome-double-forfeit = both lost by forfeit
outcome-bye = bye
outcome-on-time = { $result }, on time
outcome-adjudicated = { $result }, adjudicated
outcome-by-resignation = { $result }, by resignation
match-game-of = game { $number } of { $games }
match-deciding-game = deciding game { $number }
match-score-decided = match { $first }-{ $second }, decided
match-score-so-far = match { $first }-{ $second } so far

# An adjudicated position and the result it gives; the reason recorded with the result.
adjudication-position = A–F { $south_pits }, a–f { $north_pits }, captured { $south_captured } and { $north_captured }
adjudication-proposal = { $south } { $south_score } ({ $south_captured } captured and { $south_row } on their row), { $north } { $north_score } ({ $north_captured } and { $north_row }): { $outcome }.
adjudication-wins = { $name } wins
adjudication-draw = a draw
adjudication-reason = adjudicated when the round's time ran out: { $position }; { $proposal }

# A game of a match: the match's format and its score so far.
game-match-note = This board plays a match: { $format }. { $south } { $south_points }, { $north } { $north_points } so far.
game-match-note-decided = This board plays a match: { $format }. { $south } { $south_points }, { $north } { $north_points }: the match is decided.
board-name-north = ▲ { $name } (North)
board-name-south = { $name } (South) ▼
board-described = The board. { $south } (South), pits A to F: { $south_pits }; store { $south_store }. { $north } (North), pits a to f: { $north_pits }; store { $north_store }. { $mover } to move.
game-same-game = The file is of this game all the same (send it even so)
exact-changed-rules = the tournament changes an option of its rule set, and the endgame tables hold only the rule sets as they are
exact-no-table = the service holds no endgame table of { $rules }
exact-damaged-table = the endgame table of { $rules } is damaged on the disk for boards of { $seeds } seeds (its checksum does not match); it needs building again
exact-too-many-seeds = the board holds { $seeds } seeds and the endgame tables hold boards of { $most } or fewer
exact-majority-first = a store could reach 25 before a grand slam decides the game, which the tables do not follow
exact-undecided = best play by both gives South between { $low } and { $high } seeds, depending on how a repetition would end the game: the tables do not decide the winner
exact-undecided-outright = the tables' bounds do not decide the winner (a repetition could end the game either way)
exact-no-line = the tables decide the winner, but no line of best play reaches the end of the game to give the seeds
adjudication-to-move-needed = say who is to move: the exact value of a position depends on it
adjudication-exact-proposal = { $side } to move; best play by both gives { $south } { $south_score } and { $north } { $north_score }: { $outcome } (the endgame tables; a best line: { $line }).
adjudication-exact-range = { $side } to move; best play by both gives { $south } between { $low } and { $high } seeds, depending on how a repetition would end the game: { $outcome } either way, scored { $south_score }–{ $north_score }, the seeds the winner is sure of (the endgame tables; a best line: { $line }).
adjudication-rows-because = By the rows: { $why }. { $proposal }
adjudication-line-empty = the game is over in this position
adjudicate-to-move = Who is to move (the exact value of a position depends on it)
adjudicate-slip = Adjudication: { $name }
adjudicate-line = A best line from the position, pit by pit:
adjudicate-initials = Initials: South ________  North ________  Controller ________
adjudicate-print = Print the slip for both players
adjudicate-exact-hint = Where the tournament adjudicates exactly, the endgame tables give the result best play by both players reaches from the position, when they hold a board of that many seeds and decide the winner; otherwise the rows decide, and the page says why.
game-lost-title = Where the game was lost
game-seeds-title = Where seeds were given away
game-lost-hint = From the first position the endgame tables hold, these are the moves after which their player could no longer be sure of what had been theirs before, each with the move the tables preferred.
lost-mark = { $at } ({ $played }) { $change }; the tables preferred { $best }
lost-drops-the-win = gave away the win (a draw at best after it)
lost-drops-the-win-seeds = gave away the win (a draw at best after it) and { $seeds } { $seeds ->
    [one] seed
   *[other] seeds
  }
lost-throws-away-the-win = lost a game that was won
lost-throws-away-the-win-seeds = lost a game that was won, giving away { $seeds } { $seeds ->
    [one] seed
   *[other] seeds
  }
lost-drops-the-draw = lost a game that was drawn
lost-drops-the-draw-seeds = lost a game that was drawn, giving away { $seeds } { $seeds ->
    [one] seed
   *[other] seeds
  }
lost-gives-seeds = gave away seeds
lost-gives-seeds-seeds = gave away { $seeds } { $seeds ->
    [one] seed
   *[other] seeds
  }
