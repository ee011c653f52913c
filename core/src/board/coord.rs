//! Board coordinates independent of the board's internal layout, and their GTP spelling.

use std::fmt;

/// Letters GTP uses for columns: A to Z without I.
const COLUMN_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Smallest board size koan plays on.
pub const MIN_SIZE: usize = 2;
/// Largest board size koan plays on (GTP's limit).
pub const MAX_SIZE: usize = 25;

/// A point given by column and row, both 0-based; row 0 is the bottom row (GTP's row 1),
/// column 0 is the left column (GTP's `A`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// 0-based column, left to right.
    pub col: u8,
    /// 0-based row, bottom to top.
    pub row: u8,
}

impl Coord {
    /// A coordinate from 0-based column and row (row 0 at the bottom).
    pub fn new(col: usize, row: usize) -> Coord {
        Coord {
            col: col as u8,
            row: row as u8,
        }
    }

    /// Parses a GTP vertex such as `D4` or `q16` (not `pass`) for a board of `size`.
    pub fn parse_gtp(text: &str, size: usize) -> Result<Coord, String> {
        let bytes = text.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 {
            return Err(format!("invalid vertex '{text}'"));
        }
        let letter = bytes[0].to_ascii_uppercase();
        let col = COLUMN_LETTERS
            .iter()
            .position(|&c| c == letter)
            .ok_or_else(|| format!("invalid vertex '{text}'"))?;
        let digits = &text[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(format!("invalid vertex '{text}'"));
        }
        let row: usize = digits
            .parse()
            .map_err(|_| format!("invalid vertex '{text}'"))?;
        if col >= size || row == 0 || row > size {
            return Err(format!("vertex '{text}' is off the board"));
        }
        Ok(Coord::new(col, row - 1))
    }

    /// The GTP spelling, e.g. `D4`.
    pub fn to_gtp(self) -> String {
        self.to_string()
    }

    /// The two-letter SGF spelling (`aa` is the top-left corner) on a board of `size`.
    pub fn to_sgf(self, size: usize) -> String {
        let x = (b'a' + self.col) as char;
        let y = (b'a' + (size as u8 - 1 - self.row)) as char;
        format!("{x}{y}")
    }

    /// Parses a two-letter SGF point on a board of `size`; `None` when it is off the board
    /// (which is how `tt` passes arrive on boards up to 19).
    pub fn from_sgf(text: &str, size: usize) -> Option<Coord> {
        let b = text.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
            return None;
        }
        let x = (b[0] - b'a') as usize;
        let y = (b[1] - b'a') as usize;
        if x >= size || y >= size {
            return None;
        }
        Some(Coord::new(x, size - 1 - y))
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            COLUMN_LETTERS[self.col as usize] as char,
            self.row as usize + 1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_vertices_skip_i_and_ignore_case() {
        assert_eq!(Coord::parse_gtp("a1", 19).unwrap(), Coord::new(0, 0));
        assert_eq!(Coord::parse_gtp("J10", 19).unwrap(), Coord::new(8, 9));
        assert!(Coord::parse_gtp("I5", 19).is_err());
        assert!(Coord::parse_gtp("T20", 19).is_err());
        assert!(Coord::parse_gtp("K1", 9).is_err());
        assert!(Coord::parse_gtp("A0", 9).is_err());
        assert!(Coord::parse_gtp("A01", 9).is_err());
        assert_eq!(Coord::new(18, 18).to_string(), "T19");
        assert_eq!(Coord::new(24, 24).to_string(), "Z25");
    }

    #[test]
    fn sgf_points_count_rows_from_the_top() {
        assert_eq!(Coord::new(0, 18).to_sgf(19), "aa");
        assert_eq!(Coord::from_sgf("aa", 19), Some(Coord::new(0, 18)));
        assert_eq!(Coord::from_sgf("tt", 19), None);
        assert_eq!(Coord::from_sgf("ss", 19), Some(Coord::new(18, 0)));
    }
}
