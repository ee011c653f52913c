//! koan: a Go engine that speaks GTP and plays correctly under every ko rule.
//!
//! # The map
//!
//! Two crates in one Cargo workspace. The rules core, [`koan_core`] in `core/`, holds what a
//! GUI, a server or a rules tool needs without the engine (no threads, no async runtime; it
//! builds for `wasm32-unknown-unknown`); this crate, the engine in `src/`, re-exports its
//! modules, so `koan::board` is `koan_core::board`. The modules stand in layers; each uses
//! only its own layer and those below it, the whole core below the engine (checked by
//! `tests/layering.rs`, which also finds any circle of modules):
//!
//! ```text
//! koan_core: board -> rules -> game -> tactics, sgf -> playout -> score, ko_types
//! koan:      search, nn -> player -> gtp -> tools
//! ```
//!
//! In the rules core:
//!
//! - [`board`]: stones, strings, liberties, the Zobrist hash, and the one helper that works
//!   out what a play removes. The board keeps one piece of history, the simple-ko point.
//! - [`rules`]: rulesets as data, and every ko rule's condition written once
//!   ([`rules::ko`], the rule table) over the words of [`rules::history`], asked against a
//!   game's memory ([`rules::memory`]) or a search line standing on it ([`rules::line`]).
//!   The one judge of legality, [`rules::judge::Judge`], with every fast path, is what the
//!   game, the search tree and the playouts ask.
//! - [`game`]: a starting position, the moves since and the ruleset, judged by that judge.
//! - [`tactics`]: what a player reads off a position: ladders, self-atari, Benson, regions,
//!   seki, counting, and the bounded AND-OR local searches, depth-first and proof-number
//!   ([`tactics::local_search`]).
//! - [`sgf`]: game records, and [`game::Game::from_sgf`] / [`game::Game::to_sgf`].
//! - [`playout`]: playouts under every ko rule with their policy (atari answers, 3x3
//!   shapes), which the search and the ownership estimate run. [`score`]: life and death at
//!   the end of a game and the count. [`ko_types`]: Jasiek's ko classification and the WMSG
//!   2008 pass rule that uses it.
//!
//! In the engine:
//!
//! - [`search`]: Monte Carlo tree search (shared tree, RAVE, priors and the move model,
//!   time); it re-exports the playout modules as `search::playout`,
//!   `search::policy`... [`nn`]: KataGo's networks read and evaluated on the CPU, with
//!   KataGo's inputs and post-processing.
//! - [`player`]: a [`player::Player`] plays a game: the game, the searcher, the clock,
//!   pondering, resignation and the end-of-game corrections. It is the one way into the
//!   search ([`player::Request`]) for GTP and `koan analysis`.
//! - [`gtp`]: the protocol over a player, each command one row in its family's table.
//! - The tools: [`regress`] (`koan regress`, gogui-regress compatible), [`arena`] (`koan
//!   match`), [`bench`] (`koan bench`), [`train`] (`koan train`, the move model),
//!   sharing the controller's side of GTP in [`gtp_client`]; and [`analysis_engine`]
//!   (`koan analysis`, KataGo's JSON analysis protocol, reporting what [`player::figures`]
//!   reports for `kata-analyze`).
//!
//! # A reading order
//!
//! `core/src/board/mod.rs` (the layout and the string bookkeeping), `core/src/rules/history.rs`
//! and `core/src/rules/ko.rs` (what each ko rule forbids), `core/src/game/mod.rs` (the judge),
//! `src/search/mod.rs`, then `core/src/playout.rs` (how the playouts obey the same rules
//! cheaply), `src/player/mod.rs` (how a move is chosen and played) and `src/gtp/engine.rs`
//! (the command table). The docs in `docs/` give the rules, the ko types, scoring and the
//! search in Go players' terms.
//!
//! The game judges legality under its ruleset's ko rule; changing the rule re-judges the next
//! move against the whole history:
//!
//! ```
//! use koan::board::{Color, Coord};
//! use koan::game::Game;
//! use koan::ko_types::pass_rule::GameMaker;
//! use koan::rules::{KoRule, Ruleset};
//!
//! let mut game = GameMaker::default().new_game(5, Ruleset::preset("japanese").unwrap());
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

/// koan's version and the commit it was built from, as `koan --version` and GTP `version`
/// give it: `0.1.0+1a2b3c4d5` (`unknown` in place of the commit outside a git checkout).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+", env!("KOAN_COMMIT"));

/// The tests' shared helpers ([`koan_core::testkit`]), for the engine's unit tests.
#[cfg(test)]
pub use koan_core::testkit;
pub use koan_core::{board, game, ko_types, playout, rules, score, sgf, tactics};

pub mod analysis_engine;
pub mod arena;
pub mod bench;
pub mod gtp;
pub mod gtp_client;
pub mod nn;
pub mod out;
pub mod player;
pub mod regress;
pub mod search;
pub mod train;
