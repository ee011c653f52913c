//! `koan train`: learns the move model's gammas ([`crate::search::model`]) from game
//! records with Coulom's Minorization-Maximization algorithm, and reports how often the
//! model's favourite move is the move played, on games held out of the training.
//!
//! Every position of every record (after `--skip-moves`) is a competition among the legal
//! moves that do not fill an own eye, and the pass: the move played won it. Each feature
//! value's gamma is then raised or lowered in turn, group by group, to the value that best
//! explains the winners (one MM step), for `--iterations` rounds. A virtual win and a
//! virtual loss against a move of strength 1 keep rare features near 1 (Coulom's prior).
//!
//! Large shapes ([`crate::search::diamond`]) are harvested first: a shape is known when it
//! was around the move played at least `--min-pattern-count` times in the training games,
//! and each candidate's pattern feature is then its largest known shape (Coulom's rule).
//!
//! Records that cannot be read or replayed are skipped with a warning naming the file.

use crate::board::{Color, Point};
use crate::game::Game;
use crate::ko_types::pass_rule::GameMaker;
use crate::rules::Ruleset;
use crate::search::diamond;
use crate::search::model::{self, Feature, Group, Model, GROUPS};
use crate::search::priors;
use crate::sgf;
use fxhash::{FxHashMap, FxHashSet};
use std::path::{Path, PathBuf};

/// The command line of `koan train`.
#[derive(Clone, Debug, clap::Args)]
#[command(about = "Learns the move model from game records")]
pub struct TrainArgs {
    /// SGF files, or directories searched for *.sgf files
    #[arg(required = true, value_name = "SGF|DIR")]
    pub inputs: Vec<PathBuf>,
    /// Write the weights to FILE [default: print only the accuracy]
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Hold out every Nth game (in file name order) to measure accuracy; 0 holds out none
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub holdout: usize,
    /// Rounds of MM updates over all feature groups
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub iterations: usize,
    /// Leave out each record's first N moves (an opening book's, say)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub skip_moves: usize,
    /// Write only shapes seen at least N times among the candidates
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub min_count: u32,
    /// Learn a large shape only when it was around the move played at least N times
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub min_pattern_count: u32,
}

/// Competitions in a flat layout: position `j` has moves `pos[j]..pos[j + 1]`, move `m`
/// has features `feats[moves[m]..moves[m + 1]]` (dense indices), and the move played is
/// `chosen[j]` (an index into the whole move list).
#[derive(Default)]
struct Competitions {
    pos: Vec<u32>,
    moves: Vec<u32>,
    feats: Vec<u32>,
    chosen: Vec<u32>,
    /// Board size of each position.
    size: Vec<u8>,
    /// The hand-made priors' win rate of each move (held-out games only), for comparison.
    hand: Vec<f32>,
    /// The embedded model's strength of each move (held-out games only), so that new
    /// weights can be compared with the ones the binary carries.
    embedded: Vec<f32>,
}

impl Competitions {
    fn new() -> Competitions {
        Competitions {
            pos: vec![0],
            moves: vec![0],
            ..Default::default()
        }
    }

    fn positions(&self) -> usize {
        self.chosen.len()
    }
}

/// Dense numbering of the features met in training.
#[derive(Default)]
struct Dictionary {
    index: FxHashMap<Feature, u32>,
    features: Vec<Feature>,
    /// How often each feature was among the candidates.
    seen: Vec<u32>,
    /// The large shapes learned: those around the move played often enough.
    known_shapes: FxHashSet<u32>,
}

impl Dictionary {
    fn id(&mut self, f: Feature, grow: bool) -> Option<u32> {
        if let Some(&i) = self.index.get(&f) {
            return Some(i);
        }
        if !grow {
            return None;
        }
        let i = self.features.len() as u32;
        self.index.insert(f, i);
        self.features.push(f);
        self.seen.push(0);
        Some(i)
    }
}

/// Runs `koan train`; the exit code (0, or 2 when nothing could be read).
pub fn run(args: &TrainArgs) -> i32 {
    let mut files = Vec::new();
    for input in &args.inputs {
        if let Err(e) = collect(input, &mut files) {
            eprintln!("koan train: {}: {e}", input.display());
            return 2;
        }
    }
    files.sort();
    if files.is_empty() {
        eprintln!("koan train: no .sgf files in the inputs");
        return 2;
    }
    let is_held_out = |n: usize| args.holdout > 0 && n % args.holdout == args.holdout - 1;
    // The large shapes around the moves played in the training games.
    let mut counts: FxHashMap<u32, u32> = FxHashMap::default();
    for (n, file) in files.iter().enumerate() {
        if !is_held_out(n) {
            // A record that cannot be read is reported by the training pass below.
            let _ = replay(file, args.skip_moves, |game, color, played, _| {
                if !played.is_pass() {
                    for name in diamond::names(game.board(), played, color) {
                        *counts.entry(name).or_insert(0) += 1;
                    }
                }
            });
        }
    }
    let mut dict = Dictionary {
        known_shapes: counts
            .into_iter()
            .filter(|&(_, c)| c >= args.min_pattern_count)
            .map(|(name, _)| name)
            .collect(),
        ..Dictionary::default()
    };
    let mut train = Competitions::new();
    let mut test = Competitions::new();
    let (mut train_games, mut test_games) = (0, 0);
    for (n, file) in files.iter().enumerate() {
        let held_out = is_held_out(n);
        let target = if held_out { &mut test } else { &mut train };
        let grow = !held_out;
        let added = replay(file, args.skip_moves, |game, color, played, last| {
            add_position(game, color, played, last, &mut dict, target, grow)
        });
        match added {
            Ok(()) if held_out => test_games += 1,
            Ok(()) => train_games += 1,
            Err(e) => tracing::warn!("skipping {}: {e}", file.display()),
        }
    }
    if train.positions() == 0 {
        eprintln!("koan train: no position could be read from the records");
        return 2;
    }
    crate::outln!(
        "training on {} positions from {train_games} games, {} features; {} positions from \
         {test_games} games held out",
        train.positions(),
        dict.features.len(),
        test.positions()
    );
    let gammas = minorize_maximize(&train, &dict, args.iterations);
    if test.positions() > 0 {
        for size in [9u8, 13, 19] {
            report(&test, &gammas, size);
        }
    }
    if let Some(out) = &args.out {
        let text = weights_text(&dict, &gammas, args, train_games, train.positions());
        if let Err(e) = std::fs::write(out, text) {
            eprintln!("koan train: cannot write {}: {e}", out.display());
            return 2;
        }
        crate::outln!("weights written to {}", out.display());
    }
    0
}

/// Adds `path` (a file, or the *.sgf files under a directory) to `files`.
fn collect(path: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        for entry in std::fs::read_dir(path)? {
            let p = entry?.path();
            if p.is_dir() {
                collect(&p, files)?;
            } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                files.push(p);
            }
        }
        Ok(())
    } else if path.is_file() {
        files.push(path.to_path_buf());
        Ok(())
    } else {
        Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no such file or directory",
        ))
    }
}

/// Replays one record, handing every position after `skip` moves to `position` (the game,
/// the player, the move played, and the last two moves before it).
fn replay(
    file: &Path,
    skip: usize,
    mut position: impl FnMut(&Game, Color, Point, (Point, Point)),
) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let record = sgf::parse(&text).map_err(|e| e.to_string())?;
    let mut game = GameMaker::default().game_from_sgf(&record, Ruleset::default(), 7.0, Some(0))?;
    let mut last = (Point::PASS, Point::PASS);
    for (n, (color, coord)) in record.moves().enumerate() {
        let point = coord.map_or(Point::PASS, |c| game.board().point(c));
        if n >= skip && game.to_move() == color {
            position(&game, color, point, last);
        }
        game.play(color, point)
            .map_err(|e| format!("move {}: {e:?}", n + 1))?;
        last = (point, last.0);
    }
    Ok(())
}

/// One competition: `color` to move in `game` played `played`.
fn add_position(
    game: &Game,
    color: Color,
    played: Point,
    (last, last2): (Point, Point),
    dict: &mut Dictionary,
    out: &mut Competitions,
    grow: bool,
) {
    let board = game.board();
    let mut cands: Vec<Point> = game
        .legal_plays(color)
        .into_iter()
        .filter(|&p| !board.is_eye(p, color))
        .collect();
    cands.push(Point::PASS);
    let Some(winner) = cands.iter().position(|&p| p == played) else {
        return; // an eye fill: not a competition the model takes part in
    };
    let first = out.moves.len() as u32 - 1;
    for &p in &cands {
        for f in model::features(board, color, p, (last, last2), |n| {
            dict.known_shapes.contains(&n)
        })
        .iter()
        .flatten()
        {
            if let Some(id) = dict.id(*f, grow) {
                if grow {
                    dict.seen[id as usize] += 1;
                }
                out.feats.push(id);
            }
        }
        out.moves.push(out.feats.len() as u32);
        if !grow {
            out.hand
                .push(priors::prior(board, color, p, last).rate() as f32);
            out.embedded
                .push(model::embedded().move_strength(board, color, p, (last, last2)));
        }
    }
    out.chosen.push(first + winner as u32);
    out.pos.push(out.moves.len() as u32 - 1);
    out.size.push(game.size() as u8);
}

/// The strength of every move of `c` under `gammas`.
fn strengths(c: &Competitions, gammas: &[f64], out: &mut Vec<f64>) {
    out.clear();
    for m in 0..c.moves.len() - 1 {
        let (a, b) = (c.moves[m] as usize, c.moves[m + 1] as usize);
        out.push(
            c.feats[a..b]
                .iter()
                .map(|&f| gammas.get(f as usize).copied().unwrap_or(1.0))
                .product(),
        );
    }
}

/// Coulom's MM: `iterations` rounds, each updating every group in turn.
fn minorize_maximize(c: &Competitions, dict: &Dictionary, iterations: usize) -> Vec<f64> {
    let n = dict.features.len();
    let mut gammas = vec![1.0f64; n];
    let mut wins = vec![0.0f64; n];
    for &m in &c.chosen {
        let (a, b) = (
            c.moves[m as usize] as usize,
            c.moves[m as usize + 1] as usize,
        );
        for &f in &c.feats[a..b] {
            wins[f as usize] += 1.0;
        }
    }
    let mut strength = Vec::new();
    let mut denom = vec![0.0f64; n];
    for round in 0..iterations {
        for group in GROUPS {
            strengths(c, &gammas, &mut strength);
            denom.iter_mut().for_each(|d| *d = 0.0);
            for j in 0..c.positions() {
                let (a, b) = (c.pos[j] as usize, c.pos[j + 1] as usize);
                let total: f64 = strength[a..b].iter().sum();
                for (m, s) in strength.iter().enumerate().take(b).skip(a) {
                    let (fa, fb) = (c.moves[m] as usize, c.moves[m + 1] as usize);
                    for &f in &c.feats[fa..fb] {
                        let f = f as usize;
                        if dict.features[f].0 == group {
                            denom[f] += s / gammas[f] / total;
                        }
                    }
                }
            }
            for f in 0..n {
                if dict.features[f].0 == group {
                    gammas[f] = (wins[f] + 1.0) / (denom[f] + 2.0 / (gammas[f] + 1.0));
                }
            }
        }
        strengths(c, &gammas, &mut strength);
        let log_likelihood: f64 = (0..c.positions())
            .map(|j| {
                let (a, b) = (c.pos[j] as usize, c.pos[j + 1] as usize);
                let total: f64 = strength[a..b].iter().sum();
                (strength[c.chosen[j] as usize] / total).ln()
            })
            .sum();
        eprintln!(
            "round {}: mean log-likelihood {:.4}",
            round + 1,
            log_likelihood / c.positions() as f64
        );
    }
    gammas
}

/// Prints top-1 and top-5 accuracy on the held-out positions of `size`, for the model, for
/// the weights embedded in this binary and for the hand-made priors.
fn report(c: &Competitions, gammas: &[f64], size: u8) {
    let mut strength = Vec::new();
    strengths(c, gammas, &mut strength);
    let (mut n, mut top1, mut top5, mut hand1, mut hand5) = (0, 0, 0, 0, 0);
    let (mut emb1, mut emb5) = (0, 0);
    for j in 0..c.positions() {
        if c.size[j] != size {
            continue;
        }
        let (a, b) = (c.pos[j] as usize, c.pos[j + 1] as usize);
        let w = c.chosen[j] as usize;
        let rank = |v: &dyn Fn(usize) -> f64| (a..b).filter(|&m| v(m) > v(w)).count();
        let r = rank(&|m| strength[m]);
        let h = rank(&|m| c.hand[m] as f64);
        let e = rank(&|m| c.embedded[m] as f64);
        n += 1;
        top1 += (r == 0) as usize;
        top5 += (r < 5) as usize;
        hand1 += (h == 0) as usize;
        hand5 += (h < 5) as usize;
        emb1 += (e == 0) as usize;
        emb5 += (e < 5) as usize;
    }
    if n == 0 {
        return;
    }
    let pct = |k: usize| 100.0 * k as f64 / n as f64;
    crate::outln!(
        "{size}x{size}: {n} held-out positions: model top-1 {:.1}%, top-5 {:.1}%; \
         embedded weights top-1 {:.1}%, top-5 {:.1}%; \
         hand-made priors top-1 {:.1}%, top-5 {:.1}%",
        pct(top1),
        pct(top5),
        pct(emb1),
        pct(emb5),
        pct(hand1),
        pct(hand5)
    );
}

/// The weights file: a header saying how it was made, then `GROUP VALUE GAMMA` lines.
fn weights_text(
    dict: &Dictionary,
    gammas: &[f64],
    args: &TrainArgs,
    games: usize,
    positions: usize,
) -> String {
    let mut rows: Vec<(Feature, f64)> = dict
        .features
        .iter()
        .zip(gammas)
        .enumerate()
        .filter(|(i, (f, _))| f.0 != Group::Shape || dict.seen[*i] >= args.min_count)
        .map(|(_, (f, g))| (*f, *g))
        .collect();
    rows.sort_by_key(|r| r.0);
    let mut out = format!(
        "# koan move model: gammas learned by `koan train` (Minorization-Maximization)\n\
         # from {positions} positions of {games} games, {} rounds, shapes seen at least {} \
         times,\n# large shapes played at least {} times. Lines: GROUP VALUE GAMMA.\n\
         # Regenerate with gtp-scripts/train-model.sh.\n",
        args.iterations, args.min_count, args.min_pattern_count
    );
    for ((group, value), gamma) in rows {
        out.push_str(&format!("{} {value} {gamma:.4}\n", group.name()));
    }
    // The model parses what it wrote.
    debug_assert!(Model::parse(&out).is_ok());
    out
}
