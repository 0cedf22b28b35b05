# Text messages (SMS): what players are sent and answered (one message of 160 characters where
# it can be: plain words, no accents beyond the GSM alphabet), and the staff's SMS page.

## Sent to players
sms-pairing = Round { $round }, board { $board }: you play { $side ->
    [south] South
   *[north] North
} against { $opponent }.{ $start ->
    [none] {""}
   *[other] { " " }Start { $start }.
}
sms-match = Round { $round }, board { $board }: a match of { $length ->
    [best] best of { $games }
   *[games] { $games }
} games against { $opponent }. Game 1: you play { $side ->
    [south] South
   *[north] North
}{ $turns ->
    [alternate] , then sides alternate.
   *[results] ; the next games by SMS.
}{ $start ->
    [none] {""}
   *[other] { " " }Start { $start }.
}
sms-match-game = Round { $round }, board { $board }, game { $game }: you play { $side ->
    [south] South
   *[north] North
} against { $opponent }.
sms-changed = Changed. { $pairing }
sms-unpaired = Round { $round } changed: you are no longer paired. See the controller.
sms-warning = Round { $round } board { $board }: { $minutes } minutes left (end { $end }). When the game ends, send R{ $round } B{ $board } and the result.
sms-withdrawn = { $tournament }: you are withdrawn and will not be paired again. See the controller if this is wrong.
sms-reinstated = { $tournament }: you are back in and will be paired again.
sms-bye = Round { $round }: you have a bye.
sms-confirm = R{ $round } B{ $board }: { $sender } sent { $winner ->
    [south] South won
    [north] North won
   *[draw] a draw
} { $south }-{ $north }. Reply OK { $code } to confirm or NO { $code } to dispute.
sms-notice = { $text }

## Answers
sms-help = Send: R3 B5 S 25-23 (round, board, S/N/D winner, seeds South-North), then the moves if you have them. Confirm: OK and the code.
sms-recorded = Round { $round } board { $board }: { $south }-{ $north } { $winner ->
    [south] South
    [north] North
   *[draw] draw
} recorded.
sms-recorded-waiting = Round { $round } board { $board }: { $south }-{ $north } { $winner ->
    [south] South
    [north] North
   *[draw] draw
} recorded; waiting for { $opponent } to confirm.
sms-recorded-disputed = Round { $round } board { $board }: your sheet differs from { $opponent }'s; the controller will decide.
sms-confirmed = Round { $round } board { $board }: result confirmed. Thank you.
sms-not-confirmed = Round { $round } board { $board }: disputed. The controller decides; see them with your score sheet.
sms-too-long = message too long: at most { $longest } characters
sms-unread = not understood. Send e.g. R3 B5 S 25-23, or HELP
sms-no-result = give the result (S, N or D and the seeds) or the moves after the board
sms-no-seeds = give the seeds as South-North, e.g. S 25-23
sms-no-code = give the code of the request, e.g. OK 4821
sms-no-request = no result waits for your confirmation with code { $code }
sms-no-round = round { $round } is not published
sms-no-board = round { $round } has no board { $board }
sms-not-your-board = board { $board } of round { $round } is not your game
sms-moves-unfinished = the moves do not finish the game: send the result too, e.g. R3 B5 S 25-23 and the moves
sms-failed = something went wrong: see the controller
sms-no-number = the sender is not a phone number
sms-not-the-gateway = only the SMS gateway sends messages here

## Refusals to the staff
sms-cap-range = the most SMS parts is a whole number from 0 to { $most }
sms-consent-needed = tick that the player agreed to be sent SMS before their number is kept
sms-not-a-number = { $number } is not a phone number (give it with its country's code, e.g. +233 20 123 4567)
sms-no-phone = this player has no phone number
sms-notice-empty = write the message to send (plain text)
sms-notice-too-long = a message to every player holds at most { $most } characters

## The staff's SMS page
sms-title = SMS
sms-summary-waiting = { $count } waiting to be sent.
sms-summary-failed = { $count ->
    [one] One not delivered.
   *[other] { $count } not delivered.
}
sms-summary-capped = { $count } kept back by the cap.
sms-dashboard-link = SMS in and out
sms-heading = SMS with players
sms-intro = Players with basic phones get their pairings by SMS and text their results: R3 B5 S 25-23 (round, board, winner S, N or D, seeds South-North), the moves after it if they have them; their opponent confirms with OK and the code they are sent. Every result is checked as a sheet is.
sms-settings-heading = Settings
sms-on = SMS are on: { $sent } of { $cap } message parts sent.
sms-off = SMS are off: nothing is sent, and players' messages are not taken.
sms-enabled = Send and take SMS for this tournament
sms-cap = Most message parts to send
sms-cap-hint = Each SMS costs money: past this number, messages are kept back (shown below) until you raise it and send them again.
sms-save = Save
sms-notice-heading = A message to every player
sms-notice-label = Sent to the { $count } players with SMS on:
sms-notice-send = Send by SMS
sms-phones-heading = Players' phones
sms-phones-hint = A number is kept only with the player's consent; it is seen by the staff only and never published.
sms-number = Phone
sms-sms = SMS
sms-number-of = Phone of { $name }
sms-consent = The player agreed to be sent SMS
sms-save-number = Save the number
sms-stopped = off
sms-going = on
sms-stop = Turn off
sms-resume = Turn on
sms-stop-label = Turn off SMS for { $name }
sms-resume-label = Turn on SMS for { $name }
sms-no-phone-yet = no number
sms-log-heading = Messages in and out
sms-log-empty = No message yet.
sms-log-again = Show the latest
sms-when = When
sms-who = Who
sms-message = Message
sms-outcome = What became of it
sms-from = from
sms-to = to
sms-parts = { $count } parts
sms-resend = Send again
sms-kind-answer = answer
sms-kind-pairing = pairing
sms-kind-bye = bye
sms-kind-confirm = request to confirm
sms-kind-notice = message to all
sms-kind-changed = pairing changed
sms-kind-warning = end of round near
sms-kind-withdrawal = withdrawal
sms-kind-result = result
sms-kind-moves = moves
sms-kind-help = help asked
sms-kind-unread = not understood
sms-kind-unknown = unknown number
sms-kind-flood = too many messages
sms-kind-dispute = disputed
sms-kind-again = given twice
sms-state-queued = waiting to be sent
sms-state-sent = sent
sms-state-delivered = delivered
sms-state-failed = not delivered
sms-state-capped = kept back by the cap
sms-state-off = not sent (SMS off)
sms-state-taken = taken
sms-state-refused = refused
sms-state-ignored = not answered
sms-state-new = being read
sms-state-skipped = not sent (no longer needed)
