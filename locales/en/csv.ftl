# The headings of the CSV files' columns: the English ones are the columns' codes, which a
# file of players sent back may use in any language the service speaks.

csv-id = id
csv-name = name
csv-club = club
csv-country = country
csv-rating = rating
csv-birth_year = birth_year
csv-gender = gender
csv-title = title
csv-federation = federation
csv-register_id = register_id
csv-phone = phone
csv-sms_consent = sms_consent
csv-withdrawn = withdrawn
csv-rank = rank
csv-points = points
csv-games_played = games_played
csv-round = round
csv-board = board
csv-south = south
csv-north = north
csv-result = result
csv-kind = kind
csv-status = status
csv-south_seeds = south_seeds
csv-north_seeds = north_seeds
csv-end = end
csv-end_reason = end_reason
csv-verified = verified
csv-moves = moves
csv-game = game
csv-south_id = south_id
csv-north_id = north_id
csv-match = match
csv-team = team
csv-all_points = all_points
csv-member = member
csv-member_points = member_points
csv-member_rank = member_rank
csv-counted = counted

# The side of a bye, where the opponent's name would be.
csv-bye = (bye)
