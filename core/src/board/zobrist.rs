//! Zobrist keys: one random 64-bit number per (colour, point), fixed at compile time so hashes
//! are the same in every run and every thread.

use super::MAX_POINTS;

/// SplitMix64 step, usable in const context: the next state and the random number drawn.
/// Other fixed random tables (the move model's large shapes) draw from it too.
pub const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; MAX_POINTS]; 2] {
    let mut keys = [[0u64; MAX_POINTS]; 2];
    let mut state = 0x6B6F_616E_5A6F_6272u64; // "koanZobr"
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < MAX_POINTS {
            let (s, k) = splitmix(state);
            state = s;
            keys[c][p] = k;
            p += 1;
        }
        c += 1;
    }
    keys
}

/// `KEYS[color][point]`: the key xor-ed into a position's hash when a stone of that colour
/// stands on that point.
pub static KEYS: [[u64; MAX_POINTS]; 2] = make_keys();
