bracket-title = Bracket — { $tournament }
print = Print
bracket-heading-end = : bracket
bracket-knockout = Knockout: { $matches }. The better seed (seed number in brackets) starts the first game of a match; the winner goes through.
bracket-third = The semi-finals' losers play for third place.
bracket-double = Double elimination: a player is out after losing two matches. A winners' bracket match's loser goes into the losers' bracket; the two brackets' winners meet in the grand final, played a second time if the losers' bracket's winner wins the first.
bracket-round-n = (round { $number })
bracket-third-place = Third place
bracket-match = Match { $number }
bracket-board = Board { $board }
bracket-bye = Bye
bracket-not-paired = Not paired yet
bracket-goes-through = goes through
bracket-wins-final = wins the tournament
bracket-wins-third = takes third place
bracket-places = Places
place = Place
crosstable-title = Crosstable — { $tournament }
round-by-round-title = Round by round — { $tournament }
crosstable = crosstable
round-by-round = round by round
after-round = after round { $number }
crosstable-cell = Each cell: the row player's score against the column player,
crosstable-cell-s = when the row player moved first (South),
crosstable-cell-n = when second.
round-by-round-cell = Each cell: the opponent's place in the standings,
round-by-round-cell-end = for moving first/second, and the score.
crosstable-match = Each pairing is a match: the score of its games,
crosstable-match-end = for its first game.
crosstable-forfeit = : won/lost without playing;
crosstable-not-final = : not final yet.
rank = Rank
player-rating = rating { $rating }
withdrawn = withdrawn
player-place-shared = Place { $place }= with { $points }.
player-place = Place { $place } with { $points }.
score = Score
running-score = Running score
byes = Byes
bye-cancel = Cancel this bye
bye-ask-hint = Not playing a round? Ask for a bye before the round is paired: you are left out of its pairing and score the bye.
bye-kind = Bye
bye-half = half point
bye-zero = no point
bye-full = full point
bye-ask = Ask for the bye
prizes-title = Prizes — { $tournament }
prizes-heading-end = : prizes
prizes-not-final = Not final yet: rounds or results are still to come, so these are the prizes as the standings stand now.
prizes-order = Prizes are given in the order listed, each to the best-placed player who may take it
prizes-one-each = and has no prize yet (one prize each)
prizes-ties = Ties on points:
ties-tiebreak = the tie-breaks decide
ties-split-words = the whole score group pools the prizes its players would take, one each, and divides their money once, to the cent, each held to the largest prize they may take (US Chess's rule 32B3)
ties-playoff = a play-off decides
prizes-edit = Edit the prizes
prizes-none = No prizes are listed.
prizes-list-them = List them
prize = Prize
category = Category
prize-given = Prize given
all-players = all players
and = and
prizes-playoff-between = a play-off decides between { $names }
prizes-nobody = nobody may take it
prizes-nobody-in-category = not awarded: no player is in its category
prizes-nobody-all-hold = not awarded: every player who may take it holds a prize already (one prize each)
prizes-money-only = (its money only: not in its category)
prizes-shared = pooled by the tie: see "Shared prizes" below
prizes-form-heading-end = : the prizes
prizes-form-hint = List the prizes best first: each goes to the best-placed player who may take it. A prize of a category goes to its members only.
prizes-form-no-categories = This tournament's event has no categories.
prizes-form-drop = Leave a name empty to drop a row.
prize-n = Prize { $n }
prize-for = For
prize-amount = Amount
prize-award = Award
prize-award-example = medal, trophy
currency = Currency
prizes-one-each-field = One prize each (a player takes the first, best, they may take)
prizes-tied-field = Players tied on points for a prize
ties-split = share it (the money in equal parts)
prizes-save = Save the prizes
standings-title = Standings — { $tournament }
standings-lower = standings
standings-of-category = of the category { $category }
standings-after-round = After round:
teams = Teams
crosstable-link = Crosstable
round-by-round-link = Round by round
all-games-csv = All games (CSV)
all-games-ogn = All games (OGN)
standings-match = Each pairing plays a match: { $matches }. Match points: { $points }.
standings-points = Points: { $points }.
standings-mso = Players level on points are ordered by { $order }; the columns show the tournament's tie-breaks ({ $tiebreaks }) for information.
standings-tiebreaks = Tie-breaks in order: { $tiebreaks }.
standings-lots = Players still level are parted by lots drawn with the seed
standings-share = Players still level share their place.
standings-final-only = Only final results count.
standings-still-open = Still open ({ $count }):
games = Games
matches = Matches
standings-playoff-decided = Place { $place } and those tied with it: decided by a play-off
standings-playoff-playing = Place { $place } and those tied with it: a play-off is being played; until it ends the tie-breaks order them
standings-playoff-place = Decide the players tied on points at place
standings-playoff-button = by a play-off
standings-playoff-hint = A play-off is a knockout of the players tied on points at that place, with this tournament's rules and matches; once its final is decided, its places order them here instead of the tie-breaks.
teams-title = Teams — { $tournament }
team-standings = team standings
teams-none-yet = No teams: no player has a { $by } yet.
teams-none = No teams.
team = Team
teams-all-members = All members
teams-members = Members (points, place)
teams-women = (women's team)
teams-men = (men's team)
teams-made-by = Teams are made by
teams-by-none = no teams
teams-by-club = club
teams-by-country = country
teams-by-federation = federation
teams-by-list = lists: the team of each player, below
teams-best = Members counted (empty: all)
teams-genders-apart = Women's and men's teams apart
teams-lists = Team lists: each player's team
teams-lists-hint = Used when teams are made by lists. Players given the same team name (capitals aside) make a team; a player left empty is in none.
teams-save = Save the team settings
tiebreak-name = { $base ->
    [sc] seeds captured
    [sd] seed difference
    [gp] game points
    [pts] points
    [win] rounds won
    [won] games won
    [bpg] games played as North
    [bwg] games won as North
    [ge] games elected to play
    [bh] Buchholz
    [fb] fore-Buchholz
    [aob] average of opponents' Buchholz
    [sb] Sonneborn-Berger
    [aro] average rating of opponents
    [de] direct encounter
    [ps] progressive score
   *[ks] Koya score
}
tiebreak-median = median { $name }
tiebreak-median-n = median { $name } { $n }
tiebreak-cut = { $name } cut { $n }
bye-label = { $kind ->
    [half] half-point bye
    [zero] zero-point bye
   *[full] full-point bye
}
score-won-forfeit = won by forfeit
score-lost-forfeit = lost by forfeit
score-not-played = not played yet
score-unknown = result unknown
teams-words-none = No team standings.
teams-words-best = the points of its best { $count } members
teams-words-all = the points of all its members
teams-words = Teams by { $by ->
    [club] club
    [country] country
    [federation] federation
   *[list] the organiser's lists
}; a team scores { $counted }. Level teams: the points of all their members, then their best member's place.
teams-words-apart = Women's and men's teams are counted apart.
points-count = { $count ->
    [one] { $text } point
   *[other] { $text } points
}
bracket-winners = Winners' bracket
bracket-losers = Losers' bracket
bracket-grand-final = Grand final
bracket-grand-final-reset = Grand final, second match
bracket-winners-final = Winners' final
bracket-winners-round = Winners' round { $number }
bracket-losers-final = Losers' final
bracket-losers-round = Losers' round { $number }
bracket-final = Final
bracket-semi-finals = Semi-finals
bracket-quarter-finals = Quarter-finals
bracket-round-of = Round of { $players }
bracket-seeded = { $name } ({ $seed })
bracket-slot-bye = bye
bracket-winner-of-board = winner of round { $round }, board { $board }
bracket-loser-of-board = loser of round { $round }, board { $board }
bracket-winner-of-match = winner of match { $number }
bracket-loser-of-match = loser of match { $number }
prizes-totals = Money paid, each player
prizes-total = In all
# How many players share a pool, in words.
tied-count = { $count ->
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
   *[other] { $count }
}
# A pool of prizes as one block: its prizes, its money, who shares it and each one's part.
prizes-pool = { $n ->
    [one] { $prizes }: { $total } shared by the { tied-count } tied on { $points }
   *[other] { $prizes } pooled: { $total } shared by the { tied-count } tied on { $points }
}{ $each ->
    [none] , as follows:
   *[other] , { $each } each
}
prizes-pools = Shared prizes
prizes-pool-capped = held to the largest prize they may take
prizes-pool-order = Cents that do not divide equally go one each to the tied players in the standings' order.
prizes-paid = Paid in all
prizes-fund = The prizes' money
prizes-fund-unpaid = of the prizes' { $fund } (a prize goes to nobody, or waits for a play-off)
tiebreak-legend = Tie-breaks, in order:
crosstable-not-paired = : not paired in that round;
bracket-by-forfeit = decided by a forfeit
