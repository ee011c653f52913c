//! koan: a Go engine that speaks GTP and plays correctly under every ko rule.
//!
//! Where things live: `board` (stones, strings, liberties, hashing), `rules` (rulesets as data:
//! ko rules, suicide, scoring, presets), `game` (board + history + rules: the judge of
//! legality), `search` (Monte Carlo tree search and playouts), `score` (counting), `sgf`
//! (game records), `gtp` (the protocol), `regress` (the gogui-regress compatible runner),
//! `ko_types` (Jasiek's ko classification), `arena` (`koan match`: engine against engine).
//!
//! The game judges legality under its ruleset's ko rule; changing the rule re-judges the next
//! move against the whole history:
//!
//! ```
//! use koan::board::{Color, Coord};
//! use koan::game::Game;
//! use koan::rules::{KoRule, Ruleset};
//!
//! let mut game = Game::new(5, Ruleset::preset("japanese").unwrap());
//! let at = |g: &Game, v: &str| g.board().point(Coord::parse_gtp(v, 5).unwrap());
//! // A basic ko: Black captures at D3, White may not retake at C3 at once.
//! for (b, w) in [("B3", "D2"), ("C2", "D4"), ("C4", "E3"), ("A5", "C3")] {
//!     game.play(Color::Black, at(&game, b)).unwrap();
//!     game.play(Color::White, at(&game, w)).unwrap();
//! }
//! game.play(Color::Black, at(&game, "D3")).unwrap();
//! assert!(!game.is_legal(Color::White, at(&game, "C3")));
//! // Under Jasiek's fixed-ko rule the first retake is a new transition, so it is legal.
//! let mut fixed = *game.rules();
//! fixed.ko = KoRule::Fixed;
//! game.set_rules(fixed);
//! assert!(game.is_legal(Color::White, at(&game, "C3")));
//! ```

pub mod arena;
pub mod bench;
pub mod board;
pub mod game;
pub mod gtp;
pub mod gtp_client;
pub mod ko_types;
pub mod player;
pub mod regress;
pub mod rules;
pub mod score;
pub mod search;
pub mod sgf;
pub mod tactics;
