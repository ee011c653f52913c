//! Ladder reading for the tree's priors: does a string in atari die in a ladder (shicho)?
//!
//! The defender, in atari, may capture an attacking stone that is itself in atari, or extend
//! on its liberty. An extension to three liberties or more escapes; to one liberty dies; to
//! two, the attacker tries an atari on each of the two (one that is not itself a
//! self-atari) and reads on. Reading stops after `MAX_DEPTH` extensions (the ladder is
//! then taken to fail). Works on copies of the board, so it is for priors at node creation,
//! not for playouts.
//!
//! Local rules of its own: a ladder is read under basic ko alone (the board's ko point,
//! [`Board::is_legal_simple`]) and suicide forbidden, whatever the game's rules; it does not
//! ask the game's [`Judge`](crate::rules::judge::Judge).

use super::self_atari::is_self_atari;
use crate::board::{Board, Cell, Color, Point, SuicideRule};

/// Extensions read at most.
const MAX_DEPTH: usize = 40;

/// True when `color`'s play on `p` puts an opponent string into atari (capturing nothing)
/// and that string then dies in a ladder whatever it does.
pub fn atari_works(board: &Board, p: Point, color: Color) -> bool {
    if !board.is_legal_simple(p, color, SuicideRule::Forbidden) || is_self_atari(board, p, color) {
        return false;
    }
    let opp = Cell::stone(color.opponent());
    let targets: smallvec::SmallVec<[Point; 4]> = board
        .neighbours(p)
        .into_iter()
        .filter(|&n| board.cell(n) == opp && board.liberties(n, 3).len() == 2)
        .collect();
    if targets.is_empty() {
        return false;
    }
    let mut after = board.clone();
    after.play(p, color);
    targets
        .iter()
        .any(|&t| after.cell(t) == opp && after.in_atari(t) && dies(&after, t, 0))
}

/// True when `color`'s play on `p` extends an own string in atari to exactly two
/// liberties, from where the opponent can ladder it to death: running there is futile.
pub fn escape_fails(board: &Board, p: Point, color: Color) -> bool {
    let own = Cell::stone(color);
    let in_atari = board
        .neighbours(p)
        .into_iter()
        .any(|n| board.cell(n) == own && board.in_atari(n));
    if !in_atari || !board.is_legal_simple(p, color, SuicideRule::Forbidden) {
        return false;
    }
    let mut after = board.clone();
    after.play(p, color);
    if after.liberties(p, 3).len() != 2 {
        return false;
    }
    chased_to_death(&after, p, 0)
}

/// The defender's string holding `s` is in atari with the defender to move: true when it
/// dies.
fn dies(board: &Board, s: Point, depth: usize) -> bool {
    if depth >= MAX_DEPTH {
        return false;
    }
    let defender = board.cell(s).color().expect("a stone");
    let attacker = Cell::stone(defender.opponent());
    // Capturing an attacker in atari next to the string escapes.
    for stone in board.string_stones(s) {
        for n in board.neighbours(stone) {
            if board.cell(n) == attacker && board.in_atari(n) {
                return false;
            }
        }
    }
    let lib = board.atari_liberty(s);
    if !board.is_legal_simple(lib, defender, SuicideRule::Forbidden) {
        return true;
    }
    let mut after = board.clone();
    after.play(lib, defender);
    match after.liberties(s, 3).len() {
        0 | 1 => true,
        2 => chased_to_death(&after, s, depth + 1),
        _ => false,
    }
}

/// The defender's string holding `s` has two liberties with the attacker to move: true when
/// an atari on one of them leads to its death.
fn chased_to_death(board: &Board, s: Point, depth: usize) -> bool {
    let defender = board.cell(s).color().expect("a stone");
    let attacker = defender.opponent();
    board.liberties(s, 2).into_iter().any(|lib| {
        if !board.is_legal_simple(lib, attacker, SuicideRule::Forbidden)
            || is_self_atari(board, lib, attacker)
        {
            return false;
        }
        let mut after = board.clone();
        after.play(lib, attacker);
        after.cell(s) != Cell::Empty && after.in_atari(s) && dies(&after, s, depth)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Coord;

    fn at(b: &Board, v: &str) -> Point {
        b.point(Coord::parse_gtp(v, b.size()).unwrap())
    }

    fn position(black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::new(9);
        for (list, c) in [(black, Color::Black), (white, Color::White)] {
            for v in list {
                let p = at(&b, v);
                b.place_setup(p, c);
            }
        }
        b
    }

    #[test]
    fn reads_a_ladder_and_its_breaker() {
        // White E5 beside Black D5, E6, F4; a white breaker on C3 spoils the ladder that
        // runs down-left (atari at F5), not the one running up-right (atari at E4).
        let b = position(&["D5", "E6", "F4"], &["E5", "C3"]);
        assert!(atari_works(&b, at(&b, "E4"), Color::Black));
        assert!(!atari_works(&b, at(&b, "F5"), Color::Black));
        // Without the breaker both work.
        let open = position(&["D5", "E6", "F4"], &["E5"]);
        assert!(atari_works(&open, at(&open, "F5"), Color::Black));
        // A stone with three liberties after the extension is no ladder.
        let free = position(&["D5"], &["E5"]);
        assert!(!atari_works(&free, at(&free, "E6"), Color::Black));
    }

    #[test]
    fn running_into_a_working_ladder_is_futile() {
        // White E5 in atari (Black D5, E6, F4, E4): running to F5 gives two liberties,
        // and the ladder up-right works.
        let b = position(&["D5", "E6", "F4", "E4"], &["E5"]);
        assert!(escape_fails(&b, at(&b, "F5"), Color::White));
        // With a white stone on the ladder's path (G7), running works.
        let b = position(&["D5", "E6", "F4", "E4"], &["E5", "G7"]);
        assert!(!escape_fails(&b, at(&b, "F5"), Color::White));
    }
}
