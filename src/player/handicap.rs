//! Fixed handicap placement (GTP spec section 4.1.1).

use crate::board::Coord;

/// The fixed handicap stones for `stones` on a `size` board, in the spec's order, or `None`
/// when the spec defines no such placement (boards under 7x7; more than 4 stones on even
/// boards and on 7x7; more than 9 on odd boards; fewer than 2).
pub fn fixed_handicap(size: usize, stones: usize) -> Option<Vec<Coord>> {
    if size < 7 || stones < 2 {
        return None;
    }
    let max = if size.is_multiple_of(2) || size == 7 {
        4
    } else {
        9
    };
    if stones > max {
        return None;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (edge, size - 1 - edge, size / 2);
    let c = Coord::new;
    // The spec's order for 19x19: D4 Q16 D16 Q4, then D10 Q10 for 6+, K4 K16 for 8+,
    // and K10 for odd counts of 5 or more.
    let mut out = vec![c(lo, lo), c(hi, hi)];
    if stones >= 3 {
        out.push(c(lo, hi));
    }
    if stones >= 4 {
        out.push(c(hi, lo));
    }
    if stones >= 6 {
        out.push(c(lo, mid));
        out.push(c(hi, mid));
    }
    if stones >= 8 {
        out.push(c(mid, lo));
        out.push(c(mid, hi));
    }
    if stones >= 5 && !stones.is_multiple_of(2) {
        out.push(c(mid, mid));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: usize, n: usize) -> String {
        fixed_handicap(size, n)
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn placements_match_the_spec_table() {
        assert_eq!(names(19, 2), "D4 Q16");
        assert_eq!(names(19, 3), "D4 Q16 D16");
        assert_eq!(names(19, 5), "D4 Q16 D16 Q4 K10");
        assert_eq!(names(19, 8), "D4 Q16 D16 Q4 D10 Q10 K4 K16");
        assert_eq!(names(19, 9), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
        assert_eq!(names(13, 4), "D4 K10 D10 K4");
        assert_eq!(names(9, 2), "C3 G7");
        assert_eq!(names(9, 7), "C3 G7 C7 G3 C5 G5 E5");
        assert!(fixed_handicap(6, 2).is_none());
        assert!(fixed_handicap(10, 5).is_none());
        assert!(fixed_handicap(7, 5).is_none());
        assert!(fixed_handicap(19, 10).is_none());
        assert!(fixed_handicap(19, 1).is_none());
    }
}
