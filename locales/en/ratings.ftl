# The Oware Rating List: the register's page (the hub's organisers), the list and a person's page.

register-title = The register of players
register-intro = One person across every event: each has a number that never changes. Players whose games are rated are linked to their person here, or at the venue by their register number.
register-copy-imported = This is a copy of the hub's register, imported on { $date } ({ $count ->
    [one] one person
   *[other] { $count } persons
  }). Import the hub's register again for a newer copy.
register-copy-not-imported = This service publishes to a hub, and the register is the hub's. Import the hub's register to find players by their number as they are entered.
register-copy-numbers = The hub gives the numbers, merges persons and rates events. Enter a newcomer as a player without a number: the hub's rating officer gives them one when the event reaches the hub.
register-imported = { $count ->
    [one] One person of the register imported.
   *[other] { $count } persons of the register imported.
  }
register-download = Download the register (to import at a venue)
register-waiting = Players waiting to be linked
register-none-waiting = Every player of the tournaments published here is linked to a person.
register-waiting-hint = These players came without a register number, or with one that is not theirs here (the hub gives the numbers). Choose who each one is; a suggestion is only linked once you confirm it.
register-doubt-unknown = Came with number { $number }, which no one has in this register.
register-doubt-differs = Came with number { $number }, which is { $name } here. Not the same: { $what }.
register-doubt-name = name
register-doubt-birth-year = birth year
register-doubt-federation = federation
register-player = Player
register-who = Who they are
register-person-of = Person for { $name }
register-nobody-yet = Nobody yet (add them below first)
register-confirm = Confirm
register-why-id = the number given
register-why-licence = same licence
register-why-name-and-birth-year = same name and birth year
register-why-name = same name
register-why-name-with-typo = name nearly the same
register-why-name-other-birth-year = same name, another birth year
register-add = Add a person
register-add-button = Add to the register
register-licence = Licence number
register-merge = Merge two persons
register-merge-hint = When two numbers are the same person, the second one's games count for the first from now on. Splitting them gives both their own histories back.
register-keep = Number kept
register-gone = Number merged into it
register-merge-button = Merge
register-import = Import a hub's register
register-import-hint = At the venue, before the event: the register file downloaded from the hub, so that players are linked by their number as they are entered.
register-file = Register file (CSV)
register-import-button = Import
register-rated = Rated tournaments
register-rated-hint = The played games of a rated tournament count for the rating list (before or after it is played).
register-rated-column = Rating list
register-is-rated = Rated.
register-rate = Rate it
register-unrate = Stop rating it
register-rate-label = Rate it: { $name }
register-unrate-label = Stop rating it: { $name }
register-persons = Persons
register-number = Number
register-merged = Merged
register-merged-into = into { $id }
register-split = Split back
register-split-label = Split back: { $name }
register-number-is = Register number { $id }

ratings-title = Oware Rating List
ratings-intro = Ratings by Glicko-2 from the played games of rated tournaments, every result replayed from its moves. A rating is provisional while its deviation is above 110.
ratings-list-of = The list of { $list }, from the games played up to the end of { $month }.
ratings-to-come = { $count ->
    [one] One rated game of theirs waits for its month to end.
   *[other] { $count } rated games of theirs wait for their month to end.
  } { $rule }
ratings-event-link = Ratings
ratings-event-to-come = { $rule } Until then, the changes below are what these games will make.
ratings-event-counted = These games counted in the list of { $list }.
ratings-counts-for = Counts for
ratings-all = All
ratings-category = Category
ratings-women = Women
ratings-men = Men
ratings-juniors = Juniors (under 20)
ratings-seniors = Seniors (50 and over)
ratings-established-only = Established ratings only
ratings-show = Show
ratings-empty = Nobody on the list yet.
ratings-rank = Rank
ratings-rating = Rating
ratings-rd = Deviation
ratings-games = Games
ratings-provisional = provisional
ratings-files = The files
ratings-files-hint = The whole list as plain files: anyone can recompute list.csv and history.csv from games.csv with the command "oware-tournament ratings games.csv DIR".
ratings-merged-into = This number was merged into { $name }.
ratings-see = See their page
ratings-also-entered-as = Also entered as:
ratings-rating-now = Rating { $rating }
ratings-rd-now = deviation { $rd }
ratings-games-count = { $count ->
    [one] one rated game
   *[other] { $count } rated games
  }
ratings-plot = Rating after each month played
ratings-history = Rating after each month played
ratings-period = Month
ratings-no-games = No rated game yet.
ratings-card-of = { $name }'s games and rating across events
ratings-events = Events
ratings-event = Event
ratings-performance = Performance
ratings-opponent-rating = Their rating
ratings-days = { $first } to { $last }
ratings-games-title = Rated games
ratings-date = Date
ratings-opponent = Opponent
ratings-side = Side
ratings-score = Score
ratings-replay = Replay
ratings-event-title = Rating list: { $name }
ratings-event-standings = Standings
ratings-event-none = This tournament is not rated, or none of its rated games is between two persons of the register yet.
ratings-event-hint = Each player's rating when the event began, the score their rated games here were expected to bring, the score they brought, and the change these games make to the rating.
ratings-event-caption = Ratings of the event
ratings-expected = Expected
ratings-change = Change
register-ratings-hint = Players entered with their register number can take their rating from the rating list, so that the seeding and the pairing numbers follow it.
register-ratings-take = Take the ratings from the register
register-ratings-confirm-hint = Each player below has a register number, and their person's rating on the list differs from the one they have here. Nothing changes until you confirm.
register-ratings-count = { $count ->
    [one] One player's rating would change
   *[other] { $count } players' ratings would change
  }
register-ratings-now = Here now
register-ratings-listed = On the list
register-ratings-no-rating = none
register-ratings-confirm = { $count ->
    [one] Take this rating
   *[other] Take these { $count } ratings
  }
register-ratings-keep = Keep the ratings as they are
register-ratings-none = Every player with a register number already has their person's rating on the list (players without a number keep theirs).
register-ratings-taken = { $count ->
    [0] No rating changed.
    [one] One rating taken from the register.
   *[other] { $count } ratings taken from the register.
  }
register-month = { $month } { $year }
register-brief = #{ $id } { $name }
register-brief-details = #{ $id } { $name } ({ $details })
register-done-added = Added to the register: { $person }.
register-done-merged = { $gone } is merged into { $keep }: their games count for { $keep } from now on.
register-undo-merge = Undo: split them again
register-done-split = { $person } is split out again: their games count for them alone.
register-done-linked = { $player } is linked to { $person }.
register-done-rated = { $tournament } is rated.
register-counts-in = Games of { $month } count in the list of { $list }.
register-done-unrated = { $tournament } is no longer rated: its games leave the list at its next computation.
register-waiting-count = { $count ->
    [one] One player waits
   *[other] { $count } players wait
} (page { $page } of { $pages }).
register-event-section = { $event }: { $section }
register-found-for = Found for "{ $typed }"
register-or-number = or a register number
register-add-new = Add { $name } as a new person
register-search = Search the register
register-find = Find
register-previous = Previous page
register-next = Next page
register-duplicates = Perhaps one person entered twice
register-duplicates-hint = These persons have the same name, written alike, and no birth year that tells them apart. Look at each pair: merge them only if they are one person.
register-merge-these = Merge #{ $gone } into #{ $keep }…
register-month-rule = The list is computed month by month: a month's games count once the month has ended, in the list of the first of the next month.
register-persons-search = A name or a number
register-persons-count = { $count ->
    [one] One person
   *[other] { $count } persons
} (page { $page } of { $pages }).
register-games = Rated games
register-merge-title = Merge two persons of the register
register-merge-question = Merge { $gone } into { $keep }?
register-merge-explain = #{ $gone }'s games will count for #{ $keep } from now on. #{ $gone } keeps their number, and "Split" gives both their own histories back.
register-merge-yes = Yes, merge #{ $gone } into #{ $keep }
register-merge-cancel = No, back to the register
