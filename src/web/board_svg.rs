//! The board drawn as SVG: North's row on top (f to a, as South sees it), South's row below,
//! the stores at the ends. Only numbers and fixed labels go into the markup.

use std::fmt::Write as _;

use crate::engine::{Position, Side};
use crate::locale::Lang;

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
/// Room above and below the board for the players' names.
const CAPTION: f64 = 24.0;

/// Board colours: wood dark enough that the pale pit letters on it reach a 4.5:1 contrast.
const WOOD: &str = "#5c3a1c";
const PIT_FILL: &str = "#8a5a2e";
const ORIGIN_FILL: &str = "#d9c7a8";
const CAPTURED_FILL: &str = "#e8b04a";

fn pit_centre(index: usize) -> (f64, f64) {
    if index < 6 {
        (LEFT + PIT * index as f64 + PIT / 2.0, CAPTION + 122.0)
    } else {
        (LEFT + PIT * (11 - index) as f64 + PIT / 2.0, CAPTION + 50.0)
    }
}

/// The fill of pit `i` and the colour of its count.
pub fn pit_colours(marks: &Marks, i: usize) -> (&'static str, &'static str) {
    if marks.captured[i] {
        (CAPTURED_FILL, "#222222")
    } else if marks.origin == Some(i) {
        (ORIGIN_FILL, "#222222")
    } else {
        (PIT_FILL, "#ffffff")
    }
}

/// Text for SVG markup.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The board in words, for screen readers: each row's seeds, the stores and who moves.
pub fn describe(position: &Position, names: [&str; 2], lang: Lang) -> String {
    describe_moving(position, Some(position.to_move()), names, lang)
}

/// The board in words, saying who moves only when it is known.
fn describe_moving(
    position: &Position,
    mover: Option<Side>,
    names: [&str; 2],
    lang: Lang,
) -> String {
    let pits = position.pits();
    let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
    let to_move = match mover {
        Some(Side::South) => names[0],
        Some(Side::North) => names[1],
        None => "",
    };
    lang.t_with(
        if mover.is_some() {
            "board-described"
        } else {
            "board-described-no-mover"
        },
        &[
            ("south", names[0].into()),
            ("south_pits", row(&pits[..6]).into()),
            ("south_store", i64::from(position.store(Side::South)).into()),
            ("north", names[1].into()),
            ("north_pits", row(&pits[6..]).into()),
            ("north_store", i64::from(position.store(Side::North)).into()),
            ("mover", to_move.into()),
        ],
    )
}

/// An SVG drawing of `position`, each store labelled with its player's name (South's first).
/// Pits and stores carry `data-pit` and `data-store` so that the replay script can redraw them.
pub fn named_board_svg(position: &Position, marks: &Marks, names: [&str; 2], lang: Lang) -> String {
    drawn(
        position,
        marks,
        names,
        lang,
        &describe(position, names, lang),
    )
}

/// An adjudicated position drawn: its stores, and who was to move when it was entered (`None`
/// when it was not).
pub fn entered_board_svg(
    position: &Position,
    mover: Option<Side>,
    names: [&str; 2],
    lang: Lang,
) -> String {
    let said = describe_moving(position, mover, names, lang);
    drawn(position, &Marks::default(), names, lang, &said)
}

fn drawn(position: &Position, marks: &Marks, names: [&str; 2], lang: Lang, said: &str) -> String {
    let pits = position.pits();
    let width = LEFT * 2.0 + PIT * 6.0;
    let height = 172.0 + 2.0 * CAPTION;
    let mut svg = String::with_capacity(4096);
    let _ = write!(
        svg,
        r##"<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" aria-label="{}">"##,
        escape(said)
    );
    let _ = write!(
        svg,
        r##"<rect x="2" y="{}" width="{}" height="156" rx="26" fill="{WOOD}" stroke="#3a2410" stroke-width="3"/>"##,
        CAPTION + 8.0,
        width - 4.0
    );
    // The players' names: North above its row, South below, each beside its store.
    let _ = write!(
        svg,
        r##"<text x="12" y="{}" font-size="16" fill="#222" class="name-north">{}</text><text x="{}" y="{}" text-anchor="end" font-size="16" fill="#222" class="name-south">{}</text>"##,
        CAPTION - 6.0,
        escape(&lang.t1("board-name-north", "name", names[1])),
        width - 12.0,
        height - 6.0,
        escape(&lang.t1("board-name-south", "name", names[0])),
    );
    // Stores: North's on the left, South's on the right (each at the owner's right hand).
    for (side, x) in [(Side::North, 12.0), (Side::South, width - 58.0)] {
        let _ = write!(
            svg,
            r##"<rect x="{x}" y="{}" width="46" height="128" rx="22" fill="{PIT_FILL}"/><text x="{}" y="{}" class="store" data-store="{}" text-anchor="middle" fill="#fff" font-size="22" font-weight="bold">{}</text>"##,
            CAPTION + 22.0,
            x + 23.0,
            CAPTION + 92.0,
            side.name(),
            position.store(side)
        );
    }
    for (i, &count) in pits.iter().enumerate() {
        let (cx, cy) = pit_centre(i);
        let (fill, ink) = pit_colours(marks, i);
        let stroke = if marks.origin == Some(i) {
            "#fff"
        } else {
            "#3a2410"
        };
        let _ = write!(
            svg,
            r##"<circle cx="{cx}" cy="{cy}" r="24" fill="{fill}" stroke="{stroke}" stroke-width="2" data-pit-circle="{i}"/><text x="{cx}" y="{}" text-anchor="middle" font-size="20" fill="{ink}" data-pit="{i}">{count}</text>"##,
            cy + 7.0,
        );
        let label = if i < 6 {
            (b'A' + i as u8) as char
        } else {
            (b'a' + i as u8 - 6) as char
        };
        let ly = if i < 6 { cy + 38.0 } else { cy - 30.0 };
        let _ = write!(
            svg,
            r##"<text x="{cx}" y="{ly}" text-anchor="middle" font-size="12" fill="#fff3dc">{label}</text>"##
        );
    }
    svg.push_str("</svg>");
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
        let svg = named_board_svg(
            &Position::start(),
            &Marks::default(),
            ["South", "North"],
            Lang::ENGLISH,
        );
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("<circle").count(), 12);
        assert!(!svg.contains("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"));
        assert!(svg.contains("pits A to F: 4, 4, 4, 4, 4, 4"));
    }

    #[test]
    fn names_the_stores_and_escapes_the_names() {
        let svg = named_board_svg(
            &Position::start(),
            &Marks::default(),
            ["Ama <b>", "Kofi & Co"],
            Lang::ENGLISH,
        );
        assert!(svg.contains("Ama &lt;b&gt; (South)"));
        assert!(svg.contains("Kofi &amp; Co (North)"));
        assert!(svg.contains("Ama &lt;b&gt; (South), pits A to F: 4, 4, 4, 4, 4, 4; store 0."));
        assert!(!svg.contains("<b>"));
        // In French, the sides and the description too.
        let fr = Lang::from_code("fr").unwrap();
        let svg = named_board_svg(&Position::start(), &Marks::default(), ["Ama", "Kofi"], fr);
        assert!(
            svg.contains("Ama (Sud)") && svg.contains("Kofi (Nord)"),
            "{svg}"
        );
        assert!(!svg.contains("North") && !svg.contains("South"), "{svg}");
    }

    /// WCAG's contrast ratio of two `#rrggbb` colours.
    fn contrast(a: &str, b: &str) -> f64 {
        let luminance = |hex: &str| {
            let channel = |i: usize| {
                let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
                if c <= 0.03928 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
        };
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn letters_and_counts_are_readable() {
        assert!(contrast("#fff3dc", WOOD) >= 4.5, "pit letters on the board");
        let mut marks = Marks {
            origin: Some(1),
            ..Marks::default()
        };
        marks.captured[7] = true;
        for i in [0, 1, 7] {
            let (fill, ink) = pit_colours(&marks, i);
            assert!(contrast(fill, ink) >= 4.5, "the count of pit {i}");
        }
    }
}
