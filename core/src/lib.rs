//! koan-core: the rules of Go as koan knows them, without the engine.
//!
//! A board with its strings and liberties, every ko rule koan plays under (simple ko, the
//! superko family, Jasiek's fixed ko, Ing-Spight, Japanese pass-for-ko) written once in a
//! rule table, games that judge each move against their whole history, SGF records,
//! counting and the life and death at the end of a game, and Jasiek's ko types. It is what a
//! GUI, a server or a rules tool needs: no threads, no async runtime, no logging setup, and it
//! builds for `wasm32-unknown-unknown`. The engine (the search, the player, GTP and the tools)
//! is the `koan` crate, which re-exports these modules.
//!
//! # The map
//!
//! The modules stand in layers; each uses only its own layer and those below it (checked by
//! the `koan` crate's `tests/layering.rs`):
//!
//! ```text
//! board -> rules -> game -> tactics, sgf -> playout -> score, ko_types -> api
//! ```
//!
//! - [`board`]: stones, strings, liberties, the Zobrist hash, and the one helper that works
//!   out what a play removes. The board keeps one piece of history, the simple-ko point.
//! - [`rules`]: rulesets as data, and every ko rule's condition written once
//!   ([`rules::ko`], the rule table) over the words of [`rules::history`], asked against a
//!   game's memory ([`rules::memory`]) or a line of play standing on it ([`rules::line`]).
//!   The one judge of legality, [`rules::judge::Judge`], with every fast path, is what the
//!   game, a search tree and the playouts ask.
//! - [`game`]: a starting position, the moves since and the ruleset, judged by that judge.
//! - [`tactics`]: what a player reads off a position: ladders, self-atari, Benson, regions,
//!   seki, counting, and the bounded AND-OR local searches ([`tactics::local_search`]).
//! - [`sgf`]: game records, and [`game::Game::from_sgf`] / [`game::Game::to_sgf`].
//! - [`playout`]: fast random games to the end under every ko rule, with the playout policy
//!   ([`playout::policy`], [`playout::patterns`]); the engine's search and the ownership
//!   estimate of [`score`] run them.
//! - [`score`]: life and death at the end of a game and the count.
//! - [`ko_types`]: Jasiek's ko classification and the WMSG 2008 pass rule that uses it.
//! - [`api`]: the facade the Python and JavaScript packages wrap: games built from words,
//!   moves by colour and vertex, every refusal explained with a short code and in words.
//!
//! # Examples
//!
//! Play a game and ask what is legal. The game judges legality under its ruleset's ko rule;
//! changing the rule re-judges the next move against the whole history:
//!
//! ```
//! use koan_core::board::{Color, Coord};
//! use koan_core::game::Game;
//! use koan_core::ko_types::pass_rule::GameMaker;
//! use koan_core::rules::{KoRule, Ruleset};
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
//!
//! Read a game record and write it back:
//!
//! ```
//! use koan_core::board::{Cell, Color, Coord};
//! use koan_core::ko_types::pass_rule::GameMaker;
//! use koan_core::rules::Ruleset;
//! use koan_core::sgf;
//!
//! let record = sgf::parse("(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[ce])").unwrap();
//! let game = GameMaker::default()
//!     .game_from_sgf(&record, Ruleset::default(), 6.5, None)
//!     .unwrap();
//! assert_eq!(game.komi(), 7.0); // the record's komi, not the default given
//! let e5 = game.board().point(Coord::parse_gtp("E5", 9).unwrap());
//! assert_eq!(game.board().cell(e5), Cell::stone(Color::Black));
//! assert_eq!(game.to_move(), Color::Black);
//! let text = sgf::write(&game.to_sgf("Chinese".into(), None));
//! assert!(text.contains(";B[ee];W[ce]"));
//! ```
//!
//! Count a board as it stands (Tromp-Taylor area, nothing removed as dead):
//!
//! ```
//! use koan_core::board::Board;
//! use koan_core::tactics::counting::{area_counts, area_score};
//!
//! let board = Board::from_diagram(
//!     ". X O . .
//!      . X O . .
//!      X X O . .
//!      . X O O O
//!      . X O . .",
//! );
//! assert_eq!(area_counts(&board), (10, 15));
//! assert_eq!(area_score(&board, 7.5), -12.5); // White is ahead
//! ```
//!
//! # Feature flags
//!
//! - `testkit`: the module `testkit`, the helpers the tests share (positions from diagrams, games
//!   from a diagram, random games), for other crates' tests; the engine's tests turn it on.
//!
//! # Limits are work, not time
//!
//! The core reads no clock (`std::time::Instant` panics on `wasm32-unknown-unknown`): the
//! ko classification ([`ko_types::Classifier`]), its WMSG 2008 pass judge and the
//! life-and-death judgement ([`score::status`]) are bounded by budgets of search nodes, so
//! the same position gets the same answer on any machine. A caller may add an outer limit
//! of its own, a "stop now?" test ([`tactics::local_search::StopTest`], given to the
//! classifier through a [`ko_types::Guard`]); the engine's is a wall-clock one.

#![warn(missing_docs)]

pub mod api;
pub mod board;
pub mod game;
pub mod ko_types;
pub mod playout;
pub mod rules;
pub mod score;
pub mod sgf;
pub mod tactics;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
