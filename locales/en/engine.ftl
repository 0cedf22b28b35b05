# The engine's facts in words: sides, plies as the paper sheet numbers them, why a game ended,
# what a refused sheet gets wrong and the one change that mends it.
side-name = { $side ->
    [south] South
   *[north] North
}
sheet-move = move { $number }, { side-name }
end-reason = { $reason ->
    [majority] a player captured 25 or more
    [no-feed] a starved player could not be fed
    [repetition] a position occurred a second time
    [agreement] the players agreed to stop
    [resignation] a player resigned
    [time] a player lost on time
    [grand-slam] a grand slam lost the game
    [forfeit] a player left the opponent without seeds when a feeding move existed
   *[last-seeds] few seeds were left and the last capturer took them
}
diag-winner = { $side ->
    [south] a win for South
    [north] a win for North
   *[draw] a draw
}
diag-after-result-mark = "{ $after }" follows the result mark "{ $mark }"
diag-after-end = the game was already over after ply { $ply } ({ $reason })
diag-not-a-move = "{ $token }" is not a move in { $notation } notation
diag-not-your-pit = { $pit } is not a pit of { $side ->
    [south] South
   *[north] North
}, who is to move
diag-empty-pit = pit { $pit } is empty
diag-must-feed = the opponent's row is empty and { $pit } does not sow into it, but another move does
diag-endless = sowing from { $pit } never ends (more than { $limit } seeds sown)
diag-claim-seeds = a capture of { $seeds }
diag-claim-any = a capture
diag-captures = captures { $seeds }
diag-captures-slam = would take the whole row (a grand slam), so captures nothing
diag-captures-nothing = captures nothing
diag-wrong-claim = the sheet claims { $claim } but { $pit } { $actual }
diag-end-mismatch = the sheet declares { $declared } but the game was already over after ply { $ply } ({ $reason })
diag-no-agreement = the { $rules } rules have no end by agreement
diag-not-over = the moves stop before the game is over; declare how it ended (agreement, resignation or time)
diag-wrong-seeds = the sheet declares { $south }-{ $north } seeds but the moves give { $actual-south }-{ $actual-north } ({ $reason })
diag-wrong-result = the sheet declares { $declared } but the moves give { $actual } ({ $south }-{ $north }, { $reason })
edit-replace = { $at }: { $now } instead of { $was }
edit-swap = { $first } and { $second } the other way round: { $now } instead of { $was }
edit-swap-own = { $side ->
    [south] South
   *[north] North
}'s moves { $first } and { $second } the other way round: { $now } instead of { $was }
edit-seeds = the moves are right, but the seeds are the other way round: { $now } instead of { $was }
edit-delete = { $at } ({ $was }) written once too often: left out
edit-insert = a move missing before { $at }: { $now }
diagnostic = { $at } ("{ $token }"): { $detail }
