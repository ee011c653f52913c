//! Tactics: what a Go player reads off a position, without a game's history. Ladders
//! ([`ladder`]), self-atari ([`self_atari`]), unconditional life by Benson's algorithm
//! ([`benson`]), empty areas and eye spaces ([`regions`]), seki ([`seki`]) and counting the
//! board as it stands ([`counting`]), and the bounded AND-OR searches (depth-first and
//! proof-number) that local questions (can this string be captured? can this player force
//! life here?) run on ([`local_search`]).
//!
//! Everything here reads a [`Board`](crate::board::Board) (and, for local searches, the ko
//! rules of [`rules`](crate::rules)); none of it knows a game. The search's priors and
//! playouts, the end-of-game judgement and the ko classifier build on it.

pub mod benson;
pub mod counting;
pub mod ladder;
pub mod local_search;
pub mod regions;
pub mod seki;
pub mod self_atari;
