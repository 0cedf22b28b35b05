login-title = Sign in
login-intro = For organisers and controllers. Players sign in on their tournament's page with their PIN.
login-username = Username
login-password = Password
player-sign-in-title = Player sign-in — { $tournament }
player-sign-in-heading = Player sign-in
player-sign-in-intro = { $tournament }: choose your name and type the PIN on your slip.
player-sign-in-find-name = Find your name
player-sign-in-find = Find
player-sign-in-none = No name holds “{ $search }”: here is the whole list.
player-sign-in-every-name = Show every name
player-sign-in-player = Player
player-sign-in-pin = PIN
player-sign-in-found = { $count ->
    [one] { $count } name with “{ $search }”.
   *[other] { $count } names with “{ $search }”.
}
