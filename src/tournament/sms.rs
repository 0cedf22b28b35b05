//! Text messages (SMS): what a player's message asks, a phone number as the gateway gives it,
//! and what a message costs (the GSM alphabet a text fits in, and its parts).
//!
//! A player's message is one of (`docs/sms.md`; case and extra spaces do not matter, French
//! words as well as English):
//!
//! - `R3 B5 S 25-23`: round 3, board 5, South won, 25 seeds to South and 23 to North (the seeds
//!   are always South's first); `N` for North, `D` (`NUL`) for a draw; a word after the seeds
//!   says how the game ended other than by the rules (`RESIGN`/`ABANDON`, `TIME`/`TEMPS`,
//!   `AGREED`/`ACCORD`); the moves may follow, as the paper sheet writes them;
//! - `R3 B5 F c A f ...`: the moves alone, whose replay gives the result;
//! - `OK 4821` (`OUI`): the opponent's sheet confirmed, by the code the request gave;
//! - `NO 4821` (`NON`): disputed;
//! - `HELP` (`AIDE`, `?`): the forms, in one message.

use super::results::Winner;
use super::said::Said;
use super::sheets::EndKind;

/// What a player's message asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A result, with the moves when they follow it.
    Result {
        round: i32,
        board: i32,
        winner: Winner,
        seeds: [u8; 2],
        end: EndKind,
        moves: String,
    },
    /// The moves alone: their replay gives the result.
    Moves {
        round: i32,
        board: i32,
        moves: String,
    },
    /// The opponent's sheet confirmed.
    Confirm { code: String },
    /// The opponent's sheet disputed.
    Dispute { code: String },
    /// The forms asked for.
    Help,
}

impl Command {
    /// What the message is, as the SMS log names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Command::Result { moves, .. } if moves.trim().is_empty() => "result",
            Command::Result { .. } | Command::Moves { .. } => "moves",
            Command::Confirm { .. } => "confirm",
            Command::Dispute { .. } => "dispute",
            Command::Help => "help",
        }
    }
}

/// What became of a message, stored as its word.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    serde::Serialize,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum State {
    /// In: kept, not yet read.
    New,
    /// In: read and done.
    Taken,
    /// In: read and refused (answered with why).
    Refused,
    /// In: kept unread and unanswered (a number nobody gave, a flood, a message handed twice).
    Ignored,
    /// Out: waiting to be sent (or tried again).
    Queued,
    /// Out: handed to the gateway, or taken by the network.
    Sent,
    /// Out: the phone has it.
    Delivered,
    /// Out: not delivered, or given up after its tries.
    Failed,
    /// Out: kept back, past the tournament's cap.
    Capped,
    /// Out: not sent, SMS being off for the tournament or the player.
    Off,
    /// Out: not sent, no longer needed when it fell due (a warning for a game already over).
    Skipped,
}

impl State {
    /// The stored word.
    pub fn word(self) -> &'static str {
        self.into()
    }
}

/// The longest message read, in characters (a concatenated message of ten parts): a longer one
/// is refused unread.
pub const LONGEST: usize = 1_600;

/// What `text` asks, or why it cannot be read (the player is answered with it).
pub fn read(text: &str) -> Result<Command, Said> {
    if text.chars().count() > LONGEST {
        return Err(crate::said!("sms-too-long", longest = LONGEST));
    }
    let words: Vec<String> = text.split_whitespace().map(str::to_uppercase).collect();
    let Some(first) = words.first() else {
        return Err(crate::said!("sms-unread"));
    };
    match first.as_str() {
        "HELP" | "AIDE" | "?" if words.len() == 1 => return Ok(Command::Help),
        "OK" | "OUI" | "YES" => return code(&words).map(|code| Command::Confirm { code }),
        "NO" | "NON" => return code(&words).map(|code| Command::Dispute { code }),
        _ => {}
    }
    let (round, board, rest) = game(text)?;
    let mut rest = rest.split_whitespace().peekable();
    let winner = match rest.peek().map(|w| w.to_uppercase()).as_deref() {
        Some("S" | "SUD" | "SOUTH") => Some(Winner::South),
        Some("N" | "NORD" | "NORTH") => Some(Winner::North),
        Some("D" | "DRAW" | "NUL" | "NULLE" | "=") => Some(Winner::Draw),
        _ => None,
    };
    // `D` is a draw, and South's pit D too (`d` North's): a move list that opens with it is
    // read as moves when no seeds follow.
    let opens_with_pit = rest.peek().is_some_and(|w| w.eq_ignore_ascii_case("d"))
        && rest.clone().nth(1).and_then(seeds).is_none();
    let winner = winner.filter(|_| !opens_with_pit);
    let Some(winner) = winner else {
        let moves = rest.collect::<Vec<_>>().join(" ");
        if moves.is_empty() {
            return Err(crate::said!("sms-no-result"));
        }
        return Ok(Command::Moves {
            round,
            board,
            moves,
        });
    };
    rest.next();
    let seeds = rest
        .next()
        .and_then(seeds)
        .ok_or_else(|| crate::said!("sms-no-seeds"))?;
    let end = match rest.peek().map(|w| w.to_uppercase()).as_deref() {
        Some("RESIGN" | "RESIGNED" | "ABANDON") => Some(EndKind::Resignation),
        Some("TIME" | "TEMPS") => Some(EndKind::Time),
        Some("AGREED" | "AGREEMENT" | "ACCORD") => Some(EndKind::Agreement),
        _ => None,
    };
    if end.is_some() {
        rest.next();
    }
    Ok(Command::Result {
        round,
        board,
        winner,
        seeds,
        end: end.unwrap_or(EndKind::Natural),
        moves: rest.collect::<Vec<_>>().join(" "),
    })
}

/// The code of a confirmation or a dispute: four digits.
fn code(words: &[String]) -> Result<String, Said> {
    match words {
        [_, code] if code.len() == 4 && code.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(code.clone())
        }
        _ => Err(crate::said!("sms-no-code")),
    }
}

/// The round and board a message begins with (`R3 B5`, `R3 T5`, `R 3 B 5`), and what follows.
fn game(text: &str) -> Result<(i32, i32, &str), Said> {
    let (round, rest) = number_after(text.trim_start(), &["R"]).ok_or_else(unread)?;
    let (board, rest) = number_after(rest.trim_start(), &["B", "T"]).ok_or_else(unread)?;
    Ok((round, board, rest))
}

fn unread() -> Said {
    crate::said!("sms-unread")
}

/// A number after one of the letters (spaces between allowed), and the text after it.
fn number_after<'a>(text: &'a str, letters: &[&str]) -> Option<(i32, &'a str)> {
    let first = text.get(..1)?;
    if !letters.iter().any(|l| first.eq_ignore_ascii_case(l)) {
        return None;
    }
    let rest = text[1..].trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 4 {
        return None;
    }
    let after = &rest[digits..];
    // `R3B5` is read; `R3X` is not.
    if after.chars().next().is_some_and(|c| c.is_alphanumeric()) && letters != ["R"] {
        return None;
    }
    Some((rest[..digits].parse().ok()?, after))
}

/// Seeds written `25-23` (or `25:23`, `25/23`): South's, then North's.
fn seeds(word: &str) -> Option<[u8; 2]> {
    let (south, north) = word.split_once(['-', ':', '/'])?;
    Some([south.parse().ok()?, north.parse().ok()?])
}

/// A phone number as stored: its digits with the country's code, without `+` or `00`
/// (`233201234567`). A number written for the country (`020 123 4567`) takes `country`'s code
/// (`233`) when one is set. `None`: not a phone number.
pub fn number(text: &str, country: Option<&str>) -> Option<String> {
    let text = text.trim();
    let kept: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')' | '\u{a0}'))
        .collect();
    let (international, digits) = if let Some(rest) = kept.strip_prefix('+') {
        (true, rest.to_string())
    } else if let Some(rest) = kept.strip_prefix("00") {
        (true, rest.to_string())
    } else {
        (false, kept)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let full = match (international, country, digits.strip_prefix('0')) {
        (true, _, _) => digits,
        (false, Some(code), Some(national)) => format!("{code}{national}"),
        (false, _, _) => digits,
    };
    (8..=15).contains(&full.len()).then_some(full)
}

/// The characters of the GSM 7-bit default alphabet (3GPP TS 23.038), one septet each.
const GSM: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?\
                   ¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/// The characters of its extension table, two septets each.
const GSM_EXTENDED: &str = "^{}\\[~]|€\u{c}";

/// The septets `text` takes in the GSM alphabet; `None` when a character is not in it (the text
/// then goes as UCS-2).
pub fn septets(text: &str) -> Option<usize> {
    text.chars().try_fold(0, |n, c| {
        if GSM.contains(c) {
            Some(n + 1)
        } else if GSM_EXTENDED.contains(c) {
            Some(n + 2)
        } else {
            None
        }
    })
}

/// How a text is sent and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// In the GSM alphabet (else UCS-2).
    pub gsm: bool,
    /// The messages the network counts.
    pub parts: u32,
}

/// What sending `text` costs: one part holds 160 GSM characters or 70 in UCS-2; a longer text
/// is split into parts of 153 or 67 (each part carries the header that joins them).
pub fn cost(text: &str) -> Cost {
    let (gsm, units, one, each) = match septets(text) {
        Some(n) => (true, n, 160, 153),
        None => (false, text.encode_utf16().count(), 70, 67),
    };
    let parts = if units <= one {
        1
    } else {
        units.div_ceil(each)
    };
    Cost {
        gsm,
        parts: u32::try_from(parts).unwrap_or(u32::MAX),
    }
}

/// The most characters of one answer: one part.
pub const ONE_PART: usize = 160;

/// `text` cut to one part's length (an answer to a player is one message), ending in `…` where
/// it was cut.
pub fn one_part(text: &str) -> String {
    if cost(text).parts <= 1 {
        return text.to_string();
    }
    let limit = if septets(text).is_some() { 159 } else { 69 };
    let mut cut = String::new();
    for c in text.chars() {
        let next = format!("{cut}{c}");
        let fits = match septets(&next) {
            Some(n) => n <= limit - 2, // `...` in the GSM alphabet: three septets, `…` is not in it
            None => next.encode_utf16().count() < limit,
        };
        if !fits {
            break;
        }
        cut = next;
    }
    if septets(&cut).is_some() {
        format!("{}...", cut.trim_end())
    } else {
        format!("{}…", cut.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_reads_in_either_language_and_any_case() {
        let result = |winner, seeds, end, moves: &str| Command::Result {
            round: 3,
            board: 5,
            winner,
            seeds,
            end,
            moves: moves.to_string(),
        };
        assert_eq!(
            read("R3 B5 S 25-23"),
            Ok(result(Winner::South, [25, 23], EndKind::Natural, ""))
        );
        assert_eq!(
            read("  r3 t5 nord 20-28 abandon "),
            Ok(result(Winner::North, [20, 28], EndKind::Resignation, ""))
        );
        assert_eq!(
            read("R 3 B 5 D 24:24 F c A f"),
            Ok(result(Winner::Draw, [24, 24], EndKind::Natural, "F c A f"))
        );
        assert_eq!(
            read("R3B5 F c"),
            Ok(Command::Moves {
                round: 3,
                board: 5,
                moves: "F c".to_string()
            })
        );
        assert_eq!(
            read("ok 4821"),
            Ok(Command::Confirm {
                code: "4821".into()
            })
        );
        assert_eq!(
            read("NON 4821"),
            Ok(Command::Dispute {
                code: "4821".into()
            })
        );
        assert_eq!(read("aide"), Ok(Command::Help));
        // South's pit D opening the moves is no draw.
        assert_eq!(
            read("R3 B5 D e A f"),
            Ok(Command::Moves {
                round: 3,
                board: 5,
                moves: "D e A f".to_string()
            })
        );
        assert_eq!(
            read("R3 B5 d 24-24"),
            Ok(Command::Result {
                round: 3,
                board: 5,
                winner: Winner::Draw,
                seeds: [24, 24],
                end: EndKind::Natural,
                moves: String::new()
            })
        );
    }

    #[test]
    fn what_cannot_be_read_says_why() {
        let key = |text: &str| read(text).unwrap_err().key;
        assert_eq!(key(""), "sms-unread");
        assert_eq!(key("hello there"), "sms-unread");
        assert_eq!(key("R3 S 25-23"), "sms-unread");
        assert_eq!(key("R3 B5"), "sms-no-result");
        assert_eq!(key("R3 B5 S"), "sms-no-seeds");
        assert_eq!(key("R3 B5 S 25"), "sms-no-seeds");
        assert_eq!(key("OK"), "sms-no-code");
        assert_eq!(key("OK 48"), "sms-no-code");
        assert_eq!(key(&"R3 B5 F ".repeat(300)), "sms-too-long");
    }

    #[test]
    fn a_number_is_kept_with_its_country_s_code() {
        assert_eq!(
            number("+233 20 123 4567", None).as_deref(),
            Some("233201234567")
        );
        assert_eq!(
            number("00233-20-123-4567", None).as_deref(),
            Some("233201234567")
        );
        assert_eq!(
            number("020 123 4567", Some("233")).as_deref(),
            Some("233201234567")
        );
        assert_eq!(number("020 123 4567", None).as_deref(), Some("0201234567"));
        assert_eq!(number("12345", None), None);
        assert_eq!(number("call me", None), None);
        assert_eq!(number("+33 6 12 34 56 78 90 12 34", None), None);
    }

    #[test]
    fn french_accents_of_the_gsm_alphabet_cost_one_part_and_others_take_ucs2() {
        // The accents the GSM alphabet holds: é è ù à ì ò Ç É.
        let fr = "Ronde 3, table 5 : vous jouez Sud contre Kofi. Début à 14 h. Ça commence, élève ù ì ò É è";
        assert_eq!(septets(fr), Some(fr.chars().count()));
        assert_eq!(
            cost(fr),
            Cost {
                gsm: true,
                parts: 1
            }
        );
        // ê is not in it: the whole text goes as UCS-2, 70 characters a part.
        let other = "Fête de l'awalé : ronde 3, table 5, vous jouez Sud contre Kofi Mensah ce soir";
        assert_eq!(septets(other), None);
        assert_eq!(
            cost(other),
            Cost {
                gsm: false,
                parts: 2
            }
        );
        assert_eq!(cost(&"a".repeat(160)).parts, 1);
        assert_eq!(cost(&"a".repeat(161)).parts, 2);
        assert_eq!(cost(&"a".repeat(306)).parts, 2);
        assert_eq!(cost(&"a".repeat(307)).parts, 3);
        // An extension character takes two septets.
        assert_eq!(cost(&"€".repeat(80)).parts, 1);
        assert_eq!(cost(&"€".repeat(81)).parts, 2);
    }

    #[test]
    fn an_answer_is_cut_to_one_part() {
        let long = "move 41: f is not a legal move ".repeat(8);
        let cut = one_part(&long);
        assert_eq!(cost(&cut).parts, 1);
        assert!(cut.ends_with("..."), "{cut}");
        assert!(long.starts_with(cut.trim_end_matches("...")));
        let short = "Board 5 round 3: 25-23 South recorded";
        assert_eq!(one_part(short), short);
        let ucs = "ê".repeat(100);
        let cut = one_part(&ucs);
        assert_eq!(
            cost(&cut),
            Cost {
                gsm: false,
                parts: 1
            }
        );
    }
}
