//! The eight orientations of a board as KataGo numbers them: bit 0 flips rows, bit 1 flips
//! columns, bit 2 transposes (ignored on a board that is not square).

/// How many orientations there are.
pub const COUNT: usize = 8;

/// Where the point at row `y`, column `x` of a `height` x `width` board goes under
/// `symmetry` (KataGo's `copyWithSymmetry`); `reverse` maps the network's output back.
pub fn map_point(
    y: usize,
    x: usize,
    height: usize,
    width: usize,
    symmetry: usize,
    reverse: bool,
) -> usize {
    let transpose = symmetry & 4 != 0 && height == width;
    let mut flip_x = symmetry & 2 != 0;
    let mut flip_y = symmetry & 1 != 0;
    if transpose && !reverse {
        std::mem::swap(&mut flip_x, &mut flip_y);
    }
    let (h, w) = (height as isize, width as isize);
    let (mut h_base, mut h_stride) = (0isize, w);
    let (mut w_base, mut w_stride) = (0isize, 1isize);
    if flip_y {
        h_base = (h - 1) * h_stride;
        h_stride = -h_stride;
    }
    if flip_x {
        w_base = (w - 1) * w_stride;
        w_stride = -w_stride;
    }
    if transpose {
        std::mem::swap(&mut h_stride, &mut w_stride);
    }
    (h_base + y as isize * h_stride + w_base + x as isize * w_stride) as usize
}

/// For every board point (row-major), where it goes under `symmetry`.
pub fn table(height: usize, width: usize, symmetry: usize, reverse: bool) -> Vec<usize> {
    let mut out = Vec::with_capacity(height * width);
    for y in 0..height {
        for x in 0..width {
            out.push(map_point(y, x, height, width, symmetry, reverse));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_orientation_is_a_permutation_undone_by_its_reverse() {
        for s in 0..COUNT {
            let fwd = table(5, 5, s, false);
            let back = table(5, 5, s, true);
            let mut seen = [false; 25];
            for &i in &fwd {
                seen[i] = true;
            }
            assert!(seen.iter().all(|&b| b));
            // Input point p lands at fwd[p]; the output read there must come back to p.
            for (p, &q) in fwd.iter().enumerate() {
                assert_eq!(back[q], p, "symmetry {s}");
            }
        }
    }

    #[test]
    fn the_identity_and_the_row_flip() {
        assert_eq!(map_point(0, 1, 3, 3, 0, false), 1);
        assert_eq!(map_point(0, 1, 3, 3, 1, false), 7);
        assert_eq!(map_point(0, 0, 3, 3, 2, false), 2);
        // Transposing: row 0, column 1 goes to row 1, column 0.
        assert_eq!(map_point(0, 1, 3, 3, 4, false), 3);
    }
}
