//! The engine's facts in a page's language: a ply as the paper sheet numbers it, a side, why a
//! game ended, what a refused sheet gets wrong and the one change that mends it. The engine keeps
//! its English (`Display`) for the command line and the log; people read these.

use chrono::NaiveDate;

use crate::engine::repair::{Edit, EditKind};
use crate::engine::{Detail, EndReason, SheetMove, Side};
use crate::locale::{Arg, Lang};
use crate::service::schedule::RoundTimes;
use crate::service::standings::PlayerRound;
use crate::service::tournaments::TournamentView;
use crate::tournament::match_format::{MatchFormat, MatchLength, MatchScore, StartRule, TieRule};
use crate::tournament::sheets::EndKind;
use crate::tournament::{GameStatus, TiePolicy, Tiebreak};

/// `South`, `Sud`.
pub fn side(lang: Lang, side: Side) -> String {
    lang.t1("side-name", "side", side.name())
}

/// A ply as the paper sheet numbers it: `move 11, South`, `coup 11, Sud`.
pub fn sheet_move(lang: Lang, ply: u32) -> String {
    let m = SheetMove::of(ply);
    lang.t_with(
        "sheet-move",
        &[("number", m.number.into()), ("side", m.side.name().into())],
    )
}

/// Why a game ended, as a sentence's end: `a player captured 25 or more`.
pub fn end_reason(lang: Lang, reason: EndReason) -> String {
    lang.t1("end-reason", "reason", reason.name())
}

/// A win for a side, or a draw.
fn winner(lang: Lang, w: Option<Side>) -> Arg {
    lang.t1("diag-winner", "side", w.map_or("draw", Side::name))
        .into()
}

fn pit(p: crate::engine::Pit) -> Arg {
    p.to_string().into()
}

/// What a replay found wrong, in `lang`.
pub fn detail(lang: Lang, d: &Detail) -> String {
    let reason = |r: &EndReason| -> Arg { end_reason(lang, *r).into() };
    match d {
        Detail::AfterResultMark { after, mark } => lang.t_with(
            "diag-after-result-mark",
            &[("after", after.into()), ("mark", mark.into())],
        ),
        Detail::AfterEnd { ply, reason: r } => lang.t_with(
            "diag-after-end",
            &[("ply", (*ply).into()), ("reason", reason(r))],
        ),
        Detail::NotAMove { token, notation } => lang.t_with(
            "diag-not-a-move",
            &[
                ("token", token.into()),
                ("notation", notation.name().into()),
            ],
        ),
        Detail::NotYourPit { pit: p, side: s } => lang.t_with(
            "diag-not-your-pit",
            &[("pit", pit(*p)), ("side", s.name().into())],
        ),
        Detail::EmptyPit { pit: p } => lang.t_with("diag-empty-pit", &[("pit", pit(*p))]),
        Detail::MustFeed { pit: p } => lang.t_with("diag-must-feed", &[("pit", pit(*p))]),
        Detail::Endless { pit: p, limit } => lang.t_with(
            "diag-endless",
            &[("pit", pit(*p)), ("limit", (*limit).into())],
        ),
        Detail::WrongClaim {
            claimed,
            pit: p,
            captured,
            grand_slam,
        } => {
            let claim = match claimed {
                Some(n) => lang.t1("diag-claim-seeds", "seeds", *n),
                None => lang.t("diag-claim-any"),
            };
            let actual = if *captured > 0 {
                lang.t1("diag-captures", "seeds", *captured)
            } else if *grand_slam {
                lang.t("diag-captures-slam")
            } else {
                lang.t("diag-captures-nothing")
            };
            lang.t_with(
                "diag-wrong-claim",
                &[
                    ("claim", claim.into()),
                    ("pit", pit(*p)),
                    ("actual", actual.into()),
                ],
            )
        }
        Detail::EndMismatch {
            declared,
            ply,
            reason: r,
        } => lang.t_with(
            "diag-end-mismatch",
            &[
                ("declared", declared.as_ref().into()),
                ("ply", (*ply).into()),
                ("reason", reason(r)),
            ],
        ),
        Detail::NoAgreement { rules } => lang.t1("diag-no-agreement", "rules", rules),
        Detail::NotOver => lang.t("diag-not-over"),
        Detail::WrongSeeds {
            declared,
            actual,
            reason: r,
        } => lang.t_with(
            "diag-wrong-seeds",
            &[
                ("south", declared[0].into()),
                ("north", declared[1].into()),
                ("actual-south", actual[0].into()),
                ("actual-north", actual[1].into()),
                ("reason", reason(r)),
            ],
        ),
        Detail::WrongResult {
            declared,
            actual,
            stores,
            reason: r,
        } => lang.t_with(
            "diag-wrong-result",
            &[
                ("declared", winner(lang, *declared)),
                ("actual", winner(lang, *actual)),
                ("south", stores[0].into()),
                ("north", stores[1].into()),
                ("reason", reason(r)),
            ],
        ),
        // A record's tags: the reader's words, in English.
        Detail::Record(words) => words.clone(),
    }
}

/// The one change that mends a sheet, in `lang`: `move 3, South: C instead of c`.
pub fn edit(lang: Lang, e: &Edit) -> String {
    let was: Arg = e.was.as_deref().unwrap_or("").into();
    let now: Arg = e.now.as_deref().unwrap_or("").into();
    let at = |ply: u32| -> Arg { sheet_move(lang, ply).into() };
    match e.kind {
        EditKind::Replace => lang.t_with(
            "edit-replace",
            &[("at", at(e.ply)), ("now", now), ("was", was)],
        ),
        EditKind::Swap => lang.t_with(
            "edit-swap",
            &[
                ("first", at(e.ply)),
                ("second", at(e.ply + 1)),
                ("now", now),
                ("was", was),
            ],
        ),
        EditKind::SwapOwn => {
            let (first, second) = (SheetMove::of(e.ply), SheetMove::of(e.ply + 2));
            lang.t_with(
                "edit-swap-own",
                &[
                    ("side", first.side.name().into()),
                    ("first", first.number.into()),
                    ("second", second.number.into()),
                    ("now", now),
                    ("was", was),
                ],
            )
        }
        EditKind::Seeds => lang.t_with("edit-seeds", &[("now", now), ("was", was)]),
        EditKind::Delete => lang.t_with("edit-delete", &[("at", at(e.ply)), ("was", was)]),
        EditKind::Insert => lang.t_with("edit-insert", &[("at", at(e.ply)), ("now", now)]),
    }
}

/// Where a game's result stands: `waiting for a score sheet`.
pub fn status(lang: impl Into<Lang>, status: &GameStatus) -> String {
    let lang: Lang = lang.into();
    lang.t(match status {
        GameStatus::Pending => "status-pending",
        GameStatus::Submitted => "status-submitted",
        GameStatus::Confirmed => "status-confirmed",
        GameStatus::Disputed => "status-disputed",
        GameStatus::Final => "status-final",
    })
}

/// How a game's state reads on the dashboard: `playing`, `sheet in`.
pub fn state(lang: impl Into<Lang>, status: &GameStatus) -> String {
    let lang: Lang = lang.into();
    lang.t(match status {
        GameStatus::Pending => "state-pending",
        GameStatus::Submitted => "state-submitted",
        GameStatus::Confirmed => "state-confirmed",
        GameStatus::Disputed => "state-disputed",
        GameStatus::Final => "state-final",
    })
}

/// How a sheet says the game ended: `by agreement`.
pub fn end_kind(lang: impl Into<Lang>, end: &EndKind) -> String {
    let lang: Lang = lang.into();
    lang.t(match end {
        EndKind::Natural => "end-natural",
        EndKind::Agreement => "end-agreement",
        EndKind::Resignation => "end-resignation",
        EndKind::Time => "end-time",
        EndKind::Adjudication => "end-adjudication",
    })
}

/// The pairing system, a double elimination named as such.
pub fn pairing(lang: impl Into<Lang>, t: &TournamentView) -> String {
    let lang: Lang = lang.into();
    lang.t(t.format.word())
}

/// How players level on points are ordered.
pub fn tie_policy(lang: impl Into<Lang>, policy: &TiePolicy) -> String {
    let lang: Lang = lang.into();
    lang.t(match policy {
        TiePolicy::Fide => "policy-fide",
        TiePolicy::Mso => "policy-mso",
        TiePolicy::MsoSpread => "policy-mso-spread",
    })
}

/// What the standings' score column counts.
pub fn score_heading(lang: impl Into<Lang>, t: &TournamentView) -> String {
    let lang: Lang = lang.into();
    lang.t(match t.matches.score {
        MatchScore::MatchPoints if t.matches.single() => "points",
        MatchScore::MatchPoints => "match-points",
        MatchScore::GamePoints => "game-points",
        MatchScore::Seeds => "seeds",
    })
}

/// Points as the language writes them: `2½` in English, `2,5` in French.
pub fn points(lang: Lang, p: f64) -> String {
    if lang.t("decimal-mark") == "." {
        crate::service::tournaments::points_text(p)
    } else {
        lang.decimal(p)
    }
}

/// Points with their word, as the language says them: `2½ points`, `1 point`; `2,5 points`,
/// `1,5 point`.
pub fn points_count(lang: impl Into<Lang>, p: &f64) -> String {
    let lang = lang.into();
    lang.t2("points-count", "count", *p, "text", points(lang, *p))
}

/// A standings value (points, a tie-break): whole and half numbers as [`points`], others with
/// two decimals and the language's mark.
pub fn value(lang: Lang, v: f64) -> String {
    if (v * 2.0).fract() == 0.0 {
        points(lang, v)
    } else {
        format!("{v:.2}").replacen('.', &lang.t("decimal-mark"), 1)
    }
}

/// `win 1, draw ½, loss 0, bye 1`.
pub fn points_text(lang: impl Into<Lang>, t: &TournamentView) -> String {
    let lang: Lang = lang.into();
    let p = t.points;
    lang.t_with(
        "points-text",
        &[
            ("win", points(lang, p.win).into()),
            ("draw", points(lang, p.draw).into()),
            ("loss", points(lang, p.loss).into()),
            ("bye", points(lang, p.bye).into()),
        ],
    )
}

/// What a pairing plays: `best of 3; the winner of a game starts the next; ...`.
pub fn matches(lang: impl Into<Lang>, m: &MatchFormat) -> String {
    let lang: Lang = lang.into();
    if m.single() {
        return lang.t("match-one-game");
    }
    let games = match m.length {
        _ if m.games == 1 => lang.t("match-one-game"),
        MatchLength::Games => lang.t1("match-games", "count", m.games),
        MatchLength::BestOf => lang.t1("match-best-of", "count", m.games),
    };
    let start = lang.t(match m.start {
        StartRule::Alternate => "match-start-alternate",
        StartRule::Winner => "match-start-winner",
        StartRule::Loser => "match-start-loser",
    });
    let tie = lang.t(match m.tie {
        TieRule::Draw => "match-tie-draw",
        TieRule::Decider => "match-tie-decider",
    });
    let score = lang.t(match m.score {
        MatchScore::MatchPoints => "match-score-points",
        MatchScore::GamePoints => "match-score-games",
        MatchScore::Seeds => "match-score-seeds",
    });
    lang.t_with(
        "match-words",
        &[
            ("games", games.into()),
            ("start", start.into()),
            ("tie", tie.into()),
            ("score", score.into()),
        ],
    )
}

/// A round's times in the venue's clock: `Started 10:02, planned end 10:52 (UTC+1)`.
pub fn round_times(lang: impl Into<Lang>, r: &RoundTimes) -> String {
    let lang: Lang = lang.into();
    let hm = |t: &Option<chrono::NaiveDateTime>| t.map(|t| lang.time(t.time()));
    let key = match (r.started.is_some(), r.planned_end.is_some()) {
        (true, false) => "times-started",
        (true, true) => "times-started-end",
        (false, false) => "times-planned",
        (false, true) => "times-planned-end",
    };
    let Some(start) = hm(&r.started).or_else(|| hm(&r.planned_start)) else {
        return String::new();
    };
    lang.t_with(
        key,
        &[
            ("start", start.into()),
            ("end", hm(&r.planned_end).unwrap_or_default().into()),
            ("zone", r.zone.as_str().into()),
        ],
    )
}

/// A tournament's dates: `12 – 14 July 2026` as the language writes each date.
pub fn dates(lang: Lang, start: Option<NaiveDate>, end: Option<NaiveDate>) -> String {
    match (start, end) {
        (Some(s), Some(e)) if s != e => lang.t_with(
            "dates-range",
            &[("start", lang.date(s).into()), ("end", lang.date(e).into())],
        ),
        (Some(d), _) | (None, Some(d)) => lang.date(d),
        (None, None) => String::new(),
    }
}

/// A tournament's dates.
pub fn tournament_dates(lang: impl Into<Lang>, t: &TournamentView) -> String {
    dates(lang.into(), t.start_date, t.end_date)
}

/// A player's rounds as their page shows them: round, side, opponent, score, game, running
/// score.
pub fn player_rounds(
    lang: Lang,
    rounds: &[PlayerRound],
) -> Vec<(i32, String, String, String, Option<i32>, String)> {
    rounds
        .iter()
        .map(|r| {
            let side = match r.south {
                Some(true) => lang.t("south-moves-first"),
                Some(false) => lang.t("north"),
                None => String::new(),
            };
            let opponent = match (&r.opponent, r.asked_bye) {
                (Some(name), _) => name.clone(),
                (None, Some(kind)) => lang.t1("bye-label", "kind", kind.to_string()),
                (None, None) => lang.t("bye"),
            };
            let score = match (r.asked_bye, r.score.as_str()) {
                (Some(_), _) => points(lang, r.points),
                (None, "+") => lang.t("score-won-forfeit"),
                (None, "-") => lang.t("score-lost-forfeit"),
                (None, "…") => lang.t("score-not-played"),
                (None, "?") => lang.t("score-unknown"),
                (None, other) => other.to_string(),
            };
            (
                r.round,
                side,
                opponent,
                score,
                r.game,
                points(lang, r.running),
            )
        })
        .collect()
}

/// How a tournament's teams are made and counted.
pub fn teams(lang: impl Into<Lang>, v: &crate::service::teams::TeamsView) -> String {
    use crate::tournament::teams::TeamsBy;
    let lang: Lang = lang.into();
    let by = match v.settings.by {
        TeamsBy::None => return lang.t("teams-words-none"),
        TeamsBy::Club => "club",
        TeamsBy::Country => "country",
        TeamsBy::Federation => "federation",
        TeamsBy::List => "list",
    };
    let counted = match v.settings.best {
        Some(n) => lang.t1("teams-words-best", "count", n),
        None => lang.t("teams-words-all"),
    };
    let words = lang.t_with(
        "teams-words",
        &[("by", by.into()), ("counted", counted.into())],
    );
    if v.settings.genders_apart {
        format!("{words} {}", lang.t("teams-words-apart"))
    } else {
        words
    }
}

/// A tie-break's name: `Buchholz cut 1`, `Buchholz moins 1`.
pub fn tiebreak(lang: impl Into<Lang>, t: &Tiebreak) -> String {
    use crate::fide::c07::Base;
    let lang: Lang = lang.into();
    let code = match t {
        Tiebreak::SeedsCaptured => return lang.t1("tiebreak-name", "base", "sc"),
        Tiebreak::SeedDifference => return lang.t1("tiebreak-name", "base", "sd"),
        Tiebreak::GamePoints => return lang.t1("tiebreak-name", "base", "gp"),
        Tiebreak::Fide(code) => code,
    };
    let base = match code.base {
        Base::Pts => "pts",
        Base::Win => "win",
        Base::Won => "won",
        Base::Bpg => "bpg",
        Base::Bwg => "bwg",
        Base::Ge => "ge",
        Base::Bh => "bh",
        Base::Fb => "fb",
        Base::Aob => "aob",
        Base::Sb => "sb",
        Base::Aro => "aro",
        Base::De => "de",
        Base::Ps => "ps",
        Base::Ks => "ks",
    };
    let name: Arg = lang.t1("tiebreak-name", "base", base).into();
    match (code.low, code.high) {
        (0, 0) => lang.t1("tiebreak-name", "base", base),
        (1, 1) => lang.t_with("tiebreak-median", &[("name", name)]),
        (n, m) if n == m => lang.t_with("tiebreak-median-n", &[("name", name), ("n", n.into())]),
        (n, _) => lang.t_with("tiebreak-cut", &[("name", name), ("n", n.into())]),
    }
}

/// What the pages' scripts say, in `lang`: each message with `{name}` where the script puts a
/// value, as the JSON of a `<script type="application/json" id="words">` element.
pub fn script_words(lang: impl Into<Lang>) -> String {
    let lang: Lang = lang.into();
    let slot = |name: &str| -> Arg { format!("{{{name}}}").into() };
    let with = |key: &str, names: &[&str]| {
        let args: Vec<(&str, Arg)> = names.iter().map(|n| (*n, slot(n))).collect();
        lang.t_with(key, &args)
    };
    let mut words = serde_json::Map::new();
    let mut put = |key: &str, text: String| {
        words.insert(key.to_string(), serde_json::Value::String(text));
    };
    put("used", lang.t("js-suggestion-used"));
    put("record", lang.t("js-record"));
    put("undo", lang.t("js-undo"));
    put("close", lang.t("js-close"));
    put("pit", with("js-pit", &["seeds", "letter"]));
    put("unplayable", lang.t("js-unplayable"));
    put("store-south", with("js-store-south", &["name", "seeds"]));
    put("store-north", with("js-store-north", &["name", "seeds"]));
    put("south", side(lang, Side::South));
    put("north", side(lang, Side::North));
    put(
        "over",
        with("js-over", &["moves", "reason", "south", "north"]),
    );
    put("move-south", with("js-move-south", &["number", "name"]));
    put("move-north", with("js-move-north", &["number", "name"]));
    put("not-recorded", with("js-not-recorded", &["error"]));
    put("page", with("js-page", &["at", "pages"]));
    put(
        "board-after",
        with(
            "js-board-after",
            &["label", "south", "north", "stores-south", "stores-north"],
        ),
    );
    put("none-found", with("player-sign-in-none", &["search"]));
    put("register-use", with("js-register-use", &["person"]));
    put("register-found", lang.t("js-register-found"));
    put("register-chosen", with("js-register-chosen", &["id"]));
    for why in <crate::tournament::register::Why as strum::IntoEnumIterator>::iter() {
        let why: &str = why.into();
        put(
            &format!("why-{why}"),
            lang.t(&format!("register-why-{why}")),
        );
    }
    put(
        "found-one",
        lang.t_with(
            "player-sign-in-found",
            &[("count", 1.into()), ("search", slot("search"))],
        ),
    );
    put(
        "found-other",
        lang.t_with(
            "player-sign-in-found",
            &[("count", slot("count")), ("search", slot("search"))],
        ),
    );
    for reason in [
        EndReason::Majority,
        EndReason::NoFeed,
        EndReason::Repetition,
        EndReason::Agreement,
        EndReason::Resignation,
        EndReason::Time,
        EndReason::GrandSlam,
        EndReason::Forfeit,
        EndReason::LastSeeds,
    ] {
        put(
            &format!("reason-{}", reason.name()),
            end_reason(lang, reason),
        );
    }
    // Nothing in it may close the element: `<` is written as its escape.
    let json = serde_json::Value::Object(words)
        .to_string()
        .replace('<', "\\u003c");
    format!(r#"<script type="application/json" id="words">{json}</script>"#)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{DeclaredEnd, Position, Rules, replay};

    fn french() -> Lang {
        Lang::from_code("fr").unwrap()
    }

    fn refused(moves: &str, declared: crate::engine::Declared) -> crate::engine::ReplayError {
        let r = replay(
            moves,
            &Rules::abapa(),
            Position::start(),
            None,
            DeclaredEnd::Natural,
        );
        match r {
            Err(e) => e,
            Ok(r) => r.verify(&declared).unwrap_err(),
        }
    }

    #[test]
    fn english_words_are_the_engines_own() {
        for (moves, declared) in [
            ("A a A", Default::default()),
            ("A x", Default::default()),
            (
                "A a",
                crate::engine::Declared {
                    winner: Some(Some(Side::South)),
                    stores: None,
                },
            ),
        ] {
            let e = refused(moves, declared);
            assert_eq!(detail(Lang::ENGLISH, &e.detail), e.message(), "{moves}");
        }
        assert_eq!(sheet_move(Lang::ENGLISH, 21), SheetMove::of(21).to_string());
    }

    #[test]
    fn a_french_arbiter_reads_the_diagnostic_in_french() {
        assert_eq!(sheet_move(french(), 21), "coup 11, Sud");
        assert_eq!(sheet_move(french(), 22), "coup 11, Nord");
        let e = refused("A a A", Default::default());
        assert_eq!(detail(french(), &e.detail), "la case A est vide");
        let e = refused("A x", Default::default());
        assert!(
            detail(french(), &e.detail).contains("n'est pas un coup"),
            "{:?}",
            e.detail
        );
        let mend = Edit {
            ply: 5,
            kind: EditKind::Replace,
            was: Some("c".into()),
            now: Some("C".into()),
        };
        assert_eq!(edit(french(), &mend), "coup 3, Sud\u{202f}: C au lieu de c");
        assert_eq!(edit(Lang::ENGLISH, &mend), mend.words());
    }

    #[test]
    fn the_words_of_the_pages_tell_each_thing_apart_in_each_language() {
        for lang in [Lang::ENGLISH, french()] {
            let words: std::collections::HashSet<String> =
                <GameStatus as strum::VariantArray>::VARIANTS
                    .iter()
                    .map(|s| status(lang, s))
                    .collect();
            assert_eq!(words.len(), 5, "{words:?}");
        }
        assert_eq!(
            status(Lang::ENGLISH, &GameStatus::Submitted),
            "waiting for the opponent to confirm"
        );
        let m = MatchFormat {
            games: 3,
            length: MatchLength::BestOf,
            start: StartRule::Winner,
            score: MatchScore::GamePoints,
            tie: TieRule::Decider,
        };
        assert_eq!(
            matches(Lang::ENGLISH, &m),
            "best of 3; the winner of a game starts the next; a level match goes to deciding \
             games; the standings count game points"
        );
        assert!(
            matches(french(), &m).starts_with("au meilleur des 3 parties"),
            "{}",
            matches(french(), &m)
        );
        assert_eq!(points(Lang::ENGLISH, 2.5), "2½");
        assert_eq!(points(french(), 2.5), "2,5");
        assert_eq!(value(french(), 7.25), "7,25");
        assert_eq!(
            value(Lang::ENGLISH, 7.25),
            crate::service::standings::value_text(7.25)
        );
        assert_eq!(
            value(Lang::ENGLISH, 7.5),
            crate::service::standings::value_text(7.5)
        );
        let d = |day| NaiveDate::from_ymd_opt(2026, 7, day).unwrap();
        assert_eq!(
            dates(french(), Some(d(12)), Some(d(14))),
            "12 juillet 2026 – 14 juillet 2026"
        );
    }

    #[test]
    fn a_players_rounds_read_in_each_language() {
        let row = |south, opponent: Option<&str>, asked_bye, score: &str, points| PlayerRound {
            round: 1,
            south,
            opponent: opponent.map(str::to_string),
            asked_bye,
            score: score.to_string(),
            points,
            game: None,
            running: 2.5,
        };
        let rows = [
            row(Some(true), Some("Ama"), None, "1", 1.0),
            row(Some(false), Some("Kofi"), None, "+", 1.0),
            row(None, None, Some(crate::tournament::ByeKind::Half), "½", 0.5),
            row(None, None, None, "1", 1.0),
        ];
        let english = player_rounds(Lang::ENGLISH, &rows);
        assert_eq!(
            english[0],
            (
                1,
                "South (moves first)".into(),
                "Ama".into(),
                "1".into(),
                None,
                "2½".into()
            )
        );
        assert_eq!(english[1].3, "won by forfeit");
        assert_eq!(
            (english[2].2.as_str(), english[2].3.as_str()),
            ("half-point bye", "½")
        );
        assert_eq!(english[3].2, "bye");
        let french = player_rounds(french(), &rows);
        assert_eq!(
            french[0],
            (
                1,
                "Sud (joue en premier)".into(),
                "Ama".into(),
                "1".into(),
                None,
                "2,5".into()
            )
        );
        assert_eq!(french[1].3, "gagné par forfait");
        assert_eq!(
            (french[2].2.as_str(), french[2].3.as_str()),
            ("bye d'un demi-point", "0,5")
        );
        assert_eq!(french[3].2, "exempt");
    }

    #[test]
    fn teams_are_described_as_the_view_describes_them_in_english() {
        use crate::tournament::teams::{TeamSettings, TeamsBy};
        for (by, best, genders_apart) in [
            (TeamsBy::None, None, false),
            (TeamsBy::Club, Some(3), true),
            (TeamsBy::List, None, false),
        ] {
            let v = crate::service::teams::TeamsView {
                settings: TeamSettings {
                    by,
                    best,
                    genders_apart,
                    ..TeamSettings::default()
                },
                teams: Vec::new(),
                after_round: 0,
            };
            let english = teams(Lang::ENGLISH, &v);
            assert!(!english.is_empty() && english != teams(french(), &v));
            assert!(!teams(french(), &v).contains("Teams"));
        }
    }

    #[test]
    fn tie_breaks_are_named_for_people_in_each_language() {
        for lang in [Lang::ENGLISH, french()] {
            let names: std::collections::HashSet<String> = Tiebreak::OFFERED
                .iter()
                .map(|t| tiebreak(lang, t))
                .collect();
            assert_eq!(names.len(), Tiebreak::OFFERED.len(), "{names:?}");
        }
        let median = "BH-M1".parse::<Tiebreak>().unwrap();
        assert_eq!(tiebreak(Lang::ENGLISH, &median), "median Buchholz");
    }

    #[test]
    fn the_scripts_words_leave_slots_for_their_values() {
        let element = script_words(french());
        let json = element
            .strip_prefix(r#"<script type="application/json" id="words">"#)
            .and_then(|j| j.strip_suffix("</script>"))
            .unwrap();
        let words: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(words["page"], "Page {at} sur {pages}.");
        assert_eq!(
            words["move-south"],
            "Coup {number}\u{202f}: {name} (Sud) a le trait. Touchez une case."
        );
        assert!(
            words["found-other"]
                .as_str()
                .unwrap()
                .starts_with("{count} noms")
        );
        assert!(!json.contains('<'));
    }

    #[test]
    fn points_are_counted_as_the_language_says_them() {
        let fr = Lang::from_code("fr").unwrap();
        assert_eq!(points_count(Lang::ENGLISH, &2.5), "2½ points");
        assert_eq!(points_count(Lang::ENGLISH, &1.0), "1 point");
        assert_eq!(points_count(fr, &2.5), "2,5 points");
        assert_eq!(points_count(fr, &1.5), "1,5 point");
        assert_eq!(points_count(fr, &0.0), "0 point");
    }
}
