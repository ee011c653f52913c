//! The WMSG 2008 supplementary pass rule, judged with the ko classifier.
//!
//! A player may not pass if (1) some basic ko on the board is open for him and is neither a
//! disturbing life nor an internal disturbing death (a dead ko is a disturbing death), and
//! (2) he has a legal play that is not on a two-eye-formation of his. A ko whose type or
//! location the solver cannot establish (`unknown`) does not forbid the pass: the rule bans
//! only what can be shown. "Open for him" is read from the shape (he is the one who can
//! capture in it), as `ko-classify` reports it, whether or not a simple-ko ban is in force.
//!
//! The game cannot read kos itself (the classifier stands above it), so whoever makes a game
//! that may be played under this rule attaches the judge with [`attach`]; the game then asks
//! it for every pass, in [`Game::pass_ban`].

use crate::board::Color;
use crate::game::Game;
use crate::ko_types::{self, KoReport, KoType, Location};
use std::sync::atomic::{AtomicBool, Ordering};

/// Lets `game` judge passes under the WMSG 2008 rule (when its ruleset, now or later, says
/// `pass=wmsg2008`) with [`wmsg2008_ban`].
pub fn attach(game: &mut Game) {
    game.set_pass_judge(wmsg2008_ban);
}

/// True when a ko open for the passer forbids his pass: a fighting ko anywhere, a disturbing
/// death (dead ko included) when external; never a disturbing life, nor a ko whose type or
/// location is unknown.
fn binds(r: &KoReport) -> bool {
    let binding_type = match r.ko_type {
        KoType::Fighting => true,
        KoType::DisturbingDeath | KoType::DeadKo => r.location == Location::External,
        KoType::DisturbingLife | KoType::Unknown => false,
    };
    binding_type && r.location != Location::Unknown
}

/// Whether answers resting on walls judged alive (`basis=judged`) may forbid a pass, as
/// exact ones do (the default), or only exact answers may.
static JUDGED_ANSWERS_BIND: AtomicBool = AtomicBool::new(true);

/// True when judged answers may forbid a pass (see [`set_judged_answers_bind`]).
pub fn judged_answers_bind() -> bool {
    JUDGED_ANSWERS_BIND.load(Ordering::Relaxed)
}

/// Lets answers resting on walls judged alive forbid a pass (`true`, the default) or keeps
/// the rule to exact answers (`false`), for the whole process.
pub fn set_judged_answers_bind(on: bool) {
    JUDGED_ANSWERS_BIND.store(on, Ordering::Relaxed);
}

/// Why `color` may not pass in `game` under the WMSG 2008 rule, or `None` if it may.
pub fn wmsg2008_ban(game: &Game, color: Color) -> Option<String> {
    let board = game.board();
    // Only kos open for the passer matter: classify just those (the solver is not free),
    // all within one time limit.
    let deadline = ko_types::call_deadline(std::time::Instant::now());
    let mut walls = None;
    let binding = ko_types::find_kos(board)
        .into_iter()
        .filter(|ko| ko.open == color)
        .map(|ko| {
            ko_types::classify_in_game(game, ko, deadline, &mut walls, ko_types::Questions::Report)
        })
        .find(|r| binds(r) && (r.judged_walls.is_empty() || judged_answers_bind()))?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use crate::ko_types::{report_from_answers, Answer, BasicKo, KoAnswers};

    /// The report the classifier makes from the eight answers: `b` and `w` give, per role
    /// (open, closed), the answers on the ko and on the locale.
    fn report(b: [[bool; 2]; 2], w: [[bool; 2]; 2]) -> KoReport {
        let a = |x: bool| {
            if x {
                Answer::Yes(Point::PASS)
            } else {
                Answer::No
            }
        };
        let side = |s: [[bool; 2]; 2]| s.map(|role| role.map(a));
        let ko = BasicKo {
            empty: Point(20),
            stone: Point(21),
            open: Color::Black,
        };
        report_from_answers(
            ko,
            KoAnswers {
                table: [side(b), side(w)],
            },
        )
    }

    #[test]
    fn which_kos_forbid_the_pass() {
        let (y, n) = (true, false);
        // No closed killer: a disturbing life (internal by Corollary 2) never binds.
        let r = report([[n, n], [n, n]], [[n, n], [n, n]]);
        assert_eq!(
            (r.ko_type, r.location),
            (KoType::DisturbingLife, Location::Internal)
        );
        assert!(!binds(&r));
        // Even when the open player could make the ko his on the ko and the locale.
        let r = report([[y, y], [n, n]], [[n, n], [n, n]]);
        assert_eq!(r.ko_type, KoType::DisturbingLife);
        assert!(!binds(&r));
        // Fighting binds, internal or external.
        assert!(binds(&report([[y, y], [y, y]], [[y, y], [y, y]])));
        assert!(binds(&report([[y, n], [y, n]], [[y, n], [y, n]])));
        // A disturbing death binds only when external.
        assert!(!binds(&report([[n, n], [y, y]], [[n, n], [n, n]])));
        assert!(binds(&report([[n, n], [y, n]], [[n, n], [n, n]])));
        // A dead ko, internal then external.
        assert!(!binds(&report([[y, y], [y, y]], [[n, n], [n, n]])));
        assert!(binds(&report([[y, n], [y, n]], [[n, n], [n, n]])));
        // What the solver cannot show does not bind: a fighting ko of unknown location.
        let mut r = report([[y, y], [y, y]], [[y, y], [y, y]]);
        r.location = Location::Unknown;
        assert!(!binds(&r));
        r.ko_type = KoType::Unknown;
        assert!(!binds(&r));
    }
}
