//! The board drawn as SVG: North's row on top (f to a, as South sees it), South's row below,
//! the stores at the ends. Only numbers and fixed labels go into the markup.

use std::fmt::Write as _;

use crate::engine::{Position, Side};

/// What to mark on the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks {
    /// The pit sown from.
    pub origin: Option<usize>,
    /// Pits emptied by a capture.
    pub captured: [bool; 12],
}

const PIT: f64 = 56.0;
const LEFT: f64 = 70.0;

fn pit_centre(index: usize) -> (f64, f64) {
    if index < 6 {
        (LEFT + PIT * index as f64 + PIT / 2.0, 122.0)
    } else {
        (LEFT + PIT * (11 - index) as f64 + PIT / 2.0, 50.0)
    }
}

/// An SVG drawing of `position`.
pub fn board_svg(position: &Position, marks: &Marks) -> String {
    let pits = position.pits();
    let width = LEFT * 2.0 + PIT * 6.0;
    let mut svg = String::with_capacity(4096);
    let _ = write!(
        svg,
        r##"<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} 172" role="img" aria-label="{}">"##,
        position
    );
    let _ = write!(
        svg,
        r##"<rect x="2" y="8" width="{}" height="156" rx="26" fill="#b07a46" stroke="#5a3a1a" stroke-width="3"/>"##,
        width - 4.0
    );
    // Stores: North's on the left, South's on the right (each at the owner's right hand).
    for (side, x) in [(Side::North, 12.0), (Side::South, width - 58.0)] {
        let _ = write!(
            svg,
            r##"<rect x="{x}" y="22" width="46" height="128" rx="22" fill="#8a5a2e"/><text x="{}" y="92" class="store" text-anchor="middle" fill="#fff" font-size="22" font-weight="bold">{}</text>"##,
            x + 23.0,
            position.store(side)
        );
    }
    for (i, &count) in pits.iter().enumerate() {
        let (cx, cy) = pit_centre(i);
        let fill = if marks.captured[i] {
            "#e8b04a"
        } else if marks.origin == Some(i) {
            "#d9c7a8"
        } else {
            "#8a5a2e"
        };
        let stroke = if marks.origin == Some(i) {
            "#fff"
        } else {
            "#5a3a1a"
        };
        let _ = write!(
            svg,
            r##"<circle cx="{cx}" cy="{cy}" r="24" fill="{fill}" stroke="{stroke}" stroke-width="2"/><text x="{cx}" y="{}" text-anchor="middle" font-size="20" fill="{}">{count}</text>"##,
            cy + 7.0,
            if fill == "#8a5a2e" { "#fff" } else { "#222" }
        );
        let label = if i < 6 {
            (b'A' + i as u8) as char
        } else {
            (b'a' + i as u8 - 6) as char
        };
        let ly = if i < 6 { cy + 38.0 } else { cy - 30.0 };
        let _ = write!(
            svg,
            r##"<text x="{cx}" y="{ly}" text-anchor="middle" font-size="11" fill="#f3e3c8">{label}</text>"##
        );
    }
    let to_move = match position.to_move() {
        Side::South => "South to move",
        Side::North => "North to move",
    };
    let _ = write!(
        svg,
        r##"<text x="{}" y="170" text-anchor="middle" font-size="0">{to_move}</text></svg>"##,
        width / 2.0
    );
    svg
}

/// The marks of one ply: where it was sown from, and which of the opponent's pits it emptied.
pub fn ply_marks(before: &Position, after: &Position, origin: usize, captured: bool) -> Marks {
    let mut marks = Marks {
        origin: Some(origin),
        ..Marks::default()
    };
    if captured {
        let (b, a) = (before.pits(), after.pits());
        for i in 0..12 {
            marks.captured[i] = i != origin && a[i] == 0 && b[i] > 0;
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_pit_and_store() {
        let svg = board_svg(&Position::start(), &Marks::default());
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("<circle").count(), 12);
        assert!(svg.contains("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"));
    }
}
