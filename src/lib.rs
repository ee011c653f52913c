//! koan: a Go engine that speaks GTP and plays correctly under every ko rule.
//!
//! Where things live: `board` (stones, strings, liberties, hashing), `rules` (rulesets as data:
//! ko rules, suicide, scoring, presets), `game` (board + history + rules: the judge of
//! legality), `search` (Monte Carlo tree search and playouts), `score` (counting), `sgf`
//! (game records), `gtp` (the protocol), `regress` (the gogui-regress compatible runner).

pub mod bench;
pub mod board;
pub mod game;
pub mod gtp;
pub mod ko_types;
pub mod regress;
pub mod rules;
pub mod score;
pub mod search;
pub mod sgf;
