dashboard-title = { $tournament }: live dashboard
dashboard-updates = This page updates itself as sheets come in.
my-board-title = { $tournament }: my board now
my-board-updates = This page updates itself: keep it open during the round.
live-title = { $tournament } — live
live-round-mark = : round { $number }
live-by-board = Round { $number } by board
playing = playing
live-find-board = Find your board
live-no-round = No round has been published yet.
live-standings-after = Standings after round { $number }
live-final-only = Only final results count in the standings.
live-updated = Updated { $at }.
dashboard-round = Round { $number }: live dashboard
dashboard-no-round = No round is published yet. Once one is, its boards show here as the sheets come in.
dashboard-nothing = Nothing needs you now.
dashboard-caption = The round's games by board
dashboard-state = State
dashboard-refused = { $count } refused
dashboard-bye = Bye:
my-roll-call-open = The roll call before round { $number } is open: tell the controller you are here, or sign in again with your PIN.
my-withdrawn = You are withdrawn from this tournament: see the controller if you should not be.
my-board-yours = Your board
my-play-south = You play South against { $opponent }: you start.
my-play-north = You play North against { $opponent }: { $opponent } starts.
my-match = This is { $label }.
my-match-plan = The match
my-match-plan-south = game { $number }: you play South and start
my-match-plan-north = game { $number }: you play North
my-match-plan-separator = { "; " }
my-read-confirm = Read and confirm the sheet
my-send-sheet = Send the score sheet
my-game-page = The game's page
my-bye-result = You have a bye this round: { $result }.
my-bye = You have a bye this round.
my-asked-bye = You asked for a bye this round ({ $label }).
my-not-paired = You are not paired in this round: see the controller if you should be.
my-not-published = The pairings are not published yet: your board shows here as soon as they are.
the-tournament = The tournament
my-state-for-you = Your opponent's score sheet waits for you: read it, then confirm it or send yours.
my-state-for-opponent = Your score sheet waits for your opponent to confirm it.
my-state-playing = Playing: send your score sheet when the game ends.
my-state-disputed = The two sheets differ: the controller decides.
my-state-confirmed = Result confirmed.
my-state-final = Result set by the controller.
my-state-submitted = A score sheet waits for the other player to confirm it.
alert-board-match-game = Board { $board }, { $game }
alert-board-game = Board { $board }'s game
alert-disputed = Board { $board }: the two players' sheets differ. Decide the result.
alert-refused = Board { $board }: { $times } score sheets refused, the last because { $why }. The players may need help with the move list.
alert-overdue = { $count ->
    [one] Past the round's planned end, one game still without a result: adjudicate or wait for the sheets.
   *[other] Past the round's planned end, { $count } games still without a result: adjudicate or wait for the sheets.
}
alert-hub = Publishing: { $problem }. The hub keeps what it had until a push it accepts.
alert-publishing = Publishing
alert-all-in-pair = All results of round { $round } are in: pair round { $next }.
alert-all-in-publish = All results of round { $round } are in. Round { $next } is paired: publish it.
alert-all-in-over = All results of round { $round }, the last, are in.
alert-final-standings = Final standings
state-pending = playing
state-submitted = sheet in
state-confirmed = confirmed
state-disputed = disputed
state-final = final
live-leaders = : the leaders
live-game = Game
live-standings-during = Standings during round { $number } (its results so far)
# How many boards are in a state: "3 confirmed".
state-count = { $count } { $state ->
    [pending] playing
    [submitted] { $count ->
        [one] sheet in
       *[other] sheets in
    }
    [confirmed] confirmed
    [disputed] disputed
   *[final] final
}
alert-overdue-more = and { $count } more: the boards below
