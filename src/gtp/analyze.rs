//! Live analysis for Sabaki, Lizzie and KataGo-style tools: `lz-analyze`, `kata-analyze`,
//! `analyze` and their `*genmove_analyze` forms.
//!
//! Arguments, as Leela Zero and KataGo take them: `[COLOR] [INTERVAL] [KEY VALUE]...` with
//! the interval in centiseconds and the keys
//! - `interval CS`, `maxmoves N` (at most N moves), `minmoves N` (at least N moves: moves the
//!   search has not visited yet are added with no visits, by prior);
//! - `avoid COLOR V,V,... DEPTH` and `allow COLOR V,V,... DEPTH` (KataGo's and Leela Zero's:
//!   the search does not try those moves, or tries only those, for COLOR in its first
//!   DEPTH plies; `allow` once per player and not with `avoid` for that player);
//! - for `kata-` commands (ignored by the others): `ownership`, `ownershipStdev`,
//!   `movesOwnership`, `movesOwnershipStdev`, `pvVisits`, `pvEdgeVisits`, `rootInfo`, each
//!   `true` or `false`.
//!
//! The response starts with `=ID` at once; then, every INTERVAL, one line of `info move V
//! visits N ... order K pv V V ...` entries, one per root move, most visits first. Win
//! rates are for the player to move, and so is ownership (`+1`: that player owns the
//! point). `lz-analyze` writes winrate, prior and lcb as integers in 1/10000 (Leela Zero);
//! `kata-analyze` as floats, with `utility`, `scoreMean`, `scoreStdev`, `scoreLead`,
//! `scoreSelfplay` and `utilityLcb` ([`crate::player::figures`] says what they stand for), then
//! `rootInfo`, `ownership` and `ownershipStdev` when asked (KataGo); `analyze` as Leela
//! Zero does plus `scoreLead` (the form Sayuri gives it). An analysis runs until the next
//! input line arrives; a `*genmove_analyze` searches as `genmove` does, plays, and ends
//! with `play V`.

use super::command::{CommandSpec, Engine, Reply};
use super::output::Output;
use super::protocol::Command;
use crate::board::{Board, Color, Coord, Point};
use crate::game::Game;
use crate::player::{self, figures, Limits};
use crate::search::{self, MoveFilter, MoveStats, Snapshot};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How numbers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Leela Zero: winrate, prior and lcb as integers 0..10000.
    LeelaZero,
    /// Leela Zero's integers plus `scoreLead` (`analyze`, `genmove_analyze`).
    LeelaZeroScore,
    /// KataGo: floats 0..1, scores, utility, optional root information and ownership.
    KataGo,
}

/// The analysis command names, with their format and whether they play a move.
const FORMS: &[(&str, Format, bool)] = &[
    ("lz-analyze", Format::LeelaZero, false),
    ("kata-analyze", Format::KataGo, false),
    ("analyze", Format::LeelaZeroScore, false),
    ("lz-genmove_analyze", Format::LeelaZero, true),
    ("kata-genmove_analyze", Format::KataGo, true),
    ("genmove_analyze", Format::LeelaZeroScore, true),
];

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new(
        "lz-analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]: Leela Zero's analysis",
        analyze_command,
    ),
    CommandSpec::new(
        "kata-analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]: KataGo's analysis",
        analyze_command,
    ),
    CommandSpec::new(
        "analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]: analysis with scores",
        analyze_command,
    ),
    CommandSpec::new(
        "lz-genmove_analyze",
        "COLOR [INTERVAL]: genmove with Leela Zero's analysis",
        analyze_command,
    ),
    CommandSpec::new(
        "kata-genmove_analyze",
        "COLOR [INTERVAL]: genmove with KataGo's analysis",
        analyze_command,
    ),
    CommandSpec::new(
        "genmove_analyze",
        "COLOR [INTERVAL]: genmove with analysis",
        analyze_command,
    ),
];

/// `lz-analyze`, `kata-analyze`, `analyze` and their `*genmove_analyze` forms: a streamed
/// search. An analysis runs until the next input line; a genmove form searches as `genmove`
/// does and plays.
fn analyze_command(e: &mut Engine, c: &Command, out: &mut Output) -> Reply {
    let Some(req) = parse(&c.name, &c.args, e.player.game().size()) else {
        return Err("unknown command".into());
    };
    let req = req?;
    let color = req.color.unwrap_or(e.player.game().to_move());
    e.input.start_search(e.line);
    // An analysis runs until the next input line; a genmove form as long as a move may.
    let (limits, _armed) = if req.genmove {
        (Limits::Move, None)
    } else {
        (Limits::UntilStopped, Some(e.input.stop_on_input(e.line)))
    };
    // The response is begun before the search starts; a broken output stops the search.
    out.begin();
    let game = e.player.game().clone();
    let stop = e.player.stop_flag();
    let mut report = |snap: &Snapshot| {
        if let Some(line) = info_line(snap, &game, &req) {
            out.line(&line);
        }
        if out.broken() {
            stop.store(true, Ordering::SeqCst);
        }
    };
    let observer: Option<search::Observer> =
        (!req.interval.is_zero()).then_some((req.interval, &mut report));
    let request = player::Request {
        filter: req.filter.clone(),
        observer,
        ..player::Request::new(color, limits)
    };
    if req.genmove {
        let chosen = e.player.choose(request, true).map_err(|e| e.to_string())?;
        return Ok(format!("play {}", super::play::spell(e, chosen)));
    }
    e.player.search(request);
    Ok(String::new())
}

/// A parsed analysis command.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The number format.
    pub format: Format,
    /// True for the `*genmove_analyze` commands.
    pub genmove: bool,
    /// The player to analyse for (default: the player to move).
    pub color: Option<Color>,
    /// How often to report (zero: never).
    pub interval: Duration,
    /// Report at most this many moves.
    pub max_moves: Option<usize>,
    /// Report at least this many moves, unvisited ones too.
    pub min_moves: usize,
    /// Append the ownership of every point.
    pub ownership: bool,
    /// Append the spread of every point's ownership.
    pub ownership_stdev: bool,
    /// Give each move the ownership after it.
    pub moves_ownership: bool,
    /// Give each move the spread of the ownership after it.
    pub moves_ownership_stdev: bool,
    /// Give each move the visits along its principal variation.
    pub pv_visits: bool,
    /// The same, as KataGo's edge visits (a tree has no transpositions: the same numbers).
    pub pv_edge_visits: bool,
    /// Append the root's figures.
    pub root_info: bool,
    /// The moves the search may not try (`avoid`, `allow`).
    pub filter: MoveFilter,
}

/// Parses `[COLOR] [INTERVAL] [KEY VALUE]...` for the analysis command `name` on a board of
/// `size`; `None` when `name` is not one.
pub fn parse(name: &str, args: &[String], size: usize) -> Option<Result<Request, String>> {
    let &(_, format, genmove) = FORMS.iter().find(|(n, _, _)| *n == name)?;
    Some(parse_args(format, genmove, args, size))
}

fn syntax(detail: impl std::fmt::Display) -> String {
    format!("syntax error: {detail}")
}

fn centiseconds(text: &str) -> Result<Duration, String> {
    text.parse::<u32>()
        .map(|cs| Duration::from_millis(u64::from(cs) * 10))
        .map_err(|_| syntax(format!("'{text}' is not an interval in centiseconds")))
}

fn parse_args(
    format: Format,
    genmove: bool,
    args: &[String],
    size: usize,
) -> Result<Request, String> {
    let mut req = Request {
        format,
        genmove,
        color: None,
        interval: Duration::ZERO,
        max_moves: None,
        min_moves: 0,
        ownership: false,
        ownership_stdev: false,
        moves_ownership: false,
        moves_ownership_stdev: false,
        pv_visits: false,
        pv_edge_visits: false,
        root_info: false,
        filter: MoveFilter::default(),
    };
    let mut rest = args;
    if let Some(first) = rest.first() {
        if let Ok(color) = first.parse::<Color>() {
            req.color = Some(color);
            rest = &rest[1..];
        }
    }
    if let Some(first) = rest.first() {
        if first.bytes().all(|b| b.is_ascii_digit()) {
            req.interval = centiseconds(first)?;
            rest = &rest[1..];
        }
    }
    let kata = format == Format::KataGo;
    while let Some(key) = rest.first() {
        let Some(value) = rest.get(1) else {
            return Err(syntax(format!("'{key}' needs a value")));
        };
        rest = &rest[2..];
        let count = || {
            value
                .parse::<usize>()
                .map_err(|_| syntax(format!("{key}: '{value}' is not a count")))
        };
        let flag = || match value.as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(syntax(format!("{key}: '{value}' is not true or false"))),
        };
        match key.as_str() {
            "interval" => req.interval = centiseconds(value)?,
            "maxmoves" => req.max_moves = Some(count()?),
            "minmoves" => req.min_moves = count()?,
            "avoid" | "allow" => {
                let [moves, depth, ..] = rest else {
                    return Err(syntax(format!("{key} COLOR VERTEX,... DEPTH")));
                };
                rest = &rest[2..];
                add_filter_rule(&mut req.filter, key == "allow", value, moves, depth, size)?;
            }
            "ownership" if kata => req.ownership = flag()?,
            "ownershipStdev" if kata => req.ownership_stdev = flag()?,
            "movesOwnership" if kata => req.moves_ownership = flag()?,
            "movesOwnershipStdev" if kata => req.moves_ownership_stdev = flag()?,
            "pvVisits" if kata => req.pv_visits = flag()?,
            "pvEdgeVisits" if kata => req.pv_edge_visits = flag()?,
            "rootInfo" if kata => req.root_info = flag()?,
            _ => {
                // KataGo's other switches (noResultValue...), and KataGo's keys in Leela
                // Zero's format, which has no place for them: not given.
                flag()?;
                tracing::debug!("analysis: ignoring {key} {value}");
            }
        }
    }
    Ok(req)
}

/// Adds `avoid COLOR MOVES DEPTH` (or `allow`) to `filter`, with KataGo's checks: one
/// `allow` per player, and not beside an `avoid` for that player.
fn add_filter_rule(
    filter: &mut MoveFilter,
    allow: bool,
    color: &str,
    moves: &str,
    depth: &str,
    size: usize,
) -> Result<(), String> {
    let key = if allow { "allow" } else { "avoid" };
    let color: Color = color
        .parse()
        .map_err(|_| syntax(format!("{key}: '{color}' is not a color")))?;
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|&d| d >= 1)
        .ok_or_else(|| syntax(format!("{key}: '{depth}' is not a depth of 1 or more")))?;
    let points = moves
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| vertex(v, size).ok_or_else(|| syntax(format!("{key}: '{v}' is not a vertex"))))
        .collect::<Result<Vec<Point>, String>>()?;
    if filter.has_allow(color) || (allow && filter.has_avoid(color)) {
        return Err(syntax(format!(
            "allow may be given once for {color}, and not with avoid"
        )));
    }
    if allow {
        filter.allow(color, points, depth);
    } else {
        filter.avoid(color, points, depth);
    }
    Ok(())
}

/// A vertex (or `pass`) on a board of `size`.
pub fn vertex(text: &str, size: usize) -> Option<Point> {
    if text.eq_ignore_ascii_case("pass") {
        return Some(Point::PASS);
    }
    let c = Coord::parse_gtp(text, size).ok()?;
    Some(Board::new(size).point(c))
}

/// One report: an `info` entry per root move (at least `minmoves`, at most `maxmoves`),
/// then, for KataGo's format, `rootInfo`, `ownership` and `ownershipStdev` as asked. `None`
/// when no move has visits yet.
pub fn info_line(snap: &Snapshot, game: &Game, req: &Request) -> Option<String> {
    if snap.moves.is_empty() {
        return None;
    }
    let board = game.board();
    let cap = req.max_moves.unwrap_or(usize::MAX);
    let moves = with_unvisited(snap, game, &req.filter, req.min_moves);
    let sign = if snap.color == Color::Black {
        1.0
    } else {
        -1.0
    };
    let mut entries = Vec::new();
    for (order, m) in moves.iter().take(cap).enumerate() {
        let mv = board.vertex(m.point);
        let pv = if m.pv.is_empty() {
            mv.clone()
        } else {
            m.pv.iter()
                .map(|&p| board.vertex(p))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut entry = match req.format {
            Format::KataGo => {
                let f = figures::move_figures(m);
                format!(
                    "info move {mv} visits {} utility {:.6} winrate {:.6} scoreMean {lead:.3} \
                     scoreStdev {:.3} scoreLead {lead:.3} scoreSelfplay {lead:.3} prior {:.6} \
                     lcb {:.6} utilityLcb {:.6} order {order} pv {pv}",
                    m.visits,
                    f.utility,
                    m.winrate,
                    f.score_stdev,
                    m.prior,
                    m.lcb,
                    f.utility_lcb,
                    lead = f.score_lead
                )
            }
            Format::LeelaZero | Format::LeelaZeroScore => {
                let mut s = format!(
                    "info move {mv} visits {} winrate {} prior {} lcb {}",
                    m.visits,
                    per_10000(m.winrate),
                    per_10000(m.prior),
                    per_10000(m.lcb)
                );
                if req.format == Format::LeelaZeroScore {
                    let lead = figures::move_figures(m).score_lead;
                    s.push_str(&format!(" scoreLead {lead:.3}"));
                }
                s.push_str(&format!(" order {order} pv {pv}"));
                s
            }
        };
        if req.format == Format::KataGo {
            let visits = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
            let pv_visits = if m.pv_visits.is_empty() {
                m.visits.to_string()
            } else {
                visits(&m.pv_visits)
            };
            if req.pv_visits {
                entry.push_str(&format!(" pvVisits {pv_visits}"));
            }
            if req.pv_edge_visits {
                entry.push_str(&format!(" pvEdgeVisits {pv_visits}"));
            }
            let owned = figures::move_ownership(snap, m);
            if req.moves_ownership && !owned.is_empty() {
                entry.push_str(" movesOwnership");
                push_values(&mut entry, owned.iter().map(|&o| sign * f64::from(o)));
            }
            if req.moves_ownership_stdev && !owned.is_empty() {
                entry.push_str(" movesOwnershipStdev");
                push_values(&mut entry, figures::ownership_stdev(owned).into_iter());
            }
        }
        entries.push(entry);
    }
    let mut line = entries.join(" ");
    if req.format == Format::KataGo {
        if req.root_info {
            let r = figures::root_figures(snap);
            line.push_str(&format!(
                " rootInfo visits {} utility {:.6} winrate {:.6} scoreMean {lead:.3} \
                 scoreStdev {:.3} scoreLead {lead:.3} scoreSelfplay {lead:.3}",
                r.visits,
                r.utility,
                r.winrate,
                r.score_stdev,
                lead = r.score_lead
            ));
        }
        if req.ownership && !snap.ownership.is_empty() {
            line.push_str(" ownership");
            push_values(
                &mut line,
                snap.ownership.iter().map(|&o| sign * f64::from(o)),
            );
        }
        if req.ownership_stdev && !snap.ownership.is_empty() {
            line.push_str(" ownershipStdev");
            push_values(
                &mut line,
                figures::ownership_stdev(&snap.ownership).into_iter(),
            );
        }
    }
    Some(line)
}

/// Appends ` v v v...` with three decimals (`+ 0.0` turns -0.0 into 0.0).
fn push_values(line: &mut String, values: impl Iterator<Item = f64>) {
    for v in values {
        line.push_str(&format!(" {:.3}", v + 0.0));
    }
}

/// The snapshot's moves, then, up to `min_moves` in all, the root moves the search has not
/// visited (those `filter` permits), best prior first, with no visits, the root's win rate,
/// score and score spread, and a zero lower bound.
pub fn with_unvisited(
    snap: &Snapshot,
    game: &Game,
    filter: &MoveFilter,
    min_moves: usize,
) -> Vec<MoveStats> {
    let mut moves = snap.moves.clone();
    if moves.len() >= min_moves {
        return moves;
    }
    let winrate = figures::root_figures(snap).winrate;
    let mut policy = snap.root_policy(game);
    policy.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (point, prior) in policy {
        if moves.len() >= min_moves {
            break;
        }
        if moves.iter().any(|m| m.point == point) || !filter.permits(0, snap.color, point) {
            continue;
        }
        moves.push(MoveStats {
            point,
            visits: 0,
            winrate,
            prior,
            lcb: 0.0,
            pv: vec![point],
            pv_visits: vec![0],
            score_lead: snap.score_lead,
            score_stdev: snap.score_stdev,
        });
    }
    moves
}

/// A rate 0..1 as Leela Zero writes it: an integer 0..10000.
pub fn per_10000(rate: f64) -> u32 {
    (rate.clamp(0.0, 1.0) * 10000.0).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Coord, Point};
    use crate::rules::Ruleset;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn req(name: &str, text: &str) -> Result<Request, String> {
        parse(name, &args(text), 9).expect("an analysis command")
    }

    #[test]
    fn arguments_are_read_as_leela_zero_and_katago_read_them() {
        let r = req("lz-analyze", "b 50").unwrap();
        assert_eq!(
            (r.color, r.interval, r.genmove),
            (Some(Color::Black), Duration::from_millis(500), false)
        );
        let r = req("lz-analyze", "10").unwrap();
        assert_eq!((r.color, r.interval), (None, Duration::from_millis(100)));
        let r = req("kata-analyze", "W 20 ownership true maxmoves 5").unwrap();
        assert!(r.ownership);
        assert_eq!(r.max_moves, Some(5));
        assert_eq!(r.color, Some(Color::White));
        let r = req(
            "kata-analyze",
            "interval 30 pvVisits true rootInfo true ownershipStdev true movesOwnership true \
             minmoves 4",
        )
        .unwrap();
        assert_eq!(r.interval, Duration::from_millis(300));
        assert!(r.pv_visits && r.root_info && r.ownership_stdev && r.moves_ownership);
        assert_eq!(r.min_moves, 4);
        assert!(req("kata-genmove_analyze", "b").unwrap().genmove);
        assert_eq!(req("analyze", "").unwrap().interval, Duration::ZERO);
        for bad in [
            "b x",
            "b 10 ownership",
            "b 10 maxmoves many",
            "-5",
            "b 10 avoid b D4",
            "b 10 avoid b D4 0",
            "b 10 avoid x D4 1",
            "b 10 avoid b Z99 1",
            "b 10 allow b D4 1 allow b E5 1",
            "b 10 avoid b D4 1 allow b E5 1",
            "b 10 rootInfo maybe",
        ] {
            assert!(req("kata-analyze", bad).is_err(), "{bad}");
        }
        // Ownership is KataGo's: Leela Zero's format has no place for it, so it is ignored.
        assert!(!req("lz-analyze", "b 10 ownership true").unwrap().ownership);
        assert!(parse("genmove", &[], 9).is_none());
    }

    #[test]
    fn avoid_and_allow_are_read_as_katago_and_leela_zero_read_them() {
        let game = crate::testkit::new_game(9, Ruleset::default());
        let p = |v: &str| game.board().point(Coord::parse_gtp(v, 9).unwrap());
        let r = req("lz-analyze", "b 10 avoid b D4,E5,pass 1 avoid w C3 2").unwrap();
        assert!(!r.filter.permits(0, Color::Black, p("D4")));
        assert!(!r.filter.permits(0, Color::Black, Point::PASS));
        assert!(r.filter.permits(1, Color::Black, p("D4")));
        assert!(!r.filter.permits(1, Color::White, p("C3")));
        let r = req("kata-analyze", "w 10 allow w C3,D4 1 avoid b E5 1").unwrap();
        assert!(r.filter.permits(0, Color::White, p("C3")));
        assert!(!r.filter.permits(0, Color::White, p("E5")));
        assert!(!r.filter.permits(0, Color::Black, p("E5")));
    }

    fn snapshot(board: &Board) -> Snapshot {
        let p = |v: &str| board.point(Coord::parse_gtp(v, board.size()).unwrap());
        Snapshot {
            color: Color::White,
            playouts: 30,
            elapsed: Duration::from_millis(100),
            moves: vec![
                MoveStats {
                    point: p("C3"),
                    visits: 20,
                    winrate: 0.61234,
                    prior: 0.25,
                    lcb: 0.5,
                    pv: vec![p("C3"), p("B2"), Point::PASS],
                    pv_visits: vec![20, 12, 3],
                    score_lead: 1.25,
                    score_stdev: 9.5,
                },
                MoveStats {
                    point: Point::PASS,
                    visits: 10,
                    winrate: 1.0,
                    prior: 0.0001,
                    lcb: 0.0,
                    pv: vec![],
                    pv_visits: vec![],
                    score_lead: -10.0,
                    score_stdev: 3.0,
                },
            ],
            ownership: (0..9).map(|i| i as f32 / 10.0 - 0.4).collect(),
            score_lead: -2.5,
            score_stdev: 7.0,
            priors: Default::default(),
            policy: Vec::new(),
        }
    }

    #[test]
    fn lines_follow_each_clients_format() {
        let game = crate::testkit::new_game(3, Ruleset::default());
        let snap = snapshot(game.board());
        assert_eq!(
            info_line(&snap, &game, &req("lz-analyze", "w 10").unwrap()).unwrap(),
            "info move C3 visits 20 winrate 6123 prior 2500 lcb 5000 order 0 pv C3 B2 pass \
             info move pass visits 10 winrate 10000 prior 1 lcb 0 order 1 pv pass"
        );
        assert_eq!(
            info_line(&snap, &game, &req("analyze", "w 10 maxmoves 1").unwrap()).unwrap(),
            "info move C3 visits 20 winrate 6123 prior 2500 lcb 5000 scoreLead 1.250 order 0 \
             pv C3 B2 pass"
        );
        // Each move's score and spread are its own; the root's are the root's.
        assert_eq!(
            info_line(
                &snap,
                &game,
                &req("kata-analyze", "w 10 ownership true maxmoves 1").unwrap()
            )
            .unwrap(),
            "info move C3 visits 20 utility 0.224680 winrate 0.612340 scoreMean 1.250 \
             scoreStdev 9.500 scoreLead 1.250 scoreSelfplay 1.250 prior 0.250000 \
             lcb 0.500000 utilityLcb 0.000000 order 0 pv C3 B2 pass ownership 0.400 0.300 \
             0.200 0.100 0.000 -0.100 -0.200 -0.300 -0.400"
        );
        assert_eq!(
            info_line(
                &snap,
                &game,
                &req(
                    "kata-analyze",
                    "w 10 maxmoves 1 pvVisits true movesOwnership true rootInfo true \
                     ownershipStdev true"
                )
                .unwrap()
            )
            .unwrap(),
            "info move C3 visits 20 utility 0.224680 winrate 0.612340 scoreMean 1.250 \
             scoreStdev 9.500 scoreLead 1.250 scoreSelfplay 1.250 prior 0.250000 \
             lcb 0.500000 utilityLcb 0.000000 order 0 pv C3 B2 pass pvVisits 20 12 3 \
             movesOwnership 0.400 0.300 0.200 0.100 0.000 -0.100 -0.200 -0.300 -0.400 \
             rootInfo visits 30 utility 0.483120 winrate 0.741560 scoreMean -2.500 \
             scoreStdev 7.000 scoreLead -2.500 scoreSelfplay -2.500 ownershipStdev 0.917 \
             0.954 0.980 0.995 1.000 0.995 0.980 0.954 0.917"
        );
        let empty = Snapshot {
            moves: vec![],
            ..snap
        };
        assert_eq!(
            info_line(&empty, &game, &req("lz-analyze", "10").unwrap()),
            None
        );
    }

    #[test]
    fn minmoves_adds_unvisited_moves_by_prior() {
        let game = crate::testkit::new_game(3, Ruleset::default());
        let snap = snapshot(game.board());
        let line = info_line(&snap, &game, &req("lz-analyze", "w 10 minmoves 5").unwrap()).unwrap();
        let entries: Vec<&str> = line.split("info ").skip(1).collect();
        assert_eq!(entries.len(), 5, "{line}");
        for (order, e) in entries.iter().enumerate().skip(2) {
            assert!(e.contains(" visits 0 "), "{e}");
            assert!(e.contains(&format!(" order {order} ")), "{e}");
        }
        let r = parse("lz-analyze", &args("w 10 minmoves 9 avoid w A1,B1,A2 1"), 3)
            .unwrap()
            .unwrap();
        let line = info_line(&snap, &game, &r).unwrap();
        for v in ["A1", "B1", "A2"] {
            assert!(!line.contains(&format!("move {v} ")), "{line}");
        }
    }
}
