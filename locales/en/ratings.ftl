# The Oware Rating List: the register's page (the hub's organisers), the list and a person's page.

register-title = The register of players
register-intro = One person across every event: each has a number that never changes. Players whose games are rated are linked to their person here, or at the venue by their register number.
register-imported = { $count ->
    [one] One person of the register imported.
   *[other] { $count } persons of the register imported.
  }
register-download = Download the register (to import at a venue)
register-waiting = Players waiting to be linked
register-none-waiting = Every player of the tournaments published here is linked to a person.
register-waiting-hint = These players came without a register number. Choose who each one is; a suggestion is only linked once you confirm it.
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
register-rate-label = Rate { $name }
register-unrate-label = Stop rating { $name }
register-persons = Persons
register-number = Number
register-merged = Merged
register-merged-into = into { $id }
register-split = Split back
register-split-label = Split { $name } back out
register-number-is = Register number { $id }

ratings-title = Oware Rating List
ratings-intro = Ratings by Glicko-2 from the played games of rated tournaments, every result replayed from its moves. A rating is provisional while its deviation is above 110.
ratings-after = After { $period }.
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
ratings-events = Events
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
