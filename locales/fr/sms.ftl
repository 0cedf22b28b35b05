# Les SMS : ce que les joueurs reçoivent et ce qu'on leur répond (un message de 160 caractères
# quand c'est possible : mots simples, accents de l'alphabet GSM seulement), et la page des SMS.

## Envoyés aux joueurs
sms-pairing = Ronde { $round }, table { $board } : vous jouez { $side ->
    [south] Sud
   *[north] Nord
} contre { $opponent }.{ $start ->
    [none] {""}
   *[other] { " " }Début à { $start }.
}
sms-match = Ronde { $round }, table { $board } : un match { $length ->
    [best] au meilleur des { $games } parties
   *[games] de { $games } parties
} contre { $opponent }. Partie 1 : vous jouez { $side ->
    [south] Sud
   *[north] Nord
}{ $turns ->
    [alternate] , puis on alterne.
   *[results]  ; la suite par SMS.
}{ $start ->
    [none] {""}
   *[other] { " " }Début à { $start }.
}
sms-match-game = Ronde { $round }, table { $board }, partie { $game } : vous jouez { $side ->
    [south] Sud
   *[north] Nord
} contre { $opponent }.
sms-changed = Changement. { $pairing }
sms-unpaired = Ronde { $round } modifiée : vous n'avez plus de partie. Voyez l'arbitre.
sms-warning = Ronde { $round } table { $board } : encore { $minutes } minutes (fin à { $end }). Partie finie, envoyez R{ $round } T{ $board } et le résultat.
sms-withdrawn = { $tournament } : vous avez été retiré et ne serez plus apparié. Voyez l'arbitre si c'est une erreur.
sms-reinstated = { $tournament } : vous revenez dans le tournoi et serez apparié à nouveau.
sms-bye = Ronde { $round } : exempt, vous ne jouez pas.
sms-confirm = R{ $round } T{ $board } : { $sender } a envoyé { $winner ->
    [south] Sud gagne
    [north] Nord gagne
   *[draw] nulle
} { $south }-{ $north }. Répondez OK { $code } pour confirmer ou NON { $code } pour contester.
sms-notice = { $text }

## Réponses
sms-help = Envoyez : R3 T5 S 25-23 (ronde, table, gagnant S, N ou D, graines Sud-Nord), puis les coups si vous les avez. Pour confirmer : OK et le code.
sms-recorded = Ronde { $round } table { $board } : { $south }-{ $north } { $winner ->
    [south] Sud
    [north] Nord
   *[draw] nulle
} enregistré.
sms-recorded-waiting = Ronde { $round } table { $board } : { $south }-{ $north } { $winner ->
    [south] Sud
    [north] Nord
   *[draw] nulle
} enregistré ; { $opponent } doit confirmer.
sms-recorded-disputed = Ronde { $round } table { $board } : { $opponent } a envoyé une autre feuille ; l'arbitre décidera.
sms-confirmed = Ronde { $round } table { $board } : résultat confirmé. Merci.
sms-not-confirmed = Ronde { $round } table { $board } : contesté. L'arbitre décide ; voyez-le avec votre feuille de partie.
sms-too-long = message trop long : { $longest } caractères au plus
sms-unread = message non compris. Envoyez par exemple R3 T5 S 25-23, ou AIDE
sms-no-result = donnez le résultat (S, N ou D et les graines) ou les coups après la table
sms-no-seeds = donnez les graines Sud-Nord, par exemple S 25-23
sms-no-code = donnez le code de la demande, par exemple OK 4821
sms-no-request = aucun résultat n'attend votre confirmation avec le code { $code }
sms-no-round = la ronde { $round } n'est pas publiée
sms-no-board = la ronde { $round } n'a pas de table { $board }
sms-not-your-board = la table { $board } de la ronde { $round } n'est pas votre partie
sms-moves-unfinished = les coups ne terminent pas la partie : envoyez aussi le résultat, par exemple R3 T5 S 25-23 et les coups
sms-failed = un problème est survenu : voyez l'arbitre
sms-no-number = l'expéditeur n'est pas un numéro de téléphone
sms-not-the-gateway = seule la passerelle SMS envoie des messages ici

## Refus au personnel
sms-cap-range = le nombre maximal de parties de SMS est un nombre entier de 0 à { $most }
sms-consent-needed = cochez que le joueur accepte de recevoir des SMS avant d'enregistrer son numéro
sms-not-a-number = { $number } n'est pas un numéro de téléphone (donnez-le avec l'indicatif du pays, par exemple +233 20 123 4567)
sms-no-phone = ce joueur n'a pas de numéro de téléphone
sms-notice-empty = écrivez le message à envoyer (texte simple)
sms-notice-too-long = un message à tous les joueurs compte au plus { $most } caractères

## La page des SMS
sms-title = SMS
sms-summary-waiting = { $count } en attente d'envoi.
sms-summary-failed = { $count ->
    [one] Un non remis.
   *[other] { $count } non remis.
}
sms-summary-capped = { $count } retenus par le plafond.
sms-dashboard-link = SMS reçus et envoyés
sms-heading = SMS avec les joueurs
sms-intro = Les joueurs munis d'un téléphone simple reçoivent leurs appariements par SMS et envoient leurs résultats : R3 T5 S 25-23 (ronde, table, gagnant S, N ou D, graines Sud-Nord), suivis des coups s'ils les ont ; leur adversaire confirme par OK et le code reçu. Chaque résultat est vérifié comme une feuille de partie.
sms-settings-heading = Réglages
sms-on = Les SMS sont activés : { $sent } parties de message envoyées sur { $cap }.
sms-off = Les SMS sont désactivés : rien n'est envoyé et les messages des joueurs ne sont pas pris en compte.
sms-enabled = Envoyer et recevoir des SMS pour ce tournoi
sms-cap = Nombre maximal de parties de message à envoyer
sms-cap-hint = Chaque SMS coûte de l'argent : au-delà de ce nombre, les messages sont retenus (voir plus bas) jusqu'à ce que vous l'augmentiez et les envoyiez de nouveau.
sms-save = Enregistrer
sms-notice-heading = Un message à tous les joueurs
sms-notice-label = Envoyé aux { $count } joueurs qui reçoivent des SMS :
sms-notice-send = Envoyer par SMS
sms-phones-heading = Téléphones des joueurs
sms-phones-hint = Un numéro n'est enregistré qu'avec l'accord du joueur ; seul le personnel le voit, et il n'est jamais publié.
sms-number = Téléphone
sms-sms = SMS
sms-number-of = Téléphone : { $name }
sms-consent = Le joueur accepte de recevoir des SMS
sms-save-number = Enregistrer le numéro
sms-stopped = désactivés
sms-going = activés
sms-stop = Désactiver
sms-resume = Activer
sms-stop-label = Désactiver les SMS pour { $name }
sms-resume-label = Activer les SMS pour { $name }
sms-no-phone-yet = pas de numéro
sms-log-heading = Messages reçus et envoyés
sms-log-empty = Aucun message pour l'instant.
sms-log-again = Afficher les derniers
sms-when = Quand
sms-who = Qui
sms-message = Message
sms-outcome = Ce qu'il est devenu
sms-from = de
sms-to = à
sms-parts = { $count } parties
sms-resend = Envoyer de nouveau
sms-kind-answer = réponse
sms-kind-pairing = appariement
sms-kind-bye = exempt
sms-kind-confirm = demande de confirmation
sms-kind-notice = message à tous
sms-kind-changed = appariement modifié
sms-kind-warning = fin de ronde proche
sms-kind-withdrawal = retrait
sms-kind-result = résultat
sms-kind-moves = coups
sms-kind-help = aide demandée
sms-kind-unread = non compris
sms-kind-unknown = numéro inconnu
sms-kind-flood = trop de messages
sms-kind-dispute = contesté
sms-kind-again = reçu deux fois
sms-state-queued = en attente d'envoi
sms-state-sent = envoyé
sms-state-delivered = remis
sms-state-failed = non remis
sms-state-capped = retenu par le plafond
sms-state-off = non envoyé (SMS désactivés)
sms-state-taken = pris en compte
sms-state-refused = refusé
sms-state-ignored = sans réponse
sms-state-new = en cours de lecture
sms-state-skipped = non envoyé (plus utile)
