//! Every change the service makes, as a closed list, each with what it is about (its subject):
//! each workflow step that writes records one ([`super::Audit`]) in its own transaction, and the
//! audit log keeps its kind as its action's code (`game.sheet`) and its subject as the entry's
//! entity and id, as it always has, so the log, its words and the files of earlier versions read
//! as before. What follows from a change (`super::reactions`) is decided from the change alone.
//! Adding a change is adding a variant here (with its code, which is never changed once
//! written, and its subject), recording it where it is made and, if it has words of its own,
//! giving it them in `super::audit::action_said` and the message files.

use crate::tournament::{AccountId, EventId, GameId, PlayerId, RoundId, TournamentId};

/// A change the service makes, with what it is about (its subject: a game, a round, a
/// player, a tournament, ...); [`ChangeKind`] is its kind alone, which the audit log keeps as its
/// code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(ChangeKind),
    doc = "A change's kind, without its subject: the audit log's code (`game.sheet`).",
    derive(Hash, strum::IntoStaticStr, strum::EnumString, strum::EnumIter)
)]
pub enum Change {
    /// An organiser made a staff account.
    #[strum_discriminants(strum(serialize = "account.create"))]
    AccountCreated { account: AccountId },
    /// A season's circuit set up.
    #[strum_discriminants(strum(serialize = "circuit.create"))]
    CircuitCreated { circuit: i32 },
    /// A circuit's rules changed (its events, points, categories or qualification).
    #[strum_discriminants(strum(serialize = "circuit.update"))]
    CircuitUpdated { circuit: i32 },
    /// A qualified person declined their place in the circuit's final, or took it back.
    #[strum_discriminants(strum(serialize = "circuit.decline"))]
    CircuitDeclined { circuit: i32 },
    /// The qualified were entered in the circuit's final.
    #[strum_discriminants(strum(serialize = "circuit.final"))]
    CircuitFinalEntered { circuit: i32 },
    /// The circuit's qualification list changed with the results it counts (no edit of it).
    #[strum_discriminants(strum(serialize = "circuit.qualification"))]
    CircuitQualificationChanged { circuit: i32 },
    /// A player's requested bye taken back.
    #[strum_discriminants(strum(serialize = "bye.cancel"))]
    ByeCancelled { player: PlayerId },
    /// A bye requested for a round to come.
    #[strum_discriminants(strum(serialize = "bye.request"))]
    ByeRequested { player: PlayerId },
    /// A controller given a tournament to run.
    #[strum_discriminants(strum(serialize = "controller.assign"))]
    ControllerAssigned { account: AccountId },
    /// A controller no longer runs a tournament.
    #[strum_discriminants(strum(serialize = "controller.unassign"))]
    ControllerUnassigned { account: AccountId },
    /// A controller given an event (every section) to run.
    #[strum_discriminants(strum(serialize = "event.controller.assign"))]
    EventControllerAssigned { event: EventId },
    /// A controller no longer runs an event.
    #[strum_discriminants(strum(serialize = "event.controller.unassign"))]
    EventControllerUnassigned { event: EventId },
    /// An event made.
    #[strum_discriminants(strum(serialize = "event.create"))]
    EventCreated { event: EventId },
    /// An event's settings changed.
    #[strum_discriminants(strum(serialize = "event.update"))]
    EventUpdated { event: EventId },
    /// A player confirmed their opponent's score sheet: the result counts.
    #[strum_discriminants(strum(serialize = "game.confirm"))]
    SheetConfirmed { game: GameId },
    /// A player sent a sheet that differs from their opponent's: the game is disputed.
    #[strum_discriminants(strum(serialize = "game.dispute"))]
    SheetDisputed { game: GameId },
    /// A move list an earlier version stored one ply short, completed at start.
    #[strum_discriminants(strum(serialize = "game.moves-restored"))]
    MovesRestored { game: GameId },
    /// The controller took a game's result away.
    #[strum_discriminants(strum(serialize = "game.reset"))]
    GameReset { game: GameId },
    /// The controller set a game's result (a ruling, a correction, an adjudication, a forfeit).
    #[strum_discriminants(strum(serialize = "game.result"))]
    GameRuled { game: GameId },
    /// A score sheet sent and verified.
    #[strum_discriminants(strum(serialize = "game.sheet"))]
    SheetSent { game: GameId },
    /// A hub's organiser revoked a venue's token.
    #[strum_discriminants(strum(serialize = "hub.revoke"))]
    HubTokenRevoked { token: i32 },
    /// A hub's organiser made a token for a venue.
    #[strum_discriminants(strum(serialize = "hub.token"))]
    HubTokenMade { token: i32 },
    /// The next game of a match laid out.
    #[strum_discriminants(strum(serialize = "match.game"))]
    MatchGameAdded { game: GameId },
    /// A game of a match no longer needed taken away.
    #[strum_discriminants(strum(serialize = "match.game.remove"))]
    MatchGameRemoved { game: GameId },
    /// The staff's notice taken down.
    #[strum_discriminants(strum(serialize = "notice.clear"))]
    NoticeCleared { tournament: TournamentId },
    /// The staff's notice written.
    #[strum_discriminants(strum(serialize = "notice.set"))]
    NoticeSet { tournament: TournamentId },
    /// Two players may meet again.
    #[strum_discriminants(strum(serialize = "pairing.allow"))]
    PairAllowed { tournament: TournamentId },
    /// Two players must not be paired.
    #[strum_discriminants(strum(serialize = "pairing.prohibit"))]
    PairProhibited { tournament: TournamentId },
    /// A person added to the rating list's register.
    #[strum_discriminants(strum(serialize = "person.create"))]
    PersonAdded { person: i32 },
    /// A player pushed without a person confirmed as one of the register.
    #[strum_discriminants(strum(serialize = "person.link"))]
    PlayerLinked { pushed_player: i32 },
    /// Two persons of the register found to be one.
    #[strum_discriminants(strum(serialize = "person.merge"))]
    PersonsMerged { person: i32 },
    /// A person merged into another split back out.
    #[strum_discriminants(strum(serialize = "person.split"))]
    PersonSplit { person: i32 },
    /// A player registered.
    #[strum_discriminants(strum(serialize = "player.create"))]
    PlayerAdded { player: PlayerId },
    /// A player of one section entered in another, keeping their PIN.
    #[strum_discriminants(strum(serialize = "player.enter"))]
    PlayerEntered { player: PlayerId },
    /// A player registered from a list.
    #[strum_discriminants(strum(serialize = "player.import"))]
    PlayerImported { player: PlayerId },
    /// A player given a new PIN.
    #[strum_discriminants(strum(serialize = "player.pin-reset"))]
    PinReset { player: PlayerId },
    /// A withdrawn player back in.
    #[strum_discriminants(strum(serialize = "player.reinstate"))]
    PlayerReinstated { player: PlayerId },
    /// A player's details changed.
    #[strum_discriminants(strum(serialize = "player.update"))]
    PlayerUpdated { player: PlayerId },
    /// A player withdrawn.
    #[strum_discriminants(strum(serialize = "player.withdraw"))]
    PlayerWithdrawn { player: PlayerId },
    /// The players' ratings taken from the register.
    #[strum_discriminants(strum(serialize = "players.ratings"))]
    RatingsTaken { tournament: TournamentId },
    /// The players' pairing numbers set.
    #[strum_discriminants(strum(serialize = "players.pairing-order"))]
    PairingOrderSet { tournament: TournamentId },
    /// A hub's register imported at a venue.
    #[strum_discriminants(strum(serialize = "register.import"))]
    RegisterImported,
    /// The list of prizes changed.
    #[strum_discriminants(strum(serialize = "prizes.update"))]
    PrizesSet { tournament: TournamentId },
    /// The venue's copy to be published again over the hub's.
    #[strum_discriminants(strum(serialize = "publishing.again"))]
    PublishedAgain { tournament: TournamentId },
    /// A tournament linked to a hub.
    #[strum_discriminants(strum(serialize = "publishing.start"))]
    PublishingStarted { tournament: TournamentId },
    /// A tournament's link to a hub removed.
    #[strum_discriminants(strum(serialize = "publishing.stop"))]
    PublishingStopped { tournament: TournamentId },
    /// A player checked in for a round on signing in.
    #[strum_discriminants(strum(serialize = "roll-call.check-in"))]
    CheckedIn { player: PlayerId },
    /// The roll call closed, the absent given a bye or withdrawn.
    #[strum_discriminants(strum(serialize = "roll-call.close"))]
    RollCallClosed { tournament: TournamentId },
    /// The staff marked a player present or absent.
    #[strum_discriminants(strum(serialize = "roll-call.mark"))]
    RollCallMarked { player: PlayerId },
    /// The roll call for a round opened.
    #[strum_discriminants(strum(serialize = "roll-call.open"))]
    RollCallOpened { tournament: TournamentId },
    /// A published round's pairings corrected.
    #[strum_discriminants(strum(serialize = "round.correct"))]
    RoundCorrected { round: RoundId },
    /// A round paired (generated or by hand).
    #[strum_discriminants(strum(serialize = "round.create"))]
    RoundPaired { round: RoundId },
    /// A round that was not published deleted.
    #[strum_discriminants(strum(serialize = "round.delete"))]
    RoundDeleted { round: RoundId },
    /// A round's pairings replaced before it was published.
    #[strum_discriminants(strum(serialize = "round.pairings"))]
    RoundPairingsReplaced { round: RoundId },
    /// A round's pairings published.
    #[strum_discriminants(strum(serialize = "round.publish"))]
    RoundPublished { round: RoundId },
    /// A round's clock started.
    #[strum_discriminants(strum(serialize = "round.start"))]
    RoundStarted { round: RoundId },
    /// The time control and the rounds' planned starts set.
    #[strum_discriminants(strum(serialize = "schedule.set"))]
    ScheduleSet { tournament: TournamentId },
    /// A play-off for a place made.
    #[strum_discriminants(strum(serialize = "stage.playoff"))]
    PlayoffCreated { tournament: TournamentId },
    /// The players going through copied into the next stage.
    #[strum_discriminants(strum(serialize = "stage.qualify"))]
    StageQualified { tournament: TournamentId },
    /// The team standings' settings changed.
    #[strum_discriminants(strum(serialize = "teams.update"))]
    TeamsSet { tournament: TournamentId },
    /// A tournament made.
    #[strum_discriminants(strum(serialize = "tournament.create"))]
    TournamentCreated { tournament: TournamentId },
    /// A tournament made from a file.
    #[strum_discriminants(strum(serialize = "tournament.import"))]
    TournamentImported { tournament: TournamentId },
    /// A venue's push taken by the hub.
    #[strum_discriminants(strum(serialize = "tournament.publish"))]
    TournamentPublished { tournament: TournamentId },
    /// A tournament's games counted for the rating list.
    #[strum_discriminants(strum(serialize = "tournament.rated"))]
    TournamentRated { tournament: TournamentId },
    /// A tournament's games no longer counted for the rating list.
    #[strum_discriminants(strum(serialize = "tournament.unrated"))]
    TournamentUnrated { tournament: TournamentId },
    /// A tournament's settings changed.
    #[strum_discriminants(strum(serialize = "tournament.update"))]
    TournamentUpdated { tournament: TournamentId },
}

/// What a change is about, as the audit log names it: the kind of record and its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entity {
    pub entity: &'static str,
    pub id: Option<i32>,
}

impl Change {
    /// Its kind.
    pub fn kind(self) -> ChangeKind {
        self.into()
    }

    /// The code the audit log keeps (`game.sheet`).
    pub fn code(self) -> &'static str {
        self.kind().code()
    }

    /// What it is about, as the audit log names it.
    pub fn entity(self) -> Entity {
        use Change::*;
        let (entity, id) = match self {
            AccountCreated { account }
            | ControllerAssigned { account }
            | ControllerUnassigned { account } => ("account", Some(account.get())),
            ByeCancelled { player }
            | ByeRequested { player }
            | PlayerAdded { player }
            | PlayerEntered { player }
            | PlayerImported { player }
            | PinReset { player }
            | PlayerReinstated { player }
            | PlayerUpdated { player }
            | PlayerWithdrawn { player }
            | CheckedIn { player }
            | RollCallMarked { player } => ("player", Some(player.get())),
            PlayerLinked { pushed_player } => ("player", Some(pushed_player)),
            EventControllerAssigned { event }
            | EventControllerUnassigned { event }
            | EventCreated { event }
            | EventUpdated { event } => ("event", Some(event.get())),
            SheetConfirmed { game }
            | SheetDisputed { game }
            | MovesRestored { game }
            | GameReset { game }
            | GameRuled { game }
            | SheetSent { game }
            | MatchGameAdded { game }
            | MatchGameRemoved { game } => ("game", Some(game.get())),
            HubTokenRevoked { token } | HubTokenMade { token } => ("hub token", Some(token)),
            PersonAdded { person } | PersonsMerged { person } | PersonSplit { person } => {
                ("person", Some(person))
            }
            CircuitCreated { circuit }
            | CircuitUpdated { circuit }
            | CircuitDeclined { circuit }
            | CircuitFinalEntered { circuit }
            | CircuitQualificationChanged { circuit } => ("circuit", Some(circuit)),
            RegisterImported => ("register", None),
            RoundCorrected { round }
            | RoundPaired { round }
            | RoundDeleted { round }
            | RoundPairingsReplaced { round }
            | RoundPublished { round }
            | RoundStarted { round } => ("round", Some(round.get())),
            NoticeCleared { tournament }
            | NoticeSet { tournament }
            | PairAllowed { tournament }
            | PairProhibited { tournament }
            | RatingsTaken { tournament }
            | PairingOrderSet { tournament }
            | PrizesSet { tournament }
            | PublishedAgain { tournament }
            | PublishingStarted { tournament }
            | PublishingStopped { tournament }
            | RollCallClosed { tournament }
            | RollCallOpened { tournament }
            | ScheduleSet { tournament }
            | PlayoffCreated { tournament }
            | StageQualified { tournament }
            | TeamsSet { tournament }
            | TournamentCreated { tournament }
            | TournamentImported { tournament }
            | TournamentPublished { tournament }
            | TournamentRated { tournament }
            | TournamentUnrated { tournament }
            | TournamentUpdated { tournament } => ("tournament", Some(tournament.get())),
        };
        Entity { entity, id }
    }
}

impl ChangeKind {
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
        let codes: std::collections::HashSet<&str> =
            ChangeKind::iter().map(ChangeKind::code).collect();
        assert_eq!(codes.len(), ChangeKind::iter().count());
        for kind in ChangeKind::iter() {
            assert_eq!(kind.code().parse::<ChangeKind>(), Ok(kind));
        }
        assert!("game.unknown".parse::<ChangeKind>().is_err());
    }

    #[test]
    fn a_change_names_its_subject_as_the_log_always_has() {
        use crate::tournament::{GameId, PlayerId, RoundId, TournamentId};
        let named = |change: Change| {
            let s = change.entity();
            (change.code(), s.entity, s.id)
        };
        assert_eq!(
            named(Change::SheetSent { game: GameId(7) }),
            ("game.sheet", "game", Some(7))
        );
        assert_eq!(
            named(Change::RoundPublished { round: RoundId(3) }),
            ("round.publish", "round", Some(3))
        );
        assert_eq!(
            named(Change::RollCallMarked {
                player: PlayerId(12)
            }),
            ("roll-call.mark", "player", Some(12))
        );
        assert_eq!(
            named(Change::PrizesSet {
                tournament: TournamentId(2)
            }),
            ("prizes.update", "tournament", Some(2))
        );
        assert_eq!(named(Change::HubTokenMade { token: 5 }).1, "hub token");
        assert_eq!(
            named(Change::RegisterImported),
            ("register.import", "register", None)
        );
    }
}
