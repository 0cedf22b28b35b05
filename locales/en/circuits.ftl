circuits-title = Circuits
circuits-intro = A circuit counts each player's best results over a season's events, with their points by place, and names who qualifies for its final. Every result comes from a tournament whose games were checked, and anyone can recompute the standings from the files below each circuit.
circuits-none = No circuit yet.
circuit-new = New circuit
circuit-edit = Change the circuit
circuit-print = Print for the ceremony
circuit-events-count = { $count ->
    [one] { $count } event counts
   *[other] { $count } events count
  }
circuit-best-n = each player's best { $count ->
    [one] result counts
   *[other] { $count } results count
  }
circuit-best-all = every result counts
circuit-provisional = Provisional: an event that counts is not over, so places may still change.
circuit-category = Category
circuit-everyone = Everyone
circuit-show = Show
circuit-standings = Standings
circuit-standings-of = Standings: { $category }
circuit-no-results = No results yet.
circuit-points = Points
circuit-events = Counted / played
circuit-best = Best result
circuit-tie-break = Ahead on
circuit-line-provisional = (provisional)
circuit-tie-rule = Players on equal points are placed by more events played, then their best single result, then head to head in the circuit's events, then by lots drawn from the circuit's published seed.
circuit-tie-events = more events
circuit-tie-best = best result
circuit-tie-head-to-head = head to head
circuit-tie-lots = lots
circuit-qualification = Qualification for the final
circuit-qualification-rule = The first { $top } qualify, each having played at least { $events ->
    [one] { $events } event
   *[other] { $events } events
  }.
circuit-qualification-category = The first { $count } of { $category } qualify too.
circuit-qualification-reserved = { $count ->
    [one] One place is
   *[other] { $count } places are
  } kept for { $category } players not qualified otherwise.
circuit-as-of = As of { $at }.
circuit-qualification-provisional = This list is provisional until every event that counts is over.
circuit-nobody-qualified = Nobody has qualified yet.
circuit-seed = Seed
circuit-qualified-by = Qualified by
circuit-by-top = the overall standings
circuit-by-category = the { $category } standings
circuit-by-reserved = a place kept for { $category }
circuit-declines = Declines
circuit-decline = { $name } declines
circuit-declined = Declined
circuit-declined-on = { $name } declined on { $day }
circuit-take-back = { $name } takes the place back
circuit-next-in-line = Next in line:
circuit-counting = Events that count
circuit-event = Event
circuit-coefficient = Coefficient
circuit-persons = Players
circuit-state = State
circuit-event-gone = tournament { $id } (no longer on this server)
circuit-finished = over
circuit-unfinished = not over
circuit-files = Files
circuit-files-hint = The rules (rules.json) and every result (circuit.csv) give the standings, the points of each result and the qualification byte for byte: oware-tournament circuit rules.json circuit.csv DIR
circuit-card-place = { $place }. with { $points } points
circuit-card-counted = { $counted } of { $events ->
    [one] { $events } result counts
   *[other] { $events } results count
  }
circuit-results = Results
circuit-counts = Counts
circuit-counted = counted
circuit-dropped = dropped
circuit-form-season = Name and season
circuit-form-start = First day
circuit-form-end = Last day
circuit-form-best = Results that count
circuit-form-best-hint = Each player's best this many; empty for every result.
circuit-form-lots = Seed of the lots
circuit-form-no-tournaments = No tournament on this server yet.
circuit-form-points = Points
circuit-form-kind = Points by
circuit-kind-by-place = final place
circuit-kind-players-beaten = players finished behind
circuit-kind-game-points = game points scored
circuit-form-places = Points by place
circuit-form-places-hint = The points of 1st, 2nd, 3rd… separated by spaces. A line starting "6+:" is for fields of 6 players or more.
circuit-form-per-player = Points per player finished behind
circuit-form-for-playing = Points for playing
circuit-form-per-point = Points per game point
circuit-form-categories = Categories
circuit-form-categories-hint = A short code (U14, W, ASH), a name, who is in it, and the final's places it gives: its first so many, or places kept for its best not qualified otherwise. Ages are counted on 1 January of the season's first year.
circuit-form-code = Code
circuit-form-rule = Who
circuit-form-value = Age, federation or club
circuit-rule-under = under the age
circuit-rule-from = of the age or older
circuit-rule-women = women
circuit-rule-federation = of the federation or league
circuit-rule-club = of the club
circuit-form-category-places = Its first
circuit-form-reserved = Places kept
circuit-form-top = Places by the overall standings
circuit-form-min-events = Events needed to qualify
circuit-field-not-number = { $field ->
    [for-playing] points for playing
    [per-player] points per player finished behind
    [per-point] points per game point
    [places] points by place
    [coefficient] a coefficient
    [best] results that count
    [top] places by the overall standings
    [min-events] events needed to qualify
    [lots-seed] seed of the lots
    [category-places] a category's first
    [reserved-places] places kept
    [season-start] first day
    [season-end] last day
   *[other] declined on
  }: "{ $text }" is not a number of at most two decimals
circuit-field-not-whole = { $field ->
    [for-playing] points for playing
    [per-player] points per player finished behind
    [per-point] points per game point
    [places] points by place
    [coefficient] a coefficient
    [best] results that count
    [top] places by the overall standings
    [min-events] events needed to qualify
    [lots-seed] seed of the lots
    [category-places] a category's first
    [reserved-places] places kept
    [season-start] first day
    [season-end] last day
   *[other] declined on
  }: "{ $text }" is not a whole number
circuit-field-not-date = { $field ->
    [for-playing] points for playing
    [per-player] points per player finished behind
    [per-point] points per game point
    [places] points by place
    [coefficient] a coefficient
    [best] results that count
    [top] places by the overall standings
    [min-events] events needed to qualify
    [lots-seed] seed of the lots
    [category-places] a category's first
    [reserved-places] places kept
    [season-start] first day
    [season-end] last day
   *[other] declined on
  }: not a date
circuit-category-age = category { $code }: the age is not a whole number
circuit-rules-unreadable = circuit { $id }: its rules do not read
circuit-season-backwards = the season ends before it starts
circuit-no-name = the circuit needs a name
circuit-event-twice = tournament { $tournament } is counted twice
circuit-category-twice = category { $code } is given twice
circuit-no-such-category = the qualification names category { $code }, which the circuit does not have
circuit-best-zero = at least one result must count
circuit-empty-table = the table of points by place gives no points
circuit-bad-code = a category's code must be short, without spaces, commas or semicolons
circuit-no-such-tournament = tournament { $tournament } is not on this server
circuit-declined-already = this player has declined already
circuit-not-declined = this player has not declined
circuit-list-since = This list stands since { $at }.
circuit-final = The final
circuit-final-none = The qualified are not entered in a final yet.
circuit-final-entered = { $count ->
    [one] One player entered by the circuit, seeded by circuit rank, in
   *[other] { $count } players entered by the circuit, seeded by circuit rank, in
  }
circuit-final-follows = Until its first round is paired, a decline withdraws the player and enters the next in line; afterwards the controller withdraws a player who does not come, as in any tournament.
circuit-final-tournament = Tournament of the final
circuit-final-enter = Enter the qualified
circuit-final-again = Bring the final in line with the list
circuit-final-counts = the final cannot be one of the tournaments that count
circuit-final-already = the qualified are already entered in tournament { $tournament }
circuit-final-pushed = a venue publishes this tournament here: enter the players at the venue, from the qualification list
circuit-final-started = the final's first round is paired: the controller withdraws or adds players there
circuit-final-provisional = the circuit is provisional: the qualified can be entered once every tournament that counts is over
circuit-final-again-error = the qualification changed meanwhile: send the form again
circuit-site-footer = Every result counted was replayed under its tournament's rules before it counted. Written by oware-tournament: recompute the standings from circuit.csv and rules.json with its circuit command.
held-circuits-link = Circuit points
held-circuits-title = Circuit points · { $tournament }
held-circuits-heading = circuit points
held-circuits-intro = The circuits of the hub that count this tournament, as the hub last sent them, with each player's points from this tournament if it ended now: provisional until the hub counts the final standings.
held-circuits-none = The hub counts this tournament in no circuit, or has not been reached yet.
held-circuits-as-of = Circuit standings as the hub computed them on { $computed }, received here on { $fetched }.
held-circuits-no-persons = None of this tournament's players is a person of the hub's register.
held-circuits-points = Points from this tournament
held-circuits-rank = Circuit place if it ended now
held-circuits-not-counted = (not among the best)
held-circuits-was = was { $rank }
