//! A game's result in the page's language: `1-0 (25-20)`, `½-½, au temps`, `Sud gagne par
//! forfait`, `exempt`.

use crate::locale::Lang;
use crate::tournament::sheets::EndKind;
use crate::tournament::sheets::Outcome;
use crate::tournament::{ResultKind, Winner};

/// The result as a pairing list shows it, or nothing while there is none.
pub fn outcome(lang: impl Into<Lang>, o: &Option<Outcome>) -> String {
    let lang = lang.into();
    let Some(o) = o else {
        return String::new();
    };
    let text = match (o.kind, o.winner) {
        (ResultKind::Played, Some(w)) => {
            let score = lang.t(match w {
                Winner::South => "outcome-south-won",
                Winner::North => "outcome-north-won",
                Winner::Draw => "outcome-draw",
            });
            match o.seeds {
                Some((south, north)) => lang.t3(
                    "outcome-with-seeds",
                    "score",
                    score,
                    "south",
                    south,
                    "north",
                    north,
                ),
                None => score,
            }
        }
        (ResultKind::Played, None) => lang.t("outcome-unknown"),
        (ResultKind::ForfeitSouth, _) => lang.t("outcome-forfeit-south"),
        (ResultKind::ForfeitNorth, _) => lang.t("outcome-forfeit-north"),
        (ResultKind::DoubleForfeit, _) => lang.t("outcome-double-forfeit"),
        (ResultKind::Bye, _) => lang.t("outcome-bye"),
    };
    let how = match (o.kind, o.end) {
        (ResultKind::Played, Some(EndKind::Time)) => "outcome-on-time",
        (ResultKind::Played, Some(EndKind::Adjudication)) => "outcome-adjudicated",
        (ResultKind::Played, Some(EndKind::Resignation)) => "outcome-by-resignation",
        _ => return text,
    };
    lang.t1(how, "result", text)
}

/// A game's number in its match and the match's games, however a template holds it.
pub trait InMatch {
    fn pair(&self) -> (i32, i32);
}

impl InMatch for (i32, i32) {
    fn pair(&self) -> (i32, i32) {
        *self
    }
}

impl<T: InMatch + ?Sized> InMatch for &T {
    fn pair(&self) -> (i32, i32) {
        (**self).pair()
    }
}

/// A game in its match as sheets and pages name it (`game 2 of 3`, `deciding game 1`); nothing
/// for a single game.
pub fn match_label(lang: impl Into<Lang>, in_match: impl InMatch) -> String {
    let lang = lang.into();
    match in_match.pair() {
        (_, 0) => String::new(),
        (n, g) if n <= g => lang.t2("match-game-of", "number", n, "games", g),
        (n, g) => lang.t1("match-deciding-game", "number", n - g),
    }
}

/// A match's score so far on its latest game (`match 1½-½, decided`); nothing otherwise.
pub fn match_score(lang: impl Into<Lang>, tally: &Option<(f64, f64, bool)>) -> String {
    let lang = lang.into();
    let Some((a, b, decided)) = *tally else {
        return String::new();
    };
    let key = if decided {
        "match-score-decided"
    } else {
        "match-score-so-far"
    };
    lang.t2(
        key,
        "first",
        super::words::points(lang, a),
        "second",
        super::words::points(lang, b),
    )
}

/// A match's format and score so far on a game's page: `This board plays a match: best of 3,
/// …. Ama 1, Kofi 0 so far.`
pub fn match_note(lang: impl Into<Lang>, note: &crate::service::game_views::MatchNote) -> String {
    let lang: Lang = lang.into();
    let key = if note.decided {
        "game-match-note-decided"
    } else {
        "game-match-note"
    };
    lang.t_with(
        key,
        &[
            ("format", super::words::matches(lang, &note.format).into()),
            ("south", note.south.as_str().into()),
            (
                "south_points",
                super::words::points(lang, note.south_points).into(),
            ),
            ("north", note.north.as_str().into()),
            (
                "north_points",
                super::words::points(lang, note.north_points).into(),
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::results::result_text;

    /// The English of the pages is the English the API and the CSV give.
    #[test]
    fn every_result_reads_as_the_api_writes_it_in_english_and_in_french() {
        let fr = Lang::from_code("fr").unwrap();
        let kinds = [
            ResultKind::Played,
            ResultKind::ForfeitSouth,
            ResultKind::ForfeitNorth,
            ResultKind::DoubleForfeit,
            ResultKind::Bye,
        ];
        for kind in kinds {
            for winner in [Some(Winner::South), Some(Winner::North), Some(Winner::Draw)] {
                for seeds in [None, Some((25, 20))] {
                    let o = Some(Outcome {
                        kind,
                        winner,
                        seeds,
                        end: None,
                    });
                    assert_eq!(outcome(Lang::ENGLISH, &o), result_text(kind, winner, seeds));
                    assert!(!outcome(fr, &o).is_empty());
                }
            }
        }
        let lost_on_time = Some(Outcome {
            kind: ResultKind::Played,
            winner: Some(Winner::North),
            seeds: Some((26, 20)),
            end: Some(EndKind::Time),
        });
        assert_eq!(
            outcome(Lang::ENGLISH, &lost_on_time),
            "0-1 (26-20), on time"
        );
        assert_eq!(outcome(fr, &lost_on_time), "0-1 (26-20), au temps");
        let forfeit = Some(Outcome {
            kind: ResultKind::ForfeitNorth,
            winner: None,
            seeds: None,
            end: None,
        });
        assert_eq!(outcome(fr, &forfeit), "Sud gagne par forfait");
        assert_eq!(outcome(fr, &None), "");
    }

    #[test]
    fn a_matchs_games_and_score_read_as_the_api_writes_them() {
        let fr = Lang::from_code("fr").unwrap();
        assert_eq!(match_label(Lang::ENGLISH, (2, 3)), "game 2 of 3");
        assert_eq!(match_label(Lang::ENGLISH, (4, 3)), "deciding game 1");
        assert_eq!(match_label(fr, (2, 3)), "partie 2 sur 3");
        assert_eq!(match_label(fr, (1, 0)), "");
        assert_eq!(
            match_score(Lang::ENGLISH, &Some((1.5, 0.5, false))),
            "match 1½-½ so far"
        );
        assert_eq!(
            match_score(fr, &Some((2.0, 0.5, true))),
            "match 2-0,5, décidé"
        );
        assert_eq!(match_score(fr, &None), "");
    }
}
