# The language as its switch names it, in its own words.
language-name = English
language-switch = Language
language-unknown = The service does not speak that language.
# The decimal mark of numbers on pages (files keep a dot).
decimal-mark = .
round-title = Round { $number }
site-name = Oware tournaments
skip-to-content = Skip to the content
nav-site = Site
nav-events = Events
nav-my-board = My board
nav-accounts = Accounts
nav-audit = Audit log
nav-venue = Venue
sign-out = Sign out
sign-in = Sign in
role = { $role ->
    [organiser] organiser
   *[controller] controller
}
nav-staff-user = { $name } ({ role })
count-sections = { $count ->
    [one] { $count } section
   *[other] { $count } sections
}
count-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
count-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
site-printed = Printed addresses and codes use
site-set = (the public address set with
site-set-end = )
site-opened = , the address this page was opened at
site-local-only = Only this computer can open it: phones scanning the codes will find nothing. Open this page at the address players use (this computer's address on the venue's network), or restart the service with
site-local-only-end = set to it.
date = { $day } { $month } { $year }
time-of-day = { $hh }:{ $minute }
datetime-utc = { $date } at { $time } UTC
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December
month-short-1 = Jan
month-short-2 = Feb
month-short-3 = Mar
month-short-4 = Apr
month-short-5 = May
month-short-6 = Jun
month-short-7 = Jul
month-short-8 = Aug
month-short-9 = Sep
month-short-10 = Oct
month-short-11 = Nov
month-short-12 = Dec
status-pending = waiting for a score sheet
status-submitted = waiting for the opponent to confirm
status-confirmed = confirmed by both players
status-disputed = the sheets differ: the controller decides
status-final = set by the controller
end-adjudication = adjudicated when the round's time ran out
system-manual = paired by hand
system-round-robin = round robin
system-swiss = Swiss (FIDE Dutch system)
system-knockout = knockout (single elimination)
system-double-elimination = knockout (double elimination)
policy-fide = the tie-breaks in order
policy-mso = the Mind Sports Olympiad's rule for Oware (head to head where one beat or lost to all the others, then Sonneborn-Berger; the seed spread is not applied)
policy-mso-spread = the Mind Sports Olympiad's general rule with the seed spread (head to head where one beat or lost to all the others, then the seed spread less the best round, then Sonneborn-Berger)
game-points = Game points
points-text = win { $win }, draw { $draw }, loss { $loss }, bye { $bye }
match-one-game = one game
match-games = { $count } games
match-best-of = best of { $count }
match-start-alternate = the players start in turn
match-start-winner = the winner of a game starts the next
match-start-loser = the loser of a game starts the next
match-tie-draw = a level match is drawn
match-tie-decider = a level match goes to deciding games
match-score-points = match points
match-score-games = game points
match-score-seeds = seeds captured
match-words = { $games }; { $start }; { $tie }; the standings count { $score }
times-started = Started { $start } ({ $zone })
times-started-end = Started { $start }, planned end { $end } ({ $zone })
times-planned = Planned start { $start } ({ $zone })
times-planned-end = Planned start { $start }, planned end { $end } ({ $zone })
dates-range = { $start } – { $end }
thousands-mark = ,
# An amount of money and its currency.
money = { $currency } { $amount }
# A list's last name joined to the others.
list-and = { $rest } and { $last }
