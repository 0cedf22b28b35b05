# The service's refusals and the problems it finds in what it is sent: each names the fact
# that is wrong and, where it can, what to do instead.

tournament-takes-at-most-players = a tournament takes at most { $max_players } players; this one has { $registered }
pairing-numbers-fixed-once-round = pairing numbers are fixed once round 1 is paired
give-every-player-tournament-once = give every player of the tournament once, in pairing order ({ $all_count } players)
file-cannot-read-tournament-file = the file cannot be read as a tournament file: { $error }
file-was-not-imported = the file was not imported: { $problem }
notice-holds-at-most-characters = a notice holds at most { $max_notice } characters; this one has { $count }
no-roll-call-open-open = no roll call is open: open one first
tournament-has-rounds-all-paired = the tournament has { $rounds } rounds, all paired
round-robin-s-knockout-s = a round robin's or a knockout's roll call is before round 1; later an absent player loses their game by forfeit
roll-call-before-round-closed = the roll call before round { $round } is closed already
has-withdrawn-reinstate-them-first = { $name } has withdrawn: reinstate them first
present-only-absent-withdrawn-when = { $name } is present: only the absent are withdrawn when the roll call closes
roll-call-before-round-still = the roll call before round { $number } is still open: close it first
take-roll-call-before-round = take the roll call before round { $number } first (the tournament asks for one)
absent-at-roll-call-before = absent at the roll call before round { $number }, so not paired in it: { $value } (a late arrival plays from the next round)
game-match-has-sheet-result = game { $match_game } of this match has a sheet or a result, and would no longer be played (or would have another player starting) after this change to game { $match_game2 }: send game { $match_game } back first (reset), then change this one
tournament-changed-while-pairing = the tournament changed while the pairing was computed (a result, a player, a round, a setting): generate it again
round-was-paired-meanwhile-generate = round { $number } was paired meanwhile: generate the next one again
round-published-pairings-corrected-hand = round { $number } is published: its pairings are corrected by hand, not generated again
round-not-published-yet-publish = round { $number } is not published yet: publish it (or change it) before pairing the next
round-has-no-pairings-publish = round { $number } has no pairings to publish
round-published-stays = round { $number } is published and stays
choose-players-enter = choose the players to enter
not-section-event = { $name } is not a section of this event
player-does-not-play-event = player { $id } does not play in this event
tournament-takes-at-most-players-2 = a tournament takes at most { $max_players } players; { $name } would have { $registered }
too-many-failed-sign-ins = too many failed sign-ins from your network: try again in { $seconds } seconds
too-many-failed-sign-ins-2 = too many failed sign-ins: the account is locked for up to { $lock_minutes } minutes
too-many-wrong-pins-ask = too many wrong PINs: ask the controller, or wait up to { $lock_minutes } minutes
round-not-published-standings-go = round { $n } is not published; the standings go up to round { $published }
round-not-published-yet = round { $number } is not published yet
there-no-account = there is no account "{ $username }"
organiser-organisers-run-every-tournament = "{ $username }" is an organiser; organisers run every tournament already
stage-s-qualifiers-come-another = from: a stage's qualifiers come from another tournament
top-2-players = top: from 2 to the { $table_count } players of { $name }
has-no-published-round-has = { $name } has no published round: it has no standings to go on from
tournament-has-players-rounds-already = this tournament has players or rounds already: a stage's qualifiers are its players, entered before round 1
players-not-player-given-twice = players: { $id } is not a player of { $name } (or is given twice)
players-stage-needs-at-least = players: a stage needs at least two
reason-say-why-qualifiers-differ = reason: say why the qualifiers differ from the standings (a play-off, a withdrawal)
place-1-players-standings = place: from 1 to the { $table_count } players of the standings
place-alone-points-play-off = place { $place }: { $name } is alone on { $points } points; a play-off is for players tied on points
place-already-has-play-off = place { $first } already has its play-off
pin-not-pin-player-game = that PIN is not the PIN of a player of this game
end-only-controller-adjudicates-game = end: only the controller adjudicates a game, from its page
seeds-each-0-48 = seeds: each from 0 to 48
move-list-over-64-kib = the move list is over 64 KiB
result-south-north-draw = result: south, north or draw
end-natural-agreement-resignation-time = end: natural, agreement, resignation or time
accept-sheet-sheet-accepted-brings = accept_sheet: a sheet accepted brings its own result, seeds, end and moves
kind-played-forfeit-south-forfeit = kind: played, forfeit-south, forfeit-north or double-forfeit (or accept_sheet: the sheet to accept)
seeds-south-north-each-0 = seeds: [south, north], each 0 to 48
has-no-result-seeds-moves = a { $kind } has no result, seeds or moves: it is a result of its own
reason-say-why-staff-read = reason: say why (the staff read it in the audit log)
label-say-which-venue-event = label: say which venue and event the token is for (1 to 100 characters)
no-such-token = no such token
token-was-revoked-hub-ask = this token was revoked on the hub: ask its organiser for a new one
push-cannot-read = the push cannot be read: { $error }
players-may-not-do-controller = players may not do this; a controller or organiser may
only-organiser-may-do = only an organiser may do this
tournament-not-assigned-your-account = this tournament is not assigned to your account
tournament-not-knockout-has-standings = this tournament is not a knockout: it has standings, not a bracket
bye-has-no-result-set = a bye has no result to set
bye-has-no-score-sheet = a bye has no score sheet
you-not-player-game = you are not a player of this game
score-sheets-come-players-controller = score sheets come from the players; the controller sets results instead
page-player-s-own-sign = this page is a player's own: sign in with your PIN in this tournament
tournament-s-pairings-entered-hand = this tournament's pairings are entered by hand: give "pairings"
knockout-s-pairings-follow-bracket = a knockout's pairings follow its bracket: round { $number } is { $pairs } (on any boards)
players-pair-dutch-pairing-more = { $field } players to pair: the Dutch pairing of more than { $max_swiss_field } players takes too long on this server; enter this round's pairings by hand
not-found = not found
username-1-50-letters-digits = username: 1 to 50 letters, digits, '.', '_' or '-'
role-organiser-controller = role: organiser or controller
password-at-least-8-characters = password: at least 8 characters
username-taken = the username "{ $username }" is taken
game-has-final-result-there = the game has its final result: there is nothing to adjudicate
trf-file-swiss-round-robin = a TRF file is for Swiss and round-robin events: a knockout's bracket cannot be expressed in it; export the standings and the games as CSV, or the games as OGN, instead
trf-file-holds-one-game = a TRF file holds one game per pairing and a score of points: this tournament's pairings play matches, which it cannot express; export the standings and the games as CSV, or the games as OGN, instead
trf-settings = the file: { $problems }
trf-unreadable = the TRF file, line { $line }: { $problem }
trf-unreadable-whole = the TRF file: { $problem }
trf-scoring-points = line 162: "{ $text }" is not a number of points
trf-scoring-absence = line 162: points for an absence are read only when they are 0
trf-scoring-code = line 162: "{ $text }" is not one of W, D, L, A, P, X
trf-not-whole = { $what } "{ $text }" is not a whole number
trf-figure-starting-number = starting number
trf-figure-opponent = opponent
trf-figure-rating = rating
trf-figure-rank = rank
trf-figure-number-of-rounds = number of rounds
trf-points-not-number = points "{ $text }" are not a number
trf-points-not-halves = points "{ $text }" are not whole or half points
trf-no-starting-number = a player line without a starting number
trf-colour = round { $round }: colour "{ $text }" is not w, b or -
trf-result-code = round { $round }: result "{ $text }" is not a TRF result code
trf-no-opponent = round { $round }: a game or forfeit needs an opponent
trf-no-colour = round { $round }: a game played needs a colour
trf-number-twice = starting number { $number } appears twice
trf-disagree = round { $round }: player { $player } and player { $opponent } do not agree on their game
trf-file-has-no-players = the TRF file has no players (lines 001)
tournament-takes-at-most-players-3 = a tournament takes at most { $max_players } players; the file has { $players_count }
trf-file-player = the TRF file, player { $number }: { $problem }
trf-file-player-round-has = the TRF file, player { $number }: round { $value } has an opponent but no result; only the last round may be unplayed
event-id-there-no-event = event_id: there is no event { $id }
rounds-rounds-paired-already-tournament = rounds: { $paired } rounds are paired already; the tournament cannot have fewer
full-point-bye-granted-controller = a full-point bye is granted by the controller: ask them
has-withdrawn-tournament = { $name } has withdrawn from the tournament
round-robin-s-pairings-fixed = a round robin's pairings are fixed in advance: there are no byes to ask for
knockout-player-who-does-not = in a knockout a player who does not play a match loses it: there are no byes to ask for (the controller rules a forfeit)
tournament-has-rounds-1 = the tournament has rounds 1 to { $rounds }
round-paired-already-ask-controller = round { $number } is paired already: ask the controller
there-no-bye-round-cancel = there is no bye in round { $number } to cancel
planned-round-not-one-tournament = planned: round { $round } is not one of the tournament's { $rounds } rounds
round-not-published-yet-publish-2 = round { $number } is not published yet: publish it, then start it
round-started-already = round { $number } started already
game-has-no-move-list = this game has no move list
name-two-different-players = name two different players
pairing-was-not-ruled-out = that pairing was not ruled out
hub-hub-s-address-https = hub: the hub's address, as https://results.example.org
token-token-hub-s-organiser = token: the token the hub's organiser gave, as 12.abcdef…
changes-through-api-come-site = changes through the API come from this site's own pages or from programs, not from pages of other sites
body-has-bytes-limit = the body has { $length } bytes; the limit is { $limit }
body-over-limit-bytes = the body is over the limit of { $limit } bytes
file-not-utf-8-text = the file is not UTF-8 text (save it as CSV UTF-8)
pairing-numbers-not-whole-number = pairing numbers: "{ $value }" is not a whole number
pairing-numbers-number-players-1 = pairing numbers: number the players 1 to { $numbered_count }, each number once
file-not-utf-8-text-2 = the file is not UTF-8 text: choose the .json file the tournament's page exported
mark-player-present-absent = mark a player present or absent
choose-section-enter-them = choose the section to enter them in
not-one-event-s-categories = "{ $category }" is not one of this event's categories
give-tournament-top-how-many = give from (a tournament) and top (how many)
place-not-place = place: "{ $place }" is not a place
whole-number = { $name }: a whole number
uploaded-file-not-text = the uploaded file is not text
ogn-file-does-not-give = the OGN file does not give the seeds (its Result tag): choose the result and type the seeds
there-no-such-page = there is no such page
there-no-such-api-route = there is no such API route
over-limit-bytes = { $what } is over the limit of { $limit } bytes
not-utf-8-text = { $what } is not UTF-8 text
form-over-limit-bytes = the form is over the limit of { $form_limit } bytes
trf-file-not-utf-8 = the TRF file is not UTF-8 text
give-player-whose-bye = give "player": whose bye it is
form-was-out-date-you = this form was out of date (you may have signed in or out since the page was opened), so nothing was changed: open the page again and send the form from there
route-takes-bodies = this route takes { $wanted } bodies
route-takes-application-json-bodies = this route takes application/json bodies
json-body-not-what-route = the JSON body is not what this route takes: { $error }
body-could-not-read = the body could not be read: { $error }
upload-could-not-read = the upload could not be read: { $error }
not-row-number = "{ $r }" is not a row number
give-either-pairings-generate-true = give either "pairings" or "generate": true, not both
give-pairings-generate-true = give "pairings" or "generate": true
mode-generate-hand = mode: generate or by-hand
part-sheet-1-continuation-sheets = part: a sheet from 1 to { $most_sheets } (continuation sheets from 2)
form-could-not-read = the form could not be read: { $error }
body-could-not-read-2 = the body could not be read: { $error }
form-could-not-read-2 = the form could not be read: { $error }
form-not-utf-8-text = the form is not UTF-8 text: nothing was changed
request-s-headers-hold-bytes = the request's headers hold { $size } bytes; the most this service reads is { $most_header_bytes }
action-must-assign-unassign = action must be assign or unassign
not-date-yyyy-mm-dd = { $field }: "{ $v }" is not a date (YYYY-MM-DD)
end-date-tournament-cannot-end = end_date: the tournament cannot end before it starts
rounds-give-number-rounds = rounds: give the number of rounds
rounds-not-between-1-99 = rounds: { $n } is not between 1 and 99
pairing-not-one-manual-round = pairing: "{ $p }" is not one of manual, round-robin, swiss, knockout
tie-policy-not-one-fide = tie_policy: "{ $p }" is not one of fide, mso, mso-spread
lots-seed-whole-number-0 = lots_seed: a whole number from 0 to 2^53
third-place-double-elimination-decides = third_place: a double elimination decides third place in its losers' bracket; it has no third-place match
club-rounds-0-clubmates-may = club_rounds: from 0 (clubmates may meet from round 1) to the { $rounds } rounds
language-not-language-code-such = language: "{ $code }" is not a language code such as en or fr
check-not-one-none-first = check_in: "{ $c }" is not one of none, first, every
check-round-robin-s-knockout = check_in: a round robin's or a knockout's players answer the roll call before round 1 (first); later the absent lose their game by forfeit
not-one = { $field }: "{ $v }" is not one of { $value }
name-tournament-needs-name = name: a tournament needs a name
name-at-most-200-characters = name: at most 200 characters
no-control-characters-line-breaks = { $field }: no control characters (line breaks, escapes) or characters that reverse the text
venue-at-most-200-characters = venue: at most 200 characters
rules-choose-rule-preset-abapa = rules: choose a rule preset (abapa, brettspielnetz, tournament, merkel, anan-anan)
rule-options = rule_options: { $error }
rules-unknown = rules: { $error }
points-each-must-number-0 = points: each must be a number from 0 to 10
points-win-must-worth-at = points: a win must be worth at least a draw, a draw at least a loss
points-use-whole-half-points = points: use whole or half points
tiebreaks-unknown-code-known = tiebreaks: unknown code "{ $code }" (known: { $codes })
tiebreaks-listed-twice = tiebreaks: { $t } is listed twice
not-rule-option = "{ $name }" is not a rule option
gender-not-female-male = gender: "{ $other }" is not female or male
name-player-needs-name = name: a player needs a name
name-at-most-100-characters = name: at most 100 characters
club-at-most-100-characters = club: at most 100 characters
country-at-most-60-characters = country: at most 60 characters
names-may-not-hold-control = names may not hold control characters or characters that reverse the text
rating-not-between-0-4000 = rating: { $r } is not between 0 and 4000
birth-year-not-year-1900 = birth_year: { $y } is not a year from 1900 to 2100
title-federation-at-most-20 = title and federation: at most 20 characters each
title-federation-no-control-characters = title and federation: no control characters
game-minutes-1-600 = game_minutes: from 1 to 600
increment-seconds-0-600 = increment_seconds: from 0 to 600
move-seconds-1-3600 = move_seconds: from 1 to 3600
round-minutes-1-1440-day = round_minutes: from 1 to 1440 (a day)
utc-offset-minutes-720-840 = utc_offset_minutes: from -720 to 840
match-games-not-between-1 = match_games: { $games } is not between 1 and { $most_games }
match-games-best-match-needs = match_games: a best-of match needs an odd number of games (best of { $games } can end level without a draw); play { $games } games each, or best of { $value }
categories-at-most = categories: at most { $max_categories }
categories-category-needs-name-1 = categories: category { $number } needs a name of 1 to 40 characters
categories-named-twice = categories: "{ $name }" is named twice
categories-age-1-120-not = categories: { $name }: an age from 1 to 120, not { $age }
categories-rating-1-4000-not = categories: { $name }: a rating from 1 to 4000, not { $rating }
prizes-at-most = prizes: at most { $max_prizes }
currency-at-most-10-characters = currency: at most 10 characters
prize-name-1-60-characters = prize { $n }: a name of 1 to 60 characters
prize-award-at-most-60 = prize { $n }: an award of at most 60 characters
prize-amount-0-1-000 = prize { $n }: an amount from 0 to 1,000,000,000
prize-give-amount-award-both = prize { $n }: give an amount, an award, or both
prize-amount-whole = prize { $n }: { $currency } has no cents: give a whole amount
prize-not-one-event-s = prize { $n }: "{ $c }" is not one of the event's categories
best-1-50-members-counted = best: from 1 to 50 members counted
lists-teams-listed-only-list = lists: teams are listed only with by: list
lists-team-needs-name-1 = lists: a team needs a name of 1 to 60 characters
player-not-tournament = { $name }: player { $p } is not in this tournament
player-two-teams = player { $p } is in two teams, { $other } and { $name }
name-event-needs-name-at = name: an event needs a name of at most 100 characters
venue-at-most-100-characters = venue: at most 100 characters
names-no-control-characters = names: no control characters
end-date-event-cannot-end = end_date: the event cannot end before it starts
error-sign-in-first = please sign in first
wrong-login = wrong username or password
wrong-pin = wrong player or PIN
stale-sheet = the sheet you confirm is no longer the latest one of this game: read the sheet now on the game's page before you confirm
hub-wrong-token = this hub has no such token: ask the hub's organiser for one
rules-fixed = the rules and their options are fixed once a round is published: every game played was checked under them
matches-fixed = what a pairing plays (games, who starts, what counts), and whether the event is a knockout (with its third-place match), are fixed once a round is paired: its games were laid out under them
csv-no-players = the file names no players
csv-header-unreadable = the header row cannot be read: { $error }
csv-fields-count = { $fields } fields where the header has { $header }
csv-row-not-utf8 = the row is not valid UTF-8 text
csv-row-unreadable = the row cannot be read: { $error }
csv-too-many-rows = more than { $most } players in one import
csv-not-whole-number = { $field }: "{ $text }" is not a whole number
csv-column-twice = the column "{ $column }" is named twice
csv-no-name-column = the header row must name a "name" column (and may name { $columns })
csv-unknown-column = unknown column "{ $column }" (expected { $columns })
csv-text-after-quote = text after the closing quote of a field
csv-quote-never-closed = a quote opened on this line is never closed
problems = { $list }
problems-separator = ;{" "}
not-tournament-file-service-format = this is not a tournament file of this service (its format says "{ $format }", not "{ $format2 }")
file-version-service-reads-version = the file is of version { $version }; this service reads version { $version2 }
tournament-s-settings-event-id = the tournament's settings: event_id: a tournament file stands alone, outside any event; leave it out
tournament-takes-at-most-players-4 = a tournament takes at most { $most_players } players; the file has { $players_count }
player-pairing-number-counts-1 = player { $name }: a pairing number counts from 1
round-round-s-number-1 = round { $number }: a round's number is from 1 to { $most_rounds }
seeds-0-48-each = { $whose }: seeds are from 0 to 48 each
file-has-no-round = { $what }: the file has no round { $round }
file-has-no-player = { $what }: the file has no player { $id }
player-cannot-play-themself = { $what }: a player cannot play themself
boards-match-s-games-count = { $what }: boards and a match's games count from 1
another-game-has-same-board = { $what }: another game has the same board
round-not-published-yet-game = { $what }: its round is not published, yet the game has a sheet or a result
bye-only-bye-game-without = { $what }: a bye, and only a bye, is a game without an opponent
game-but-has-no-result = { $what }: the game is { $status } but has no result
forfeit-bye-has-no-winner = { $what }: a forfeit or a bye has no winner, seeds, end or moves
played-result-needs-winner-seeds = { $what }: a played result needs its winner, seeds and end
sheet-file-has-no-game = sheet { $id }: the file has no game { $game } to which it belongs
they-do-not-play-game = { $whose }: they do not play in this game
only-controller-adjudicates-sheet-cannot = { $whose }: only the controller adjudicates; a sheet cannot say so
game-but-file-has-no = { $game }: the game is { $status } but the file has no sheet of it
round-not-1 = { $what }: round { $n } is not from 1 to { $most_rounds }
players-kept-apart-pair-two = players kept apart: a pair is two players
has-withdrawn = { $place }: { $n } has withdrawn
paired-twice-round-also = { $place }: { $n } is paired twice in this round (also { $first })
asked-bye-round-cancel-bye = { $place }: { $n } asked for a bye in round { $round }: cancel the bye to pair them
have-met-before = { $place }: { $south } and { $north } have met before
must-not-paired-ruled-out = { $place }: { $south } and { $north } must not be paired (ruled out by the controller)
same-club-clubmates-not-paired = { $place }: { $south } and { $north } are of the same club, and clubmates are not paired together in round { $round }
position-holds-seeds-south-s = the position holds { $total } seeds ({ $south_row } on South's row, { $north_row } on North's, { $value } and { $value2 } captured): a game has { $seeds }
unknown-tie-break = unknown tie-break "{ $text }"
two-players-have-id = two players have the id { $id }
two-players-have-pairing-number = two players have the pairing number { $number }
two-rounds-have-id = two rounds have the id { $id }
round-file-twice = round { $number } is in the file twice
two-games-have-id = two games have the id { $id }
two-sheets-have-id = two sheets have the id { $id }
bye-asked = the bye { $name } asked for
player-asked-bye-round-twice = player { $player } asked for a bye in round { $round } twice
roll-call-before-round-file = the roll call before round { $round } is in the file twice
player-answered-roll-call-before = player { $player } answered the roll call before round { $round } twice
choose-how-teams-made = choose how teams are made
members-counted-not-whole-number = members counted: "{ $n }" is not a whole number
form-has-field-does-not = the form has a field it does not know ("{ $name }")
not-board-number-player = { $name }: "{ $v }" is not a board number or a player
form-gives-no-pairing-choose = the form gives no pairing: choose the players of a board or a bye
ties-not-way-settle-ties = ties: "{ $ties }" is not a way to settle ties
not-amount = { $name }: "{ $a }" is not an amount (a number of at most two decimals, as 64.60)
give-whole-number = { $name }: give the { $what } as a whole number
give-date-age-counted = { $name }: give the date the age is counted on
not-kind-category = { $name }: "{ $other }" is not a kind of category
not-date-yyyy-mm-dd-2 = { $what }: "{ $d }" is not a date (YYYY-MM-DD)
settings-unreadable = the settings cannot be read ({ $error })
not-number = { $field }: "{ $text }" is not a number
rule-options-not-json-object = rule options: not a JSON object of options ({ $error })
not-whole-number = { $what }: "{ $text }" is not a whole number
round-not-date-time = round { $round }: "{ $text }" is not a date and time
no-such = no such { $what ->
    [tournament] tournament
    [player] player
    [round] round
    [game] game
    [event] event
    [sheet] sheet of this game
    [page] page
    [person] person
    [circuit] circuit
   *[other] thing
  }
boards-keep-results = { $boards } { $count ->
    [one] has a result or a sheet: it stays as it is
   *[other] have a result or a sheet: they stay as they are
  } (reset a game first to re-pair it)
stage-source-not-over = { $name } is not over: { $open ->
    [one] { $open } game of its published rounds still has no result that counts
   *[other] { $open } games of its published rounds still have no result that counts
  }
file-settings = the tournament's settings: { $problems }
file-round-clock = the round clock: { $problems }
file-prizes = the prizes: { $problems }
file-teams = the teams: { $problems }
file-player = player { $id } ({ $name }): { $problem }
file-bye-of = round { $round }, the bye of { $name }
file-game-of = round { $round }{ $board ->
    [0] {""}
   *[other] , board { $board }
  }{ $game ->
    [1] {""}
   *[other] , game { $game }
  } ({ $south } v { $north })
file-sheet-problem = { $whose }: { $problem }
file-moves-wrong = { $whose }: its moves do not give what it says, at ply { $ply }, { $at }: { $detail }
file-moves-mended = { $whose }: its moves do not give what it says, at ply { $ply }, { $at }: { $detail } (it would agree with { $edits })
file-result-of = { $what }, its result
file-sheet-of = { $game }, the sheet { $sender } sent
file-a-bye = a bye asked for
file-kept-apart = players kept apart
file-a-roll-call = a roll call
file-an-answer = an answer to a roll call
ogn-record = the OGN record: { $problem }
ogn-record-line = the OGN record, line { $line }: { $problem }
ogn-tag-end = a tag line must end with "]": { $text }
ogn-tag-name = a tag needs a name: { $text }
ogn-unquoted = the value of tag { $tag } must be in double quotes
ogn-bad-escape = bad escape in the value of tag { $tag }
ogn-no-closing-quote = the value of tag { $tag } has no closing quote
ogn-text-after = text after the value of tag { $tag }
ogn-end-tag = End tag "{ $text }": expected natural, agreement, resignation:south|north or time:south|north
ogn-result-tag = Result tag "{ $text }": expected the seeds of South and North, such as "25-20", or "*"
ogn-fen-tag = FEN tag: { $problem }
fen-field-count = a position has 15 fields (12 pits, 2 stores, side to move) separated by "-"; found { $count }
fen-bad-count = field { $field } ("{ $text }") is not a seed count from 0 to 48
fen-bad-side = the side to move must be S or N, not "{ $text }"
fen-seed-count = the pits and stores hold { $seeds } seeds; there must be exactly 48
ogn-set-up-position = the OGN record starts from a set-up position; a tournament game starts from the beginning
ogn-several-games = the OGN file holds { $games } games; a sheet holds one
seeds-over-48 = { $south } and { $north } seeds make more than the 48 of the game
lost-game-not-draw = a game lost by { $end } has a winner, not a draw
natural-end-beyond-capture = { $south }-{ $north } seeds: with seeds left on the board, the game ended at the capture that took a player past 24, and under { $rules } one capture takes at most { $capture } seeds, so no player ends with more than { $most }
natural-end-seeds-majority = { $south }-{ $north } seeds: a game that ends by the rules leaves every one of the 48 seeds captured, or a player on 25 or more
natural-end-seeds-all = { $south }-{ $north } seeds: a game that ends by the rules leaves every one of the 48 seeds captured (these rules do not end it at 25)
stopped-end-seeds-all = { $south }-{ $north } seeds: a game ended by { $end } gives each player the seeds on their own row as well, so the 48 seeds are all counted
agreement-not-in-rules = the { $rules } rules know no end by agreement
lost-game-after-majority = { $south }-{ $north } seeds: the game ended when a player reached 25, before any { $end ->
    [time] loss on time
   *[other] resignation
  }
moves-required-after-sheets-without = { $sheets ->
    [one] a sheet of this tournament was sent without moves
   *[other] { $sheets } sheets of this tournament were sent without moves
  }: the move list cannot become required now (every sheet stored must meet the tournament's settings)
confirmed-result-not-its-sheet = { $game }: the result is confirmed, but it is not the result of the sheet { $sender } sent and the opponent confirmed (winner, seeds, end and moves must be the sheet's)
person-plays-section-not-yours = { $name } also plays in { $section }, which your account does not run: their PIN and details are changed by whoever runs every section they play in (an organiser)
prize-more-than-earlier = prize { $n } ({ $name }) is worth more than prize { $earlier } ({ $earlier_name }) listed before it: prizes are listed best first (is an amount mistyped?)
notice-no-control-characters = a notice is plain text: no control characters (such as NUL or ESC) nor characters that turn the text round or break it invisibly (U+202E, U+2028)
hub-history-differs = the hub's copy does not follow from this venue's: the hub holds changes this venue does not have (a venue restored from a backup, or another copy published with this token). Publish this venue's copy again to replace the hub's
push-without-identity = the pushed file does not say which tournament it is (a venue of an earlier version of the service): update the venue's service
push-file-or-changes = a push holds either a whole tournament file, or changes since a version with the digest they give, not both and not neither
push-changes-other-tournament = these changes would make the copy another tournament: send the whole file
wifi-name-missing = Write the Wi-Fi's name.
wifi-name-too-long = A Wi-Fi's name holds at most { $most } bytes; this one has { $bytes }.
wifi-password-too-long = A Wi-Fi's password holds at most { $most } characters.
push-other-tournament = the token "{ $label }" publishes another tournament ({ $name }): each tournament needs a token of its own
not-published-to-hub = this tournament is not published to a hub
file-identity-not-readable = the file's tournament identity (uid) is not one this service writes (up to 64 hexadecimal digits)
sheet-moves-required = this tournament needs the move list on every sheet
seeds-not-result = { $south }-{ $north } seeds do not give the declared result ({ $winner })
pairing-board = board { $board }
pairing-bye = a bye
pairing-unknown-player = { $place }: player #{ $id } is not in this tournament
pairing-themselves = { $place }: a player cannot play themselves
pairing-had-bye = { $name } already had a bye
pairing-missing = not paired this round: { $names }
double-elimination-knockout-only = double_elimination: only a knockout (pairing: knockout) has it
rule-options-unreadable = the rule options cannot be read: { $error }
adjudicate-not-seeds = { $what }: "{ $text }" is not a number of seeds (0 to 48)
adjudicate-pit = pit { $pit }
adjudicate-captured-south = captured by South
adjudicate-captured-north = captured by North
changed-after-you-opened-page = { $round ->
    [0] this game
   *[other] round { $round }
  } changed after you opened the page: { $action } by { $actor } at { $at } UTC; look at it again before you save
stored-moves-no-longer-replay = the stored moves of round { $round } board { $board } no longer replay under the tournament's rules (at { $at }: { $detail }); the controller should set the result again
refusal-settled = the result of this game is final; only the controller can change it
refusal-disputed = the two sheets of this game differ: the controller decides
refusal-nothing-to-confirm = there is no sheet to confirm yet
refusal-own-sheet = you submitted this sheet; your opponent confirms it
refusal-ruled = the controller has set the result of this game
dutch-impossible = no pairing of this round meets the absolute criteria (no rematch, no second bye, no two players who must have the same side)
dutch-too-large = this round has too many players and score groups for the pairing's weights ({ $bits } bits; at most 4,096)
request-too-slow = the request took longer than { $seconds } s to arrive; send it again
request-body-too-slow = the request's content came slower than { $bytes } bytes a second; send it again
knockout-too-few = a knockout needs at least two players; this one has { $players }
knockout-over = the knockout is over after round { $round }: its final was played
knockout-undecided = round { $round }'s ties are not all decided (board { $board }): a knockout round is paired from the winners, once every match of the round before has its result
open-before = { $open ->
    [one] { $open } game of round { $round } has no final result
   *[other] { $open } games of round { $round } have no final result
  }; the pairing used the results that count
pairing-board-from-1 = pairing { $pairing }: board numbers start at 1
pairing-entry-shape = pairing { $pairing }: give "south" and "north" (and optionally "board"), or "bye" alone
pairing-board-twice = board { $board } is given twice
sheet-choose-result = choose the result: who won, or a draw
sheet-type-seeds = type the seeds each player captured
language-not-written = language: the pages are not written in "{ $language }"; they are in { $known }
import-bad-rows = { $rows ->
    [one] { $rows } bad row; nothing was imported
   *[other] { $rows } bad rows; nothing was imported
  }
import-undecided = some rows name players registered already; nothing was imported: say for each whether to add it (?add=ROW,...) or skip it (?skip=ROW,...)
edits-and = {" "}and{" "}
sheet-replay-problem = at { $at }: { $detail }
knockout-rounds = a knockout of { $players } players takes { $needed } rounds; the tournament has { $rounds }: set its rounds to { $needed }
knockout-rounds-double = a double elimination of { $players } players takes up to { $needed } rounds (the last only if the losers' bracket's winner wins the grand final); the tournament has { $rounds }: set its rounds to { $needed }
knockout-pair = { $south } – { $north }
knockout-bye-for = a bye for { $name }
register-id-not-an-id = register number: { $id } is not a number of the register
person-needs-name = a person needs a name
person-federation-licence-too-long = federation: at most 20 characters; licence: at most 40
merge-person-with-themselves = a person cannot be merged with themselves
person-already-merged = person { $id } was merged into person { $into }: split them back first, or merge into { $into }
persons-played-each-other = these two persons played each other (game { $game }): they cannot be one person
person-never-merged = person { $id } was never merged into anyone: there is nothing to split
player-already-has-person = { $name } is already person { $id } of the register
register-held-copy = This service holds a copy of the hub's register: the hub gives the numbers, merges persons and rates events. Enter a newcomer as a player without a number; the hub's rating officer gives them one when the event reaches the hub
register-file-line = the register file, line { $line }: { $problem }
register-file-person = the register file, line { $line }: { $problem }
register-file-unknown-id = an id that is not a number of the register, or a person merged into one the file does not hold
register-file-header = the first line should be "{ $header }"
register-file-fields = not as many fields as the header names
register-file-field = the { $column } does not read
register-file-twice = this id is given twice
register-file-not-text = the file is not a register file in UTF-8
ratings-taken-before-pairing = the ratings are taken from the register before the first round is paired: the pairing numbers follow them
ogn-another-game = the file is of another game: its { $tag ->
    [Event] event
    [Round] round
    [Board] board
    [South] South player
   *[North] North player
  } is "{ $file }", this game's is "{ $here }"{ $more ->
    [0] {""}
    [one] {" "}(and one more difference)
   *[other] {" "}(and { $more } more differences)
  }. If the file is of this game all the same, say so and send it again
adjudication-not-one-rows-exact = adjudication: "{ $a }" is not one of rows, exact
adjudication-fixed-once-paired = how unfinished games are adjudicated is fixed once a round is paired: the players were told before they played
register-file-merged-into-itself = a person merged into themselves
register-file-merge-circle = persons merged into one another in a circle: one of them must stay
person-name-at-most = a name of at most { $most } characters
register-choose-person = choose who the player is: a suggestion, a register number, or "add as a new person"
audit-entry-too-long = an entry of the audit trail ({ $action }, { $at }) holds { $kilobytes } KB; an entry holds at most { $most_kilobytes } KB
audit-trail-too-long = the tournament's audit trail would hold { $entries } entries ({ $megabytes } MB); a tournament's trail holds at most { $most_entries } entries and { $most_megabytes } MB
