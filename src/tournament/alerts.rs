//! What calls for the controller during a round, from the state of its boards: a dispute, a
//! player whose sheets the replay keeps refusing, games still open past the round's planned
//! end, and, once every result counts, the next step (pair or publish the next round).

use serde::Serialize;

use super::{GameId, GameStatus};

/// Sheets refused since a game's last accepted one from which the staff are told: a player who
/// needs help with the move list (a move written wrong, a sheet copied from another game).
pub const REFUSALS_TO_ALERT: u32 = 3;

/// One game of the round as the dashboard reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub game: GameId,
    pub board: i32,
    pub status: GameStatus,
    /// Sheets refused since the game's last accepted one.
    pub refused: u32,
}

/// What comes after a round whose results are all in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "round", rename_all = "lowercase")]
pub enum Next {
    /// The next round is to be paired.
    Pair(i32),
    /// The next round is paired and waits to be published.
    Publish(i32),
    /// The tournament has no more rounds.
    Over,
}

/// Something the controller should see to.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Alert {
    /// The two players' sheets differ.
    Disputed { game: GameId, board: i32 },
    /// The replay refused this many sheets of the game since its last accepted one.
    Refused {
        game: GameId,
        board: i32,
        times: u32,
    },
    /// Games still waiting for a sheet or a confirmation after the round's planned end.
    Overdue { games: Vec<(GameId, i32)> },
    /// Every result of the round counts.
    AllIn { round: i32, next: Next },
    /// The hub the tournament is published to refused its latest push, with why (the page and
    /// the API word it for their reader).
    HubRefused {
        #[serde(skip)]
        problem: crate::tournament::said::Kept,
    },
}

/// The alerts of a round with these `boards` (byes left out), in the order the controller
/// deals with them: disputes, refused sheets, games past the planned end (`past_end`: the
/// venue's clock is past it), and "all results in" with the `next` step.
pub fn alerts(round: i32, boards: &[Board], past_end: bool, next: Next) -> Vec<Alert> {
    let mut alerts: Vec<Alert> = boards
        .iter()
        .filter(|b| b.status == GameStatus::Disputed)
        .map(|b| Alert::Disputed {
            game: b.game,
            board: b.board,
        })
        .collect();
    alerts.extend(
        boards
            .iter()
            .filter(|b| b.status.open() && b.refused >= REFUSALS_TO_ALERT)
            .map(|b| Alert::Refused {
                game: b.game,
                board: b.board,
                times: b.refused,
            }),
    );
    let overdue: Vec<(GameId, i32)> = boards
        .iter()
        .filter(|b| past_end && b.status.open())
        .map(|b| (b.game, b.board))
        .collect();
    if !overdue.is_empty() {
        alerts.push(Alert::Overdue { games: overdue });
    }
    if boards.iter().all(|b| b.status.counts()) {
        alerts.push(Alert::AllIn { round, next });
    }
    alerts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: i32, status: GameStatus, refused: u32) -> Board {
        Board {
            game: GameId(100 + n),
            board: n,
            status,
            refused,
        }
    }

    #[test]
    fn a_round_in_play_calls_for_its_disputes_and_struggling_players() {
        let boards = [
            board(1, GameStatus::Confirmed, 0),
            board(2, GameStatus::Disputed, 0),
            board(3, GameStatus::Pending, 2),
            board(4, GameStatus::Pending, 3),
            board(5, GameStatus::Submitted, 5),
            board(6, GameStatus::Final, 4),
        ];
        let said = alerts(3, &boards, false, Next::Pair(4));
        assert_eq!(
            said,
            [
                Alert::Disputed {
                    game: GameId(102),
                    board: 2
                },
                Alert::Refused {
                    game: GameId(104),
                    board: 4,
                    times: 3
                },
                Alert::Refused {
                    game: GameId(105),
                    board: 5,
                    times: 5
                },
            ]
        );
        // Past the planned end, the games without a result that counts are listed, the
        // disputed one aside (it has its own alert).
        let late = alerts(3, &boards, true, Next::Pair(4));
        assert_eq!(
            late.last(),
            Some(&Alert::Overdue {
                games: vec![(GameId(103), 3), (GameId(104), 4), (GameId(105), 5)]
            })
        );
    }

    #[test]
    fn every_result_in_says_what_comes_next() {
        let boards = [
            board(1, GameStatus::Confirmed, 0),
            board(2, GameStatus::Final, 0),
        ];
        for next in [Next::Pair(2), Next::Publish(2), Next::Over] {
            assert_eq!(
                alerts(1, &boards, true, next),
                [Alert::AllIn { round: 1, next }]
            );
        }
        // One game still waiting for its confirmation: not yet.
        let waiting = [
            board(1, GameStatus::Confirmed, 0),
            board(2, GameStatus::Submitted, 0),
        ];
        assert!(alerts(1, &waiting, false, Next::Pair(2)).is_empty());
    }
}
