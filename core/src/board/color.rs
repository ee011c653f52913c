//! Colours of stones and of players.

use std::fmt;
use std::str::FromStr;

/// A player, or the colour of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The player who moves first in an even game.
    Black,
    /// The player who moves second in an even game.
    White,
}

impl Color {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The single-letter form used by GTP and SGF (`B` or `W`).
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// Parses a GTP colour: `b`, `black`, `w`, `white`, in any case.
impl FromStr for Color {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(format!("invalid color '{s}'")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_gtp_colours_in_any_case() {
        assert_eq!("B".parse::<Color>().unwrap(), Color::Black);
        assert_eq!("wHiTe".parse::<Color>().unwrap(), Color::White);
        assert!("x".parse::<Color>().is_err());
        assert_eq!(Color::Black.opponent(), Color::White);
    }
}
