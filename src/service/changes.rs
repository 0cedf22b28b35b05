//! Every change the service makes, as a closed list: each workflow step that writes records one
//! ([`super::Audit`]) in its own transaction, and the audit log keeps it as its action's code
//! (`game.sheet`), as it always has, so the log, its words and the files of earlier versions
//! read as before. Adding a change is adding a variant here (with its code, which is never
//! changed once written), recording it where it is made and, if it has words of its own, giving
//! it them in `super::audit::action_said` and the message files.

/// A change the service makes, by its kind.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
pub enum Change {
    /// An organiser made a staff account.
    #[strum(serialize = "account.create")]
    AccountCreated,
    /// A player's requested bye taken back.
    #[strum(serialize = "bye.cancel")]
    ByeCancelled,
    /// A bye requested for a round to come.
    #[strum(serialize = "bye.request")]
    ByeRequested,
    /// A controller given a tournament to run.
    #[strum(serialize = "controller.assign")]
    ControllerAssigned,
    /// A controller no longer runs a tournament.
    #[strum(serialize = "controller.unassign")]
    ControllerUnassigned,
    /// A controller given an event (every section) to run.
    #[strum(serialize = "event.controller.assign")]
    EventControllerAssigned,
    /// A controller no longer runs an event.
    #[strum(serialize = "event.controller.unassign")]
    EventControllerUnassigned,
    /// An event made.
    #[strum(serialize = "event.create")]
    EventCreated,
    /// An event's settings changed.
    #[strum(serialize = "event.update")]
    EventUpdated,
    /// A player confirmed their opponent's score sheet: the result counts.
    #[strum(serialize = "game.confirm")]
    SheetConfirmed,
    /// A player sent a sheet that differs from their opponent's: the game is disputed.
    #[strum(serialize = "game.dispute")]
    SheetDisputed,
    /// A move list an earlier version stored one ply short, completed at start.
    #[strum(serialize = "game.moves-restored")]
    MovesRestored,
    /// The controller took a game's result away.
    #[strum(serialize = "game.reset")]
    GameReset,
    /// The controller set a game's result (a ruling, a correction, an adjudication, a forfeit).
    #[strum(serialize = "game.result")]
    GameRuled,
    /// A score sheet sent and verified.
    #[strum(serialize = "game.sheet")]
    SheetSent,
    /// A hub's organiser revoked a venue's token.
    #[strum(serialize = "hub.revoke")]
    HubTokenRevoked,
    /// A hub's organiser made a token for a venue.
    #[strum(serialize = "hub.token")]
    HubTokenMade,
    /// The next game of a match laid out.
    #[strum(serialize = "match.game")]
    MatchGameAdded,
    /// A game of a match no longer needed taken away.
    #[strum(serialize = "match.game.remove")]
    MatchGameRemoved,
    /// The staff's notice taken down.
    #[strum(serialize = "notice.clear")]
    NoticeCleared,
    /// The staff's notice written.
    #[strum(serialize = "notice.set")]
    NoticeSet,
    /// Two players may meet again.
    #[strum(serialize = "pairing.allow")]
    PairAllowed,
    /// Two players must not be paired.
    #[strum(serialize = "pairing.prohibit")]
    PairProhibited,
    /// A person added to the rating list's register.
    #[strum(serialize = "person.create")]
    PersonAdded,
    /// A player pushed without a person confirmed as one of the register.
    #[strum(serialize = "person.link")]
    PlayerLinked,
    /// Two persons of the register found to be one.
    #[strum(serialize = "person.merge")]
    PersonsMerged,
    /// A person merged into another split back out.
    #[strum(serialize = "person.split")]
    PersonSplit,
    /// A player registered.
    #[strum(serialize = "player.create")]
    PlayerAdded,
    /// A player of one section entered in another, keeping their PIN.
    #[strum(serialize = "player.enter")]
    PlayerEntered,
    /// A player registered from a list.
    #[strum(serialize = "player.import")]
    PlayerImported,
    /// A player given a new PIN.
    #[strum(serialize = "player.pin-reset")]
    PinReset,
    /// A withdrawn player back in.
    #[strum(serialize = "player.reinstate")]
    PlayerReinstated,
    /// A player's details changed.
    #[strum(serialize = "player.update")]
    PlayerUpdated,
    /// A player withdrawn.
    #[strum(serialize = "player.withdraw")]
    PlayerWithdrawn,
    /// The players' ratings taken from the register.
    #[strum(serialize = "players.ratings")]
    RatingsTaken,
    /// The players' pairing numbers set.
    #[strum(serialize = "players.pairing-order")]
    PairingOrderSet,
    /// A hub's register imported at a venue.
    #[strum(serialize = "register.import")]
    RegisterImported,
    /// The list of prizes changed.
    #[strum(serialize = "prizes.update")]
    PrizesSet,
    /// The venue's copy to be published again over the hub's.
    #[strum(serialize = "publishing.again")]
    PublishedAgain,
    /// A tournament linked to a hub.
    #[strum(serialize = "publishing.start")]
    PublishingStarted,
    /// A tournament's link to a hub removed.
    #[strum(serialize = "publishing.stop")]
    PublishingStopped,
    /// A player checked in for a round on signing in.
    #[strum(serialize = "roll-call.check-in")]
    CheckedIn,
    /// The roll call closed, the absent given a bye or withdrawn.
    #[strum(serialize = "roll-call.close")]
    RollCallClosed,
    /// The staff marked a player present or absent.
    #[strum(serialize = "roll-call.mark")]
    RollCallMarked,
    /// The roll call for a round opened.
    #[strum(serialize = "roll-call.open")]
    RollCallOpened,
    /// A published round's pairings corrected.
    #[strum(serialize = "round.correct")]
    RoundCorrected,
    /// A round paired (generated or by hand).
    #[strum(serialize = "round.create")]
    RoundPaired,
    /// A round that was not published deleted.
    #[strum(serialize = "round.delete")]
    RoundDeleted,
    /// A round's pairings replaced before it was published.
    #[strum(serialize = "round.pairings")]
    RoundPairingsReplaced,
    /// A round's pairings published.
    #[strum(serialize = "round.publish")]
    RoundPublished,
    /// A round's clock started.
    #[strum(serialize = "round.start")]
    RoundStarted,
    /// The time control and the rounds' planned starts set.
    #[strum(serialize = "schedule.set")]
    ScheduleSet,
    /// A play-off for a place made.
    #[strum(serialize = "stage.playoff")]
    PlayoffCreated,
    /// The players going through copied into the next stage.
    #[strum(serialize = "stage.qualify")]
    StageQualified,
    /// The team standings' settings changed.
    #[strum(serialize = "teams.update")]
    TeamsSet,
    /// A tournament made.
    #[strum(serialize = "tournament.create")]
    TournamentCreated,
    /// A tournament made from a file.
    #[strum(serialize = "tournament.import")]
    TournamentImported,
    /// A venue's push taken by the hub.
    #[strum(serialize = "tournament.publish")]
    TournamentPublished,
    /// A tournament's games counted for the rating list.
    #[strum(serialize = "tournament.rated")]
    TournamentRated,
    /// A tournament's games no longer counted for the rating list.
    #[strum(serialize = "tournament.unrated")]
    TournamentUnrated,
    /// A tournament's settings changed.
    #[strum(serialize = "tournament.update")]
    TournamentUpdated,
}

impl Change {
    /// The code the audit log keeps (`game.sheet`).
    pub fn code(self) -> &'static str {
        self.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn every_change_reads_back_from_its_code_and_no_two_share_one() {
        let codes: std::collections::HashSet<&str> = Change::iter().map(Change::code).collect();
        assert_eq!(codes.len(), Change::iter().count());
        for change in Change::iter() {
            assert_eq!(change.code().parse::<Change>(), Ok(change));
        }
        assert!("game.unknown".parse::<Change>().is_err());
    }
}
