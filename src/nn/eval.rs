//! Evaluating a game's position: inputs in one of the eight orientations, the forward pass,
//! and KataGo's post-processing (`NNEvaluator::evaluate`) into probabilities and points from
//! White's side, as `kata-raw-nn` prints them.

use super::forward::{self, RawOutput, Workspace};
use super::inputs::{self, KataKo, KataRules, KataTax, Position};
use super::model::Model;
use super::symmetry;
use crate::board::{Board, Cell, Color, Point, SuicideRule};
use crate::game::{Game, Illegal};
use crate::rules::{KoRule, Scoring};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A position's evaluation, post-processed as KataGo does.
#[derive(Debug, Clone, Default)]
pub struct Evaluation {
    /// White's chance of winning.
    pub white_win: f32,
    /// White's chance of losing.
    pub white_loss: f32,
    /// The chance of no result (a cycle under simple ko).
    pub no_result: f32,
    /// White's lead in points.
    pub white_lead: f32,
    /// White's expected final score (the self-play estimate).
    pub white_score: f32,
    /// Its mean square.
    pub white_score_sq: f32,
    /// The expected time left for the game's variance to come out.
    pub var_time_left: f32,
    /// The expected error of the value against a short search.
    pub shortterm_winloss_error: f32,
    /// The expected error of the score against a short search.
    pub shortterm_score_error: f32,
    /// The move probabilities per point (KataGo's order: rows from the top), -1 where the
    /// player to move may not play.
    pub policy: Vec<f32>,
    /// The probability of passing.
    pub policy_pass: f32,
    /// White's ownership per point, -1 (Black's) to 1 (White's).
    pub white_ownership: Vec<f32>,
}

/// The nearest rules KataGo knows for a koan ruleset: the superko rules as themselves
/// (natural situational as situational, Spight's as positional), the fixed-ko rules and
/// Ing-Spight as situational superko, the Japanese pass-for-ko rule as simple ko.
pub fn kata_rules(rules: &crate::rules::Ruleset) -> KataRules {
    let ko = match rules.ko {
        KoRule::Simple | KoRule::PassForKo => KataKo::Simple,
        KoRule::Positional | KoRule::Spight => KataKo::Positional,
        KoRule::Situational
        | KoRule::NaturalSituational
        | KoRule::Fixed
        | KoRule::BasicFixed
        | KoRule::IngSpight => KataKo::Situational,
    };
    let area = rules.scoring == Scoring::Area;
    KataRules {
        ko,
        area_scoring: area,
        tax: if area { KataTax::None } else { KataTax::Seki },
        multi_stone_suicide: rules.suicide != SuicideRule::Forbidden,
    }
}

/// True when the network's training rules judge kos as `rules` do: simple ko and the
/// superkos (KataGo trains under simple, positional and situational superko; Spight's and
/// the natural situational superko differ from those only on long cycles). Under fixed ko,
/// basic-fixed, Ing-Spight and the Japanese pass-for-ko rule the network's value has never
/// seen what the ko rule changes.
pub fn trained_for(rules: &crate::rules::Ruleset) -> bool {
    matches!(
        rules.ko,
        KoRule::Simple
            | KoRule::Positional
            | KoRule::Spight
            | KoRule::Situational
            | KoRule::NaturalSituational
    )
}

/// What the inputs need from a game, owned: the boards before the last two moves, the moves,
/// the ko bans.
pub struct GameInputs {
    /// The board now.
    pub board: Board,
    /// Who is to move.
    pub to_move: Color,
    /// The rules in KataGo's terms.
    pub rules: KataRules,
    /// White's komi.
    pub white_komi: f32,
    /// The ko bans shown to the network.
    pub ko_bans: Vec<Point>,
    /// The moves, oldest first.
    pub moves: Vec<(Color, Point)>,
    /// The boards before the last move and before the one before it.
    pub earlier: [Option<Board>; 2],
    /// A pass now would end the game or the phase.
    pub pass_ends_phase: bool,
    /// The last moves are hidden from the network.
    pub hide_history: bool,
}

impl GameInputs {
    /// Reads a game. The ko-ban plane holds the bans of koan's own judge under the game's
    /// ko rule (the points where a play would be legal but for the ko rule), so that the
    /// network sees fixed-ko and Ing-Spight bans as bans, and no ban where the rule has
    /// none (a fixed-ko retake that is a new transition).
    pub fn from_game(game: &Game) -> GameInputs {
        let mut gi = GameInputs {
            board: game.board().clone(),
            to_move: game.to_move(),
            rules: kata_rules(game.rules()),
            white_komi: 0.0,
            ko_bans: Vec::new(),
            moves: Vec::with_capacity(game.moves().len()),
            earlier: [None, None],
            pass_ends_phase: false,
            hide_history: false,
        };
        gi.read(game);
        gi
    }

    /// Reads a game into these inputs, as [`GameInputs::from_game`] does, reusing their
    /// buffers: once they have held as many moves and bans, nothing is allocated.
    pub fn read(&mut self, game: &Game) {
        let rules = kata_rules(game.rules());
        self.rules = rules;
        self.moves.clear();
        self.moves
            .extend(game.moves().iter().map(|step| (step.color, step.point)));
        // The boards before the last move and the one before it, replayed from the start.
        let count = self.moves.len();
        for (k, earlier) in self.earlier.iter_mut().enumerate() {
            if count <= k {
                *earlier = None;
            }
        }
        let board = &mut self.board;
        board.clone_from(game.start());
        for (i, &(color, point)) in self.moves.iter().enumerate() {
            for (k, earlier) in self.earlier.iter_mut().enumerate() {
                if i + 1 + k == count {
                    match earlier {
                        Some(e) => e.clone_from(board),
                        None => *earlier = Some(board.clone()),
                    }
                }
            }
            if point.is_pass() {
                board.clear_ko();
            } else {
                board.play(point, color);
            }
        }
        board.clone_from(game.board());
        let to_move = game.to_move();
        self.to_move = to_move;
        self.ko_bans.clear();
        let judge = game.judge();
        for p in board.points() {
            if let Err(Illegal::Ko(_)) = judge.judge(board, p, to_move) {
                self.ko_bans.push(p);
            }
        }
        // After a pass, another ends the game (area scoring) or the phase (territory). Under
        // area scoring KataGo lets a friendly pass go on instead: it hides the last moves and
        // does not flag the end.
        let after_pass = self.moves.last().is_some_and(|m| m.1.is_pass());
        self.hide_history = after_pass && rules.area_scoring;
        self.pass_ends_phase = after_pass && !rules.area_scoring;
        // Under territory scoring KataGo counts as under area scoring but gives each side a
        // point for every board play of the other (the stones placed), so its komi moves by
        // one point a move.
        let mut white_komi = game.komi() as f32;
        if !rules.area_scoring {
            for &(c, p) in &self.moves {
                if !p.is_pass() {
                    white_komi += if c == Color::Black { 1.0 } else { -1.0 };
                }
            }
        }
        self.white_komi = white_komi;
    }

    /// Makes `color` the player to move with no history behind the position, as KataGo does
    /// when asked to evaluate for the player not to move: no earlier moves, no ko ban, no
    /// territory-scoring adjustment of the komi.
    pub fn start_afresh(&mut self, color: Color, komi: f32) {
        self.to_move = color;
        self.board.clear_ko();
        self.ko_bans.clear();
        self.moves.clear();
        self.earlier = [None, None];
        self.white_komi = komi;
        self.pass_ends_phase = false;
        self.hide_history = false;
    }

    /// The position as the input code reads it.
    pub fn position(&self) -> Position<'_> {
        Position {
            board: &self.board,
            to_move: self.to_move,
            rules: self.rules,
            white_komi: self.white_komi,
            ko_bans: &self.ko_bans,
            moves: &self.moves,
            earlier: [self.earlier[0].as_ref(), self.earlier[1].as_ref()],
            pass_ends_phase: self.pass_ends_phase,
            hide_history: self.hide_history,
        }
    }

    /// Whether the player to move may play on `p` as the policy judges it: an empty point,
    /// not banned by the ko rule (the bans shown to the network, the simple-ko point among
    /// them where the rule bans it), not a suicide the rules forbid.
    fn legal(&self, p: Point) -> bool {
        let suicide = if self.rules.multi_stone_suicide {
            SuicideRule::Multi
        } else {
            SuicideRule::Forbidden
        };
        self.board.cell(p) == Cell::Empty
            && !self.ko_bans.contains(&p)
            && self.board.suicide_allowed(p, self.to_move, suicide)
    }
}

/// A network with the buffers to evaluate positions, one at a time or several in one pass
/// (a batch); evaluators on several threads share one network. Once it has evaluated a
/// batch as large of the same board size, an evaluation into an [`Evaluation`] used before
/// allocates nothing.
pub struct Evaluator {
    model: Arc<Model>,
    workspace: Option<Workspace>,
    /// One position's input planes, row-major.
    spatial: Vec<f32>,
    /// The batch's input planes, each position in its orientation.
    oriented: Vec<f32>,
    /// The batch's global inputs.
    global: Vec<f32>,
    raw: Vec<RawOutput>,
    /// Which points the player to move may play, for the policy's softmax.
    legal: Vec<bool>,
    /// The input readers' buffers.
    scratch: inputs::Scratch,
    /// The last game read by [`Evaluator::evaluate_game_into`], its buffers reused.
    game_inputs: Option<Box<GameInputs>>,
}

fn softplus(x: f64) -> f64 {
    if x > 40.0 {
        x
    } else {
        x.exp().ln_1p()
    }
}

impl Evaluator {
    /// An evaluator for `model` (a [`Model`] or an `Arc` of one).
    pub fn new(model: impl Into<Arc<Model>>) -> Evaluator {
        Evaluator {
            model: model.into(),
            workspace: None,
            spatial: Vec::new(),
            oriented: Vec::new(),
            global: Vec::new(),
            raw: Vec::new(),
            legal: Vec::new(),
            scratch: inputs::Scratch::default(),
            game_inputs: None,
        }
    }

    /// The network.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Evaluates a game's position in orientation `symmetry` (0 to 7) with KataGo's policy
    /// optimism `optimism` (0 for the plain policy).
    pub fn evaluate_game(&mut self, game: &Game, symmetry: usize, optimism: f32) -> Evaluation {
        let mut out = Evaluation::default();
        self.evaluate_game_into(game, symmetry, optimism, &mut out);
        out
    }

    /// Evaluates a game's position into `out`, reusing its buffers and the evaluator's:
    /// once it has evaluated a position of the same board size with as many moves and ko
    /// bans, it allocates nothing (the game is read into inputs the evaluator keeps).
    pub fn evaluate_game_into(
        &mut self,
        game: &Game,
        symmetry: usize,
        optimism: f32,
        out: &mut Evaluation,
    ) {
        let gi = match self.game_inputs.take() {
            Some(mut gi) => {
                gi.read(game);
                gi
            }
            None => Box::new(GameInputs::from_game(game)),
        };
        self.evaluate_into(&gi, symmetry, optimism, out);
        self.game_inputs = Some(gi);
    }

    /// Evaluates a position read from a game.
    pub fn evaluate(&mut self, gi: &GameInputs, symmetry: usize, optimism: f32) -> Evaluation {
        let mut out = Evaluation::default();
        self.evaluate_into(gi, symmetry, optimism, &mut out);
        out
    }

    /// Evaluates a position into `out`, reusing its buffers.
    pub fn evaluate_into(
        &mut self,
        gi: &GameInputs,
        symmetry: usize,
        optimism: f32,
        out: &mut Evaluation,
    ) {
        self.evaluate_batch(&[(gi, symmetry)], optimism, std::slice::from_mut(out));
    }

    /// Evaluates several positions, each in its orientation (0 to 7), in one pass through the
    /// network: the matrix products run over all their points at once, which costs less per
    /// position than one at a time (a search's threads gather their leaves into one batch).
    /// `out[i]` receives the evaluation of `positions[i]`, its buffers reused. Neighbouring
    /// positions of one board size share a pass.
    pub fn evaluate_batch(
        &mut self,
        positions: &[(&GameInputs, usize)],
        optimism: f32,
        out: &mut [Evaluation],
    ) {
        assert_eq!(positions.len(), out.len(), "one evaluation per position");
        let mut start = 0;
        while start < positions.len() {
            let size = positions[start].0.board.size();
            let end = start
                + positions[start..]
                    .iter()
                    .take_while(|(gi, _)| gi.board.size() == size)
                    .count();
            self.evaluate_same_size(&positions[start..end], optimism, &mut out[start..end]);
            start = end;
        }
    }

    /// [`Evaluator::evaluate_batch`] for positions on boards of one size.
    fn evaluate_same_size(
        &mut self,
        positions: &[(&GameInputs, usize)],
        optimism: f32,
        out: &mut [Evaluation],
    ) {
        let n = positions[0].0.board.size();
        let points = n * n;
        let count = positions.len();
        if self
            .workspace
            .as_ref()
            .is_none_or(|w| w.width() != n || w.batch() < count)
        {
            let batch = match &self.workspace {
                Some(w) if w.width() == n => count.max(w.batch()),
                _ => count,
            };
            self.workspace = Some(Workspace::new(&self.model, n, n, batch));
            self.spatial = vec![0.0; points * inputs::SPATIAL];
            self.oriented = vec![0.0; batch * points * inputs::SPATIAL];
            self.global = vec![0.0; batch * inputs::GLOBAL];
            self.raw = vec![RawOutput::default(); batch];
        }
        const S: usize = inputs::SPATIAL;
        const G: usize = inputs::GLOBAL;
        for (i, &(gi, symmetry)) in positions.iter().enumerate() {
            inputs::fill(
                &gi.position(),
                &mut self.scratch,
                &mut self.spatial,
                &mut self.global[i * G..(i + 1) * G],
            );
            let oriented = &mut self.oriented[i * points * S..(i + 1) * points * S];
            for y in 0..n {
                for x in 0..n {
                    let src = y * n + x;
                    let dst = symmetry::map_point(y, x, n, n, symmetry, false);
                    oriented[dst * S..(dst + 1) * S]
                        .copy_from_slice(&self.spatial[src * S..(src + 1) * S]);
                }
            }
        }
        let ws = self.workspace.as_mut().expect("workspace");
        forward::evaluate(
            &self.model,
            ws,
            &self.oriented,
            &self.global,
            count,
            optimism,
            &mut self.raw,
        );
        for ((&(gi, symmetry), raw), o) in positions.iter().zip(&self.raw).zip(out) {
            post_process(&self.model, gi, symmetry, raw, &mut self.legal, o);
        }
    }
}

/// KataGo's post-processing of the network's raw outputs for a position evaluated in
/// orientation `symmetry`, into `out`.
fn post_process(
    model: &Model,
    gi: &GameInputs,
    symmetry: usize,
    raw: &RawOutput,
    legal: &mut Vec<bool>,
    out: &mut Evaluation,
) {
    let n = gi.board.size();
    let points = n * n;
    // Back from the network's orientation to the board's.
    out.policy.resize(points, 0.0);
    out.white_ownership.resize(points, 0.0);
    for y in 0..n {
        for x in 0..n {
            let dst = symmetry::map_point(y, x, n, n, symmetry, true);
            out.policy[dst] = raw.policy[y * n + x];
            out.white_ownership[dst] = raw.ownership[y * n + x];
        }
    }
    let policy = &mut out.policy;
    let pass = raw.pass;
    // Policy: a softmax over the legal moves, -1 elsewhere.
    legal.clear();
    legal.resize(points, false);
    let mut max = pass;
    for y in 0..n {
        for x in 0..n {
            let i = y * n + x;
            legal[i] = gi.legal(inputs::point_at(&gi.board, x, y));
            if legal[i] {
                max = max.max(policy[i]);
            }
        }
    }
    let mut sum = 0.0f32;
    for i in 0..points {
        if legal[i] {
            policy[i] = (policy[i] - max).exp();
            sum += policy[i];
        }
    }
    let mut policy_pass = (pass - max).exp();
    sum += policy_pass;
    for i in 0..points {
        policy[i] = if legal[i] { policy[i] / sum } else { -1.0 };
    }
    policy_pass /= sum;

    // Value and score, from the player to move's side, then White's.
    let post = &model.post;
    let (value, score) = (raw.value, raw.score);
    let (win, loss) = (value[0] as f64, value[1] as f64);
    let mut no_result = value[2] as f64;
    let cycles_impossible = gi.rules.ko != KataKo::Simple && gi.rules.area_scoring;
    if cycles_impossible {
        no_result -= 100000.0;
    }
    let m = win.max(loss).max(no_result);
    let (mut pw, mut pl, mut pn) = ((win - m).exp(), (loss - m).exp(), (no_result - m).exp());
    if cycles_impossible {
        pn = 0.0;
    }
    let s = pw + pl + pn;
    pw /= s;
    pl /= s;
    pn /= s;
    let mut score_mean = score[0] as f64 * post.score_mean;
    let stdev = softplus(score[1] as f64) * post.score_stdev;
    let mut score_sq = score_mean * score_mean + stdev * stdev;
    let mut lead = score[2] as f64 * post.lead;
    let var_time = softplus(score[3] as f64) * post.variance_time;
    score_mean *= 1.0 - pn;
    score_sq *= 1.0 - pn;
    lead *= 1.0 - pn;
    let e1 = softplus(score[4] as f64 * 0.5);
    let e2 = softplus(score[5] as f64 * 0.5);
    let wl_error = (e1 * e1 * post.shortterm_value_error).sqrt();
    let score_error = (e2 * e2 * post.shortterm_score_error).sqrt();
    let white = gi.to_move == Color::White;
    for o in out.white_ownership.iter_mut() {
        *o = if white { o.tanh() } else { -o.tanh() };
    }
    out.white_win = (if white { pw } else { pl }) as f32;
    out.white_loss = (if white { pl } else { pw }) as f32;
    out.no_result = pn as f32;
    out.white_lead = (if white { lead } else { -lead }) as f32;
    out.white_score = (if white { score_mean } else { -score_mean }) as f32;
    out.white_score_sq = score_sq as f32;
    out.var_time_left = var_time as f32;
    out.shortterm_winloss_error = wl_error as f32;
    out.shortterm_score_error = score_error as f32;
    out.policy_pass = policy_pass;
}

/// Network evaluations per second of a game's position (inputs, forward pass and
/// post-processing) on `threads` threads, each with its own evaluator evaluating `batch`
/// positions at a time (the position in successive orientations), for about `time`.
pub fn evals_per_second(
    model: &Arc<Model>,
    game: &Game,
    threads: usize,
    batch: usize,
    time: Duration,
) -> f64 {
    let gi = GameInputs::from_game(game);
    let start = Instant::now();
    let total: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let model = Arc::clone(model);
                let gi = &gi;
                scope.spawn(move || {
                    let mut eval = Evaluator::new(model);
                    let mut out = vec![Evaluation::default(); batch];
                    let mut positions: Vec<(&GameInputs, usize)> = Vec::with_capacity(batch);
                    let mut n = 0;
                    while n == 0 || start.elapsed() < time {
                        positions.clear();
                        positions.extend((0..batch).map(|i| (gi, (n + i + t) % symmetry::COUNT)));
                        eval.evaluate_batch(&positions, 0.0, &mut out);
                        n += batch;
                    }
                    n
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a bench thread"))
            .sum()
    });
    total as f64 / start.elapsed().as_secs_f64()
}

impl Evaluation {
    /// The body of KataGo's answer to `kata-raw-nn SYMMETRY` for a `size` x `size` board.
    pub fn kata_raw_nn(&self, symmetry: usize, size: usize) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "symmetry {symmetry}");
        let _ = writeln!(out, "whiteWin {:.6}", self.white_win);
        let _ = writeln!(out, "whiteLoss {:.6}", self.white_loss);
        let _ = writeln!(out, "noResult {:.6}", self.no_result);
        let _ = writeln!(out, "whiteLead {:.3}", self.white_lead);
        let _ = writeln!(out, "whiteScoreSelfplay {:.3}", self.white_score);
        let _ = writeln!(out, "whiteScoreSelfplaySq {:.3}", self.white_score_sq);
        let _ = writeln!(out, "varTimeLeft {:.3}", self.var_time_left);
        let _ = writeln!(
            out,
            "shorttermWinlossError {:.3}",
            self.shortterm_winloss_error
        );
        let _ = writeln!(out, "shorttermScoreError {:.3}", self.shortterm_score_error);
        let _ = writeln!(out, "policy");
        for y in 0..size {
            for x in 0..size {
                let p = self.policy[y * size + x];
                if p < 0.0 {
                    out.push_str("    NAN ");
                } else {
                    let _ = write!(out, "{p:8.6} ");
                }
            }
            out.push('\n');
        }
        let _ = writeln!(out, "policyPass {:8.6} ", self.policy_pass);
        let _ = writeln!(out, "whiteOwnership");
        for y in 0..size {
            for x in 0..size {
                let _ = write!(out, "{:9.7} ", self.white_ownership[y * size + x]);
            }
            out.push('\n');
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ko_types::pass_rule::GameMaker;
    use crate::nn::model::tests::tiny_model_text;
    use crate::rules::Ruleset;

    #[test]
    fn the_network_was_trained_for_simple_ko_and_the_superkos_only() {
        for &(ko, _) in crate::rules::ko::KO_RULES {
            let rules = Ruleset {
                ko,
                ..Ruleset::default()
            };
            let untrained = [
                KoRule::Fixed,
                KoRule::BasicFixed,
                KoRule::IngSpight,
                KoRule::PassForKo,
            ];
            assert_eq!(trained_for(&rules), !untrained.contains(&ko), "{ko}");
        }
    }

    fn inputs(size: usize, moves: usize, seed: u64) -> GameInputs {
        let mut game = GameMaker::default().new_game(size, Ruleset::default());
        for (c, p) in crate::bench::opening(size, moves, seed) {
            game.play(c, p).expect("a legal opening");
        }
        GameInputs::from_game(&game)
    }

    fn close(a: &Evaluation, b: &Evaluation) -> bool {
        let near = |x: f32, y: f32| (x - y).abs() <= 1e-5 * (1.0 + x.abs());
        let all =
            |x: &[f32], y: &[f32]| x.len() == y.len() && x.iter().zip(y).all(|(p, q)| near(*p, *q));
        all(&a.policy, &b.policy)
            && all(&a.white_ownership, &b.white_ownership)
            && all(
                &[
                    a.white_win,
                    a.white_loss,
                    a.white_lead,
                    a.white_score,
                    a.policy_pass,
                ],
                &[
                    b.white_win,
                    b.white_loss,
                    b.white_lead,
                    b.white_score,
                    b.policy_pass,
                ],
            )
    }

    #[test]
    fn a_batch_gives_each_position_what_it_gets_alone() {
        let model = Model::parse(tiny_model_text().as_bytes(), false).unwrap();
        let mut eval = Evaluator::new(model);
        let (a, b, c) = (inputs(5, 6, 1), inputs(5, 9, 2), inputs(7, 12, 3));
        // Board sizes mixed: the 7x7 position gets a pass of its own.
        let positions = [(&a, 0), (&b, 3), (&c, 5), (&a, 6), (&b, 3)];
        let alone: Vec<Evaluation> = positions
            .iter()
            .map(|&(gi, s)| eval.evaluate(gi, s, 0.2))
            .collect();
        let mut together = vec![Evaluation::default(); positions.len()];
        for _ in 0..2 {
            // The second time into the same evaluations, their buffers reused.
            eval.evaluate_batch(&positions, 0.2, &mut together);
            for (x, y) in alone.iter().zip(&together) {
                assert!(close(x, y), "{x:?} against {y:?}");
            }
        }
        assert_eq!(together[2].policy.len(), 49);
        // Different positions give different answers.
        assert_ne!(together[0].policy, together[1].policy);
    }
}
