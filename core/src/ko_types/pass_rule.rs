//! The WMSG 2008 supplementary pass rule, judged with the ko classifier.
//!
//! A player may not pass if (1) some basic ko on the board is open for him and is neither a
//! disturbing life nor an internal disturbing death (a dead ko is a disturbing death), and
//! (2) he has a legal play that is not on a two-eye-formation of his. A ko whose type or
//! location the solver cannot establish (`unknown`) does not forbid the pass: the rule bans
//! only what can be shown. "Open for him" is read from the shape (he is the one who can
//! capture in it), as `ko-classify` reports it, whether or not a simple-ko ban is in force.
//!
//! The game cannot read kos itself (the classifier stands above it), so the games that may
//! be played under this rule are made here, by a [`GameMaker`]: each holds a
//! [`Wmsg2008Judge`] with the maker's settings, its classifier and its [`PassBasis`], and
//! asks it for every pass, in [`Game::pass_ban`].

use crate::board::{Board, Color};
use crate::game::{Game, PassJudge};
use crate::ko_types::{self, Classifier, KoReport, KoType, Location, Questions};
use crate::rules::Ruleset;
use crate::sgf::SgfGame;
use std::sync::Arc;

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

/// Which answers may forbid a pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PassBasis {
    /// Answers resting on walls judged alive (`basis=judged`) forbid a pass as exact ones
    /// do (the default).
    #[default]
    Judged,
    /// Only exact answers (`basis=exact`) forbid a pass.
    Exact,
}

impl PassBasis {
    /// The GTP spelling: `judged` or `exact`.
    pub fn name(self) -> &'static str {
        match self {
            PassBasis::Judged => "judged",
            PassBasis::Exact => "exact",
        }
    }

    /// The basis named `judged` or `exact`.
    pub fn from_name(name: &str) -> Option<PassBasis> {
        match name {
            "judged" => Some(PassBasis::Judged),
            "exact" => Some(PassBasis::Exact),
            _ => None,
        }
    }
}

/// The judge of the WMSG 2008 pass rule: the ko classifier it reads with and the answers it
/// lets forbid a pass.
#[derive(Clone, Debug, Default)]
pub struct Wmsg2008Judge {
    /// The classifier that reads the kos open for the passer (one call per pass asked).
    pub classifier: Classifier,
    /// Which answers may forbid a pass.
    pub basis: PassBasis,
}

impl PassJudge for Wmsg2008Judge {
    /// Why `color` may not pass in `game` under the WMSG 2008 rule, or `None` if it may.
    fn pass_ban(&self, game: &Game, color: Color) -> Option<String> {
        let board = game.board();
        // Only kos open for the passer matter: classify just those (the solver is not
        // free), all within one call's budget, until one forbids the pass.
        let open: Vec<_> = ko_types::find_kos(board)
            .into_iter()
            .filter(|ko| ko.open == color)
            .collect();
        let forbids = |r: &KoReport| {
            binds(r) && (r.judged_walls.is_empty() || self.basis == PassBasis::Judged)
        };
        let reports = self
            .classifier
            .classify_kos(game, &open, Questions::Report, forbids);
        let binding = reports.into_iter().find(forbids)?;
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
}

/// The maker of an engine's games (the player's, the analysis engine's, the referee's):
/// every game it makes holds the WMSG 2008 pass judge with the maker's settings, so that a
/// game of the engine may be played under that rule whenever its ruleset says
/// `pass=wmsg2008`.
#[derive(Clone, Debug, Default)]
pub struct GameMaker {
    judge: Arc<Wmsg2008Judge>,
}

impl GameMaker {
    /// A maker whose games judge passes with `judge`.
    pub fn new(judge: Wmsg2008Judge) -> GameMaker {
        GameMaker {
            judge: Arc::new(judge),
        }
    }

    /// The pass judge the games hold.
    pub fn judge(&self) -> &Wmsg2008Judge {
        &self.judge
    }

    /// A new game on an empty `size` x `size` board, Black to move, komi from the rules.
    pub fn new_game(&self, size: usize, rules: Ruleset) -> Game {
        Game::new(size, rules, self.judge.clone())
    }

    /// A game from the position `start` with `to_move` to play and `handicap` stones, under
    /// `rules`.
    pub fn game_from(&self, start: Board, to_move: Color, handicap: u32, rules: Ruleset) -> Game {
        let mut game = self.new_game(start.size(), rules);
        game.set_start(start, to_move, handicap);
        game
    }

    /// The game a record holds (see [`Game::from_sgf`]).
    pub fn game_from_sgf(
        &self,
        record: &SgfGame,
        rules: Ruleset,
        komi: f64,
        limit: Option<usize>,
    ) -> Result<Game, String> {
        Game::from_sgf(record, rules, komi, limit, self.judge.clone())
    }

    /// Gives `game`, made by another maker, this maker's pass judge: a game an engine keeps
    /// when its settings change.
    pub fn rejudge(&self, game: &mut Game) {
        game.set_pass_judge(self.judge.clone());
    }
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
