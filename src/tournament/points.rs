//! Points for each result.

use serde::{Deserialize, Serialize};

/// Points for each result.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Points {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    pub bye: f64,
}

impl Default for Points {
    fn default() -> Self {
        Points {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
            bye: 1.0,
        }
    }
}

/// A tournament's points as FIDE's files and tie-breaks count them (TRF line 162).
impl From<Points> for crate::fide::trf::Scoring {
    fn from(p: Points) -> Self {
        crate::fide::trf::Scoring {
            win: p.win,
            draw: p.draw,
            loss: p.loss,
            bye: p.bye,
        }
    }
}

impl From<crate::fide::trf::Scoring> for Points {
    fn from(s: crate::fide::trf::Scoring) -> Self {
        Points {
            win: s.win,
            draw: s.draw,
            loss: s.loss,
            bye: s.bye,
        }
    }
}
