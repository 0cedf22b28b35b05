//! Random tournaments driven through the service with every kind of event, each exported as TRF
//! after every round and read back by FIDE's tie-break code as `oware-tournament standings`
//! reads a file: every rank, point total and tie-break value must be the service's own.

use diesel::Connection;
use diesel::sqlite::SqliteConnection;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::games::{Decision, Ruling, reset, set_result};
use super::players::{Arrival, add, set_withdrawn};
use super::rounds::{RoundRequest, create, publish, replace};
use super::testing::organiser;
use crate::db::queries;
use crate::fide::c07::{Base, Code, standings};
use crate::fide::trf::Trf;
use crate::tournament::pairing::Pair;
use crate::tournament::settings::SettingsInput;
use crate::tournament::{
    ByeKind, GameStatus, PlayerDetails, ResultKind, Tiebreak, TournamentId, TournamentSettings,
    Winner,
};

/// A tournament being played at random.
struct Event {
    conn: SqliteConnection,
    t: TournamentId,
    rng: StdRng,
    system: &'static str,
    rounds: i32,
    /// What happened, for the failure message.
    log: Vec<String>,
}

impl Event {
    fn new(dir: &tempfile::TempDir, seed: u64) -> Event {
        let url = dir.path().join("e.db").to_str().unwrap().to_string();
        crate::db::open(&url, 1).unwrap();
        let mut conn = SqliteConnection::establish(&url).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let system = if rng.gen_bool(0.25) {
            "round-robin"
        } else if rng.gen_bool(0.15) {
            "manual"
        } else {
            "swiss"
        };
        let players = rng.gen_range(5..=12);
        let rounds = match system {
            "round-robin" => players - 1 + players % 2,
            _ => rng.gen_range(3..=6),
        };
        // Every tie-break the service offers, in a random order; Oware's seed counts (which a
        // TRF cannot carry) in some tournaments only.
        let seeds = rng.gen_bool(0.3);
        let mut tiebreaks: Vec<String> = Tiebreak::OFFERED
            .iter()
            .filter(|t| seeds || matches!(t, Tiebreak::Fide(_)))
            .map(|t| t.code())
            .collect();
        for i in (1..tiebreaks.len()).rev() {
            tiebreaks.swap(i, rng.gen_range(0..=i));
        }
        // Points as FIDE's, or otherwise (a loss worth something in some).
        let points = [
            [1.0, 0.5, 0.0, 1.0],
            [3.0, 1.0, 0.0, 3.0],
            [2.0, 1.0, 0.0, 1.0],
            [1.0, 0.5, 0.0, 0.5],
            [3.0, 2.0, 1.0, 2.0],
        ][rng.gen_range(0..5)];
        let input: SettingsInput = serde_json::from_value(serde_json::json!({
            "name": format!("Random {seed}"), "rules": "abapa", "rounds": rounds,
            "pairing": system, "tiebreaks": tiebreaks, "require_moves": false,
            "points": {"win": points[0], "draw": points[1], "loss": points[2], "bye": points[3]},
        }))
        .unwrap();
        let settings = TournamentSettings::parse(&input).unwrap();
        let t = super::tournaments::create(&mut conn, &organiser(), &settings)
            .unwrap()
            .id;
        let mut event = Event {
            conn,
            t,
            rng,
            system,
            rounds,
            log: vec![format!(
                "seed {seed}: {system}, {players} players, {rounds} rounds, points {points:?}"
            )],
        };
        for _ in 0..players {
            event.enter();
        }
        event
    }

    /// A player enters (late, once round 1 is paired).
    fn enter(&mut self) {
        let n = queries::list_players(&mut self.conn, self.t).unwrap().len();
        let details = PlayerDetails {
            name: format!("Player {:02}", n + 1),
            club: String::new(),
            country: "GHA".to_string(),
            rating: self
                .rng
                .gen_bool(0.8)
                .then(|| self.rng.gen_range(1000..2200)),
            ..PlayerDetails::default()
        };
        let pin = ("0000".to_string(), "no hash".to_string());
        add(
            &mut self.conn,
            &organiser(),
            self.t,
            &[(details, pin)],
            (Arrival::Added, None),
        )
        .unwrap();
        self.log.push(format!("player {} enters", n + 1));
    }

    fn players(&mut self) -> Vec<crate::db::models::Player> {
        queries::list_players(&mut self.conn, self.t).unwrap()
    }

    /// Before round `number` is paired: late entries, withdrawals and returns, byes asked for.
    fn before_round(&mut self, number: i32) {
        if number > 1 && self.system != "round-robin" && self.rng.gen_bool(0.3) {
            self.enter();
        }
        for p in self.players() {
            let change = if p.withdrawn {
                self.rng.gen_bool(0.3)
            } else {
                number > 1 && self.rng.gen_bool(0.06)
            };
            if change {
                set_withdrawn(&mut self.conn, &organiser(), self.t, p.id, !p.withdrawn).unwrap();
                let what = if p.withdrawn { "returns" } else { "withdraws" };
                self.log.push(format!("{} {what}", p.name));
            }
        }
        if self.system != "swiss" {
            return;
        }
        for p in self.players() {
            if p.withdrawn || !self.rng.gen_bool(0.12) {
                continue;
            }
            let kind = [ByeKind::Half, ByeKind::Zero, ByeKind::Full][self.rng.gen_range(0..3)];
            super::byes::request(&mut self.conn, &organiser(), self.t, p.id, number, kind).unwrap();
            self.log.push(format!(
                "{} asks for a {kind:?} bye in round {number}",
                p.name
            ));
        }
    }

    /// Round `number` paired by hand: the players in order, the last one left out given a bye
    /// (those away, or on a bye they asked for, left out).
    fn by_hand(&mut self, number: i32) -> RoundRequest {
        let asked: Vec<i32> = super::standings::requested_byes(&mut self.conn, self.t)
            .unwrap()
            .iter()
            .filter(|b| b.round == number)
            .map(|b| b.player)
            .collect();
        let ids: Vec<i32> = self
            .players()
            .iter()
            .filter(|p| !p.withdrawn && !asked.contains(&p.id.get()))
            .map(|p| p.id.get())
            .collect();
        let boards = ids
            .chunks(2)
            .filter(|c| c.len() == 2)
            .enumerate()
            .map(|(i, c)| {
                let pair = Pair {
                    south: c[0],
                    north: c[1],
                };
                (i as i32 + 1, pair)
            })
            .collect();
        let byes = ids.iter().skip(ids.len() / 2 * 2).copied().collect();
        RoundRequest::Manual(boards, byes)
    }

    /// Round `number` paired (by the system, or by hand when the system's pairing is impossible
    /// or the tournament is paired by hand), and published.
    fn pair(&mut self, number: i32) {
        let generated = self.system != "manual"
            && create(
                &mut self.conn,
                &organiser(),
                self.t,
                &RoundRequest::Generate,
            )
            .is_ok();
        if !generated {
            let request = self.by_hand(number);
            create(&mut self.conn, &organiser(), self.t, &request).unwrap();
            self.log.push(format!("round {number} paired by hand"));
        }
        publish(&mut self.conn, &organiser(), self.t, number).unwrap();
        self.log
            .push(format!("round {number} paired and published"));
        if number > 1 && self.system != "round-robin" && self.rng.gen_bool(0.3) {
            self.arrive_late(number);
        }
    }

    /// A player who arrives after round `number` was published: entered, and added to the
    /// round by correcting its pairings, against the player who had the bye, or with a bye.
    fn arrive_late(&mut self, number: i32) {
        self.enter();
        let late = self.players().iter().map(|p| p.id.get()).max().unwrap();
        let round = queries::get_round(&mut self.conn, self.t, number).unwrap();
        let mut boards = Vec::new();
        let mut byes = Vec::new();
        for g in queries::round_games(&mut self.conn, round.id).unwrap() {
            match (g.board, g.north_id) {
                (Some(board), Some(north)) => boards.push((
                    board,
                    Pair {
                        south: g.south_id.get(),
                        north: north.get(),
                    },
                )),
                _ => byes.push(g.south_id.get()),
            }
        }
        match byes.pop() {
            Some(had_bye) if self.rng.gen_bool(0.7) => {
                let board = boards.len() as i32 + 1;
                boards.push((
                    board,
                    Pair {
                        south: had_bye,
                        north: late,
                    },
                ));
                self.log
                    .push(format!("the late player meets {had_bye} in round {number}"));
            }
            other => {
                byes.extend(other);
                byes.push(late);
                self.log
                    .push(format!("the late player has a bye in round {number}"));
            }
        }
        let request = RoundRequest::Manual(boards, byes);
        if let Err(e) = replace(&mut self.conn, &organiser(), self.t, number, &request) {
            panic!("{e}: {request:?}\n{}", self.log.join("\n"));
        }
    }

    /// A result at random: played (either side winning, or drawn), a forfeit either way, or a
    /// double forfeit.
    fn random_result(&mut self) -> Decision {
        let kind = match self.rng.gen_range(0..10) {
            0 => ResultKind::ForfeitSouth,
            1 => ResultKind::ForfeitNorth,
            2 => ResultKind::DoubleForfeit,
            _ => ResultKind::Played,
        };
        let (winner, seeds) = match self.rng.gen_range(0..3) {
            0 => (Winner::South, [27, 21]),
            1 => (Winner::North, [18, 30]),
            _ => (Winner::Draw, [24, 24]),
        };
        let ruling = match kind {
            ResultKind::Played => Ruling::Played(crate::tournament::sheets::Sheet {
                winner,
                seeds,
                end: crate::tournament::sheets::EndKind::Natural,
                moves: String::new(),
            }),
            kind => Ruling::Without(kind),
        };
        Decision {
            ruling,
            reason: "entered by the controller".to_string(),
            seen: None,
        }
    }

    /// The results of round `number`, one game sometimes left open; then, sometimes, a result
    /// of an earlier round corrected, or a board of this round re-paired after publishing.
    fn play(&mut self, number: i32) {
        let round = queries::get_round(&mut self.conn, self.t, number).unwrap();
        let games = queries::round_games(&mut self.conn, round.id).unwrap();
        // A player who withdraws during the round (the game is then forfeited, below).
        if number > 1 && self.rng.gen_bool(0.15) {
            let paired: Vec<_> = games.iter().filter(|g| g.north_id.is_some()).collect();
            if let Some(g) = paired.first() {
                set_withdrawn(&mut self.conn, &organiser(), self.t, g.south_id, true).unwrap();
                self.log
                    .push(format!("{} withdraws during round {number}", g.south_id));
            }
        }
        for g in games.iter().filter(|g| g.north_id.is_some()) {
            if self.rng.gen_bool(0.07) {
                self.log
                    .push(format!("round {number} board {:?} left open", g.board));
                continue;
            }
            let body = self.random_result();
            self.log.push(format!(
                "round {number} board {:?}: {:?}",
                g.board, body.ruling
            ));
            set_result(&mut self.conn, &organiser(), g.id, &body).unwrap();
        }
        if self.rng.gen_bool(0.3) {
            self.correct(number);
        }
    }

    /// A correction after publishing: a result of a round played so far set again, or a game
    /// sent back and its board re-paired by hand (its players swapping sides).
    fn correct(&mut self, number: i32) {
        let games = queries::tournament_games(&mut self.conn, self.t).unwrap();
        let done: Vec<_> = games
            .iter()
            .filter(|g| g.north_id.is_some() && g.status == GameStatus::Final)
            .collect();
        if done.is_empty() {
            return;
        }
        let g = done[self.rng.gen_range(0..done.len())].clone();
        let round = queries::get_round_by_id(&mut self.conn, g.round_id).unwrap();
        // A round is re-paired by hand only while its players are all still in (the current
        // one): a pairing with a withdrawn player is refused.
        if self.rng.gen_bool(0.5) || self.system == "round-robin" || round.number != number {
            let body = self.random_result();
            self.log
                .push(format!("game {} corrected to {:?}", g.id, body.ruling));
            set_result(&mut self.conn, &organiser(), g.id, &body).unwrap();
            return;
        }
        reset(&mut self.conn, &organiser(), g.id, "played again").unwrap();
        let mut boards = Vec::new();
        let mut byes = Vec::new();
        for other in queries::round_games(&mut self.conn, round.id).unwrap() {
            match (other.board, other.north_id) {
                (Some(board), Some(north)) if other.id == g.id => {
                    let pair = Pair {
                        south: north.get(),
                        north: other.south_id.get(),
                    };
                    boards.push((board, pair));
                }
                (Some(board), Some(north)) => {
                    let pair = Pair {
                        south: other.south_id.get(),
                        north: north.get(),
                    };
                    boards.push((board, pair));
                }
                _ => byes.push(other.south_id.get()),
            }
        }
        let request = RoundRequest::Manual(boards, byes);
        replace(&mut self.conn, &organiser(), self.t, round.number, &request).unwrap();
        self.log.push(format!(
            "round {} board {:?} re-paired, sides swapped",
            round.number, g.board
        ));
        if self.rng.gen_bool(0.5) {
            let regame = queries::round_games(&mut self.conn, round.id)
                .unwrap()
                .into_iter()
                .find(|x| x.board == g.board)
                .unwrap();
            let body = self.random_result();
            set_result(&mut self.conn, &organiser(), regame.id, &body).unwrap();
        }
    }

    /// The standings of the exported file, as `oware-tournament standings FILE` reads it (the
    /// file's points and tie-breaks), against the service's: every player's rank, points and
    /// tie-break values, and the points the player lines state.
    fn compare(&mut self) -> Result<usize, String> {
        let report = super::standings::report(&mut self.conn, self.t, None).unwrap();
        let (_, text) = super::trf::export(&mut self.conn, &organiser(), self.t).unwrap();
        let trf = Trf::parse(&text).map_err(|e| e.to_string())?;
        let fide: Vec<(usize, Code)> = report
            .t
            .tiebreaks
            .iter()
            .enumerate()
            .filter_map(|(i, t)| match t {
                Tiebreak::Fide(code) => Some((i, *code)),
                _ => None,
            })
            .collect();
        // The file's own tie-breaks (line 202): FIDE's, in the tournament's order.
        let codes: Vec<Code> = trf.tiebreaks.iter().map(|c| c.parse().unwrap()).collect();
        if codes != fide.iter().map(|&(_, c)| c).collect::<Vec<_>>() {
            return Err(format!("line 202 lists {:?}\n{text}", trf.tiebreaks));
        }
        // What the file cannot say (its comment lines say so): Oware's seed counts, and so the
        // ranks they decide and a direct encounter that comes after them.
        let seeds_first = report
            .t
            .tiebreaks
            .iter()
            .position(|t| !matches!(t, Tiebreak::Fide(_)));
        if seeds_first.is_some() != text.contains("### Tie-breaks in order") {
            return Err(format!("the seed counts are not named\n{text}"));
        }
        let mut all = vec![Code::plain(Base::Pts)];
        all.extend(&codes);
        let system = trf.pairing_system.to_ascii_uppercase();
        let round_robin = system.contains("ROBIN") || system.contains("BERGER");
        let rows = standings(&trf, trf.rounds(), &all, round_robin);
        let players = queries::list_players(&mut self.conn, self.t).unwrap();
        let mut values = 0;
        for row in rows {
            let id = players[row.number as usize - 1].id.get();
            let s = report
                .table
                .iter()
                .find(|s| s.player_id == id)
                .ok_or("a player missing")?;
            let line = trf.player(row.number).ok_or("a player line missing")?;
            let mut differences = Vec::new();
            if seeds_first.is_none() && row.rank != s.rank as u32 {
                differences.push(format!("rank {} against {}", row.rank, s.rank));
            }
            if line.rank != s.rank as u32 {
                differences.push(format!("rank stated {} against {}", line.rank, s.rank));
            }
            if (row.values[0] - s.points).abs() > 1e-9 {
                differences.push(format!("points {} against {}", row.values[0], s.points));
            }
            if (f64::from(line.half_points) / 2.0 - s.points).abs() > 1e-9 {
                differences.push(format!(
                    "points stated {} against {}",
                    line.half_points, s.points
                ));
            }
            for (k, &(i, code)) in fide.iter().enumerate() {
                if code.base == Base::De && seeds_first.is_some_and(|first| first < i) {
                    continue;
                }
                let (ours, theirs) = (s.tiebreaks[i].1, row.values[k + 1]);
                if (ours - theirs).abs() > 1e-9 {
                    differences.push(format!("{code}: file {theirs}, service {ours}"));
                }
                values += 1;
            }
            values += 2;
            if !differences.is_empty() {
                return Err(format!(
                    "player {} ({}) after round {}: {}\n{}\nthe file:\n{text}",
                    row.number,
                    s.name,
                    report.after,
                    differences.join("; "),
                    self.log.join("\n"),
                ));
            }
        }
        Ok(values)
    }
}

#[test]
fn an_exported_trf_read_back_gives_the_services_own_standings_after_every_round() {
    let mut compared = 0;
    for seed in 0..40 {
        let dir = tempfile::tempdir().unwrap();
        let mut event = Event::new(&dir, seed);
        for number in 1..=event.rounds {
            event.before_round(number);
            event.pair(number);
            match event.compare() {
                Ok(values) => compared += values,
                Err(e) => panic!("{e}"),
            }
            event.play(number);
            match event.compare() {
                Ok(values) => compared += values,
                Err(e) => panic!("{e}"),
            }
        }
    }
    // Every player's rank, points and every FIDE tie-break were compared, round after round.
    assert!(compared > 10_000, "{compared} values compared");
}
