//! What each position of a virtual-force search settles by itself (the goal reached, out of
//! reach, a locked seki, or nothing), kept by the position's hash in one word per position.
//!
//! The search asks it for every move of every node it expands, most of the time about a
//! position it has not met before, so a question is usually a cache miss: the table is an
//! open-addressing array of `u64` words, each holding a position's hash and its value
//! together, so that a question costs one memory access where a general hash map costs two
//! (its control bytes, then its entry), in half the memory. The hash's two lowest bits make
//! room for the value: two positions whose hashes differ only there share a word (one chance
//! in 2^62 for two given positions, against 2^64 for the search's other keys).

use crate::tactics::local_search::Outcome;

/// Per position hash, what the position settles ([`PositionValues::get`]).
#[derive(Clone, Debug)]
pub(super) struct PositionValues {
    /// The words: 0 for an empty slot, else the hash with its two lowest bits replaced by
    /// the value's code ([`code`]).
    slots: Vec<u64>,
    /// The number of positions kept.
    len: usize,
}

/// Slots of a new table (a power of two).
const INITIAL_SLOTS: usize = 1 << 10;

/// The value's code in a word's two lowest bits (never 0, which marks an empty slot).
fn code(v: Option<Outcome>) -> u64 {
    match v {
        None => 1,
        Some(Outcome::Proved) => 2,
        Some(Outcome::Disproved) => 3,
        // What a position settles by itself is never unknown; kept as unsettled if asked.
        Some(Outcome::Unknown) => 1,
    }
}

/// The value a word holds.
fn value(word: u64) -> Option<Outcome> {
    match word & 3 {
        2 => Some(Outcome::Proved),
        3 => Some(Outcome::Disproved),
        _ => None,
    }
}

impl Default for PositionValues {
    fn default() -> PositionValues {
        PositionValues {
            slots: vec![0; INITIAL_SLOTS],
            len: 0,
        }
    }
}

impl PositionValues {
    /// The slot where the search for `hash` starts.
    #[inline]
    fn home(&self, hash: u64) -> usize {
        // The high bits of a multiplicative hash (position hashes are random already; the
        // product spreads the low bits too).
        let bits = self.slots.len().trailing_zeros();
        (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The slot holding `hash`, or the empty slot where it would go.
    #[inline]
    fn slot(&self, hash: u64) -> usize {
        let key = hash & !3;
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let w = self.slots[i];
            if w == 0 || w & !3 == key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// What the position of hash `hash` settles, if it was kept: `Some(None)` when it
    /// settles nothing.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<Option<Outcome>> {
        let w = self.slots[self.slot(hash)];
        (w != 0).then(|| value(w))
    }

    /// Reads the word where the search for `hash` starts, and returns it (to be passed to
    /// [`std::hint::black_box`]): asked for all of a node's moves before any is looked up,
    /// the reads overlap, and the lookups that follow find their words in the cache.
    #[inline]
    pub fn touch(&self, hash: u64) -> u64 {
        self.slots[self.home(hash & !3)]
    }

    /// Keeps what the position of hash `hash` settles.
    pub fn insert(&mut self, hash: u64, v: Option<Outcome>) {
        let i = self.slot(hash);
        if self.slots[i] == 0 {
            self.len += 1;
        }
        let word = (hash & !3) | code(v);
        self.slots[i] = word;
        if 2 * self.len > self.slots.len() {
            self.grow();
        }
    }

    /// Doubles the slots (at half load a question rarely looks past its first slot).
    fn grow(&mut self) {
        let doubled = vec![0; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        for w in old.into_iter().filter(|&w| w != 0) {
            let i = self.slot(w);
            self.slots[i] = w;
        }
    }

    /// The number of positions kept.
    pub fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values are kept per hash through growth, `None` (settles nothing) apart from absent.
    #[test]
    fn keeps_each_positions_value() {
        let mut t = PositionValues::default();
        let values = [None, Some(Outcome::Proved), Some(Outcome::Disproved)];
        let hash = |i: u64| crate::tactics::local_search::mix(i, 7);
        for i in 0..5000u64 {
            t.insert(hash(i), values[i as usize % 3]);
        }
        assert_eq!(t.len(), 5000);
        for i in 0..5000u64 {
            assert_eq!(t.get(hash(i)), Some(values[i as usize % 3]), "{i}");
        }
        assert_eq!(t.get(hash(5000)), None);
        t.insert(hash(3), Some(Outcome::Disproved));
        assert_eq!(t.get(hash(3)), Some(Some(Outcome::Disproved)));
        assert_eq!(t.len(), 5000);
    }
}
