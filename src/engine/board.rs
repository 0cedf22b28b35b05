//! Sides, pits and the position (pits, stores, side to move) with its string form.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Number of pits on the board, in sowing order.
pub const PITS: usize = 12;
/// Number of seeds in play at the start.
pub const SEEDS: u8 = 48;

/// A player. South moves first and owns pits A–F (0..5); North owns a–f (6..11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    South,
    North,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into `stores`.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// First pit of this side's row.
    #[inline]
    pub fn first_pit(self) -> usize {
        self.index() * 6
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The letter used in position strings.
    pub fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

impl FromStr for Side {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "south" | "s" => Ok(Side::South),
            "north" | "n" => Ok(Side::North),
            _ => Err(format!("unknown side {s:?}: expected south or north")),
        }
    }
}

/// One of the 12 pits, 0..11 in sowing order (A..F then a..f).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Pit(u8);

impl TryFrom<u8> for Pit {
    type Error = String;

    fn try_from(index: u8) -> Result<Pit, String> {
        Pit::new(usize::from(index)).ok_or_else(|| format!("no pit {index}"))
    }
}

impl From<Pit> for u8 {
    fn from(pit: Pit) -> u8 {
        pit.0
    }
}

impl Pit {
    /// The pit at `index`, if `index < 12`.
    pub fn new(index: usize) -> Option<Pit> {
        (index < PITS).then_some(Pit(index as u8))
    }

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub fn owner(self) -> Side {
        if self.0 < 6 { Side::South } else { Side::North }
    }

    /// `A`–`F` for South's pits, `a`–`f` for North's.
    pub fn letter(self) -> char {
        if self.0 < 6 {
            (b'A' + self.0) as char
        } else {
            (b'a' + self.0 - 6) as char
        }
    }

    /// 1..6, counted from the owner's left.
    pub fn relative(self) -> u8 {
        self.0 % 6 + 1
    }

    /// 1..12 in sowing order.
    pub fn absolute(self) -> u8 {
        self.0 + 1
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Pits, stores and the side to move. The string form is
/// `p0-p1-…-p11-S-N-T` (pits A..F then a..f, South's store, North's store, `S` or `N`).
///
/// The whole position is one 16-byte integer, a byte each: pits A..f in bytes 0..11, the stores
/// in bytes 12 and 13, the side to move in byte 14. No count exceeds 48, so byte-wise sums never
/// carry, and a move is computed in registers.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position(u128);

const SOUTH_STORE_SHIFT: u32 = 96;
const NORTH_STORE_SHIFT: u32 = 104;
const SIDE_SHIFT: u32 = 112;
/// The bytes of the 12 pits.
pub(crate) const PITS_MASK: u128 = (1 << 96) - 1;

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Position {
    /// Four seeds in every pit, empty stores, South to move.
    pub fn start() -> Position {
        Position(0x0404_0404_0404_0404_0404_0404 & PITS_MASK)
    }

    /// A position from its parts; the seeds must add up to 48.
    pub fn new(
        pits: [u8; PITS],
        stores: [u8; 2],
        to_move: Side,
    ) -> Result<Position, PositionError> {
        let total: u32 = pits
            .iter()
            .chain(stores.iter())
            .map(|&n| u32::from(n))
            .sum();
        if total != u32::from(SEEDS) {
            return Err(PositionError::SeedCount(total));
        }
        let mut bytes = [0u8; 16];
        bytes[..PITS].copy_from_slice(&pits);
        bytes[12] = stores[0];
        bytes[13] = stores[1];
        bytes[14] = to_move as u8;
        Ok(Position(u128::from_le_bytes(bytes)))
    }

    /// The 12 pit counts, A..F then a..f.
    pub fn pits(&self) -> [u8; PITS] {
        let bytes = self.0.to_le_bytes();
        let mut pits = [0u8; PITS];
        pits.copy_from_slice(&bytes[..PITS]);
        pits
    }

    pub fn stores(&self) -> [u8; 2] {
        [self.store(Side::South), self.store(Side::North)]
    }

    #[inline]
    pub fn store(&self, side: Side) -> u8 {
        (self.0 >> (SOUTH_STORE_SHIFT + 8 * side.index() as u32)) as u8
    }

    #[inline]
    pub fn to_move(&self) -> Side {
        if (self.0 >> SIDE_SHIFT) & 1 == 0 {
            Side::South
        } else {
            Side::North
        }
    }

    #[inline]
    pub fn seeds(&self, pit: Pit) -> u8 {
        self.seeds_at(pit.index())
    }

    #[inline]
    pub(crate) fn seeds_at(&self, index: usize) -> u8 {
        (self.0 >> (8 * index)) as u8
    }

    /// The seeds on `side`'s row.
    #[inline]
    pub fn row_total(&self, side: Side) -> u8 {
        row_total(self.0, side)
    }

    /// The seeds still on the board.
    #[inline]
    pub fn board_total(&self) -> u8 {
        row_total(self.0, Side::South) + row_total(self.0, Side::North)
    }

    /// The pits as one integer (bytes 0..11; the other bytes zero).
    #[inline]
    pub(crate) fn packed_pits(&self) -> u128 {
        self.0 & PITS_MASK
    }

    /// The same stores and side to move with other pits.
    #[inline]
    pub(crate) fn with_pits(self, pits: u128) -> Position {
        Position((self.0 & !PITS_MASK) | (pits & PITS_MASK))
    }

    /// Adds seeds to the stores.
    #[inline]
    pub(crate) fn add_to_stores(self, captured: [u8; 2]) -> Position {
        Position(
            self.0
                + (u128::from(captured[0]) << SOUTH_STORE_SHIFT)
                + (u128::from(captured[1]) << NORTH_STORE_SHIFT),
        )
    }

    /// The other side to move.
    #[inline]
    pub(crate) fn pass_turn(self) -> Position {
        Position(self.0 ^ (1 << SIDE_SHIFT))
    }

    /// Moves every seed of `side`'s row into `side`'s store.
    pub(crate) fn collect_row(&mut self, side: Side) {
        let total = self.row_total(side);
        let row_mask: u128 = 0xFFFF_FFFF_FFFF << (48 * side.index());
        let mut captured = [0u8; 2];
        captured[side.index()] = total;
        *self = Position(self.0 & !row_mask).add_to_stores(captured);
    }

    /// Moves every seed on the board into `side`'s store.
    pub(crate) fn collect_all(&mut self, side: Side) {
        let total = self.board_total();
        let mut captured = [0u8; 2];
        captured[side.index()] = total;
        *self = Position(self.0 & !PITS_MASK).add_to_stores(captured);
    }

    /// The pits and side to move as one integer, for repetition checks.
    #[inline]
    pub(crate) fn key(&self) -> u128 {
        self.0 & (PITS_MASK | (0xFF << SIDE_SHIFT))
    }

    /// A small text diagram: North's row on top (f..a, as South sees it), South's row below.
    pub fn diagram(&self) -> String {
        let pits = self.pits();
        let north: Vec<String> = (6..12).rev().map(|i| format!("{:>2}", pits[i])).collect();
        let south: Vec<String> = (0..6).map(|i| format!("{:>2}", pits[i])).collect();
        let to_move = self.to_move();
        format!(
            "      f  e  d  c  b  a\n   {}   North {}{}\n   {}   South {}{}\n      A  B  C  D  E  F\n",
            north.join(" "),
            self.store(Side::North),
            if to_move == Side::North {
                " (to move)"
            } else {
                ""
            },
            south.join(" "),
            self.store(Side::South),
            if to_move == Side::South {
                " (to move)"
            } else {
                ""
            },
        )
    }
}

/// The seeds on `side`'s row of packed pits (see [`Position`]).
#[inline]
pub(crate) fn row_total(packed: u128, side: Side) -> u8 {
    let row = (packed >> (48 * side.index())) as u64 & 0xFFFF_FFFF_FFFF;
    // The top byte of the product is the sum of the bytes: no partial sum passes 48, so no byte
    // carries into the next.
    (row.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for n in self.pits() {
            write!(f, "{n}-")?;
        }
        write!(
            f,
            "{}-{}-{}",
            self.store(Side::South),
            self.store(Side::North),
            self.to_move().letter()
        )
    }
}

/// Why a position string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error(
        "a position has 15 fields (12 pits, 2 stores, side to move) separated by '-'; found {0}"
    )]
    FieldCount(usize),
    #[error("field {field} ({value:?}) is not a seed count from 0 to 48")]
    BadCount { field: usize, value: String },
    #[error("the side to move must be S or N, not {0:?}")]
    BadSide(String),
    #[error("the pits and stores hold {0} seeds; there must be exactly 48")]
    SeedCount(u32),
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = s.trim().split('-').collect();
        if fields.len() != PITS + 3 {
            return Err(PositionError::FieldCount(fields.len()));
        }
        let mut counts = [0u8; PITS + 2];
        for (i, field) in fields[..PITS + 2].iter().enumerate() {
            counts[i] = field
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= SEEDS)
                .ok_or_else(|| PositionError::BadCount {
                    field: i + 1,
                    value: (*field).to_string(),
                })?;
        }
        let to_move = match fields[PITS + 2].trim() {
            "S" | "s" => Side::South,
            "N" | "n" => Side::North,
            other => return Err(PositionError::BadSide(other.to_string())),
        };
        let mut pits = [0u8; PITS];
        pits.copy_from_slice(&counts[..PITS]);
        Position::new(pits, [counts[PITS], counts[PITS + 1]], to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_string() {
        assert_eq!(
            Position::start().to_string(),
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
        );
        assert_eq!(
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".parse::<Position>().unwrap(),
            Position::start()
        );
    }

    #[test]
    fn bad_position_strings_are_refused() {
        assert_eq!(
            "4-4-4".parse::<Position>(),
            Err(PositionError::FieldCount(3))
        );
        assert!(matches!(
            "4-4-4-4-4-4-4-4-4-4-4-4-0-1-S".parse::<Position>(),
            Err(PositionError::SeedCount(49))
        ));
        assert!(matches!(
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X".parse::<Position>(),
            Err(PositionError::BadSide(_))
        ));
        assert!(matches!(
            "4-4-4-4-4-4-4-4-4-4-4-x-0-0-S".parse::<Position>(),
            Err(PositionError::BadCount { field: 12, .. })
        ));
        assert!(matches!(
            "4-4-4-4-4-4-4-4-4-4-4-400-0-0-S".parse::<Position>(),
            Err(PositionError::BadCount { field: 12, .. })
        ));
    }

    #[test]
    fn pit_names() {
        let a = Pit::new(0).unwrap();
        let f_north = Pit::new(11).unwrap();
        assert_eq!((a.letter(), a.relative(), a.absolute()), ('A', 1, 1));
        assert_eq!(
            (f_north.letter(), f_north.relative(), f_north.absolute()),
            ('f', 6, 12)
        );
        assert_eq!(f_north.owner(), Side::North);
        assert!(Pit::new(12).is_none());
    }
}
