//! The WMSG 2008 supplementary pass rule, judged with the ko classifier (`ko_types`).
//!
//! A player may not pass if (1) some basic ko on the board is open for him and is neither a
//! disturbing life nor an internal disturbing death (a dead ko is a disturbing death), and
//! (2) he has a legal play that is not on a two-eye-formation of his. A ko whose type or
//! location the solver cannot establish (`unknown`) does not forbid the pass: the rule bans
//! only what can be shown. "Open for him" is read from the shape (he is the one who can
//! capture in it), as `ko-classify` reports it, whether or not a simple-ko ban is in force.

use super::Game;
use crate::board::Color;
use crate::ko_types::{self, KoType, Location};

/// Why `color` may not pass in `game` under the WMSG 2008 rule, or `None` if it may.
pub(super) fn wmsg2008_ban(game: &Game, color: Color) -> Option<String> {
    let board = game.board();
    // Only kos open for the passer matter: classify just those (the solver is not free).
    let binding = ko_types::find_kos(board)
        .into_iter()
        .filter(|ko| ko.open == color)
        .map(|ko| ko_types::classify(board, ko))
        .find(|r| {
            let binding_type = match r.ko_type {
                KoType::Fighting => true,
                KoType::DisturbingDeath | KoType::DeadKo => r.location == Location::External,
                KoType::DisturbingLife | KoType::Unknown => false,
            };
            binding_type && r.location != Location::Unknown
        })?;
    let has_useful_play = game
        .legal_plays(color)
        .into_iter()
        .any(|p| !ko_types::is_on_two_eye_formation(board, color, p));
    has_useful_play.then(|| {
        format!(
            "the {} {} ko at {} is open for {color}",
            binding.location.name(),
            binding.ko_type.name(),
            board.vertex(binding.ko.empty)
        )
    })
}
