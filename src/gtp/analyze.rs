//! Live analysis for Sabaki, Lizzie and KataGo-style tools: `lz-analyze`, `kata-analyze`,
//! `analyze` and their `*genmove_analyze` forms.
//!
//! Arguments, as Leela Zero and KataGo take them: `[COLOR] [INTERVAL] [KEY VALUE]...` with
//! the interval in centiseconds and the keys `interval`, `maxmoves`, `minmoves` and (for
//! `kata-` commands; ignored by the others) `ownership true`. The response starts with `=ID` on its own line
//! at once; then, every INTERVAL, one line of `info move V visits N winrate W prior P lcb L
//! order K pv V V ...` entries, one per root move, most visits first. Win rates are for the
//! player to move, and so is ownership (`+1`: that player owns the point). `lz-analyze`
//! writes winrate, prior and lcb as integers in 1/10000 (Leela Zero), `kata-analyze` as
//! floats with `scoreMean`/`scoreLead` (KataGo), and `analyze` as Leela Zero does plus
//! `scoreLead` (the form Sayuri gives it). The score lead is the position's, the same on
//! every move of a line. An analysis runs until the next input line arrives; a
//! `*genmove_analyze` searches as `genmove` does, plays, and ends with `play V`.

use super::output::Output;
use crate::board::{Board, Color};
use crate::game::Game;
use crate::search::{SearchParams, SearchResult, Searcher, Snapshot};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How numbers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Leela Zero: winrate, prior and lcb as integers 0..10000.
    LeelaZero,
    /// Leela Zero's integers plus `scoreLead` (`analyze`, `genmove_analyze`).
    LeelaZeroScore,
    /// KataGo: floats 0..1, `scoreMean` and `scoreLead`, optional `ownership`.
    KataGo,
}

/// The analysis command names, with their format and whether they play a move.
pub const COMMANDS: &[(&str, Format, bool)] = &[
    ("lz-analyze", Format::LeelaZero, false),
    ("kata-analyze", Format::KataGo, false),
    ("analyze", Format::LeelaZeroScore, false),
    ("lz-genmove_analyze", Format::LeelaZero, true),
    ("kata-genmove_analyze", Format::KataGo, true),
    ("genmove_analyze", Format::LeelaZeroScore, true),
];

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
    /// Append the ownership of every point.
    pub ownership: bool,
}

/// Parses `[COLOR] [INTERVAL] [KEY VALUE]...` for the analysis command `name`; `None` when
/// `name` is not one.
pub fn parse(name: &str, args: &[String]) -> Option<Result<Request, String>> {
    let &(_, format, genmove) = COMMANDS.iter().find(|(n, _, _)| *n == name)?;
    Some(parse_args(format, genmove, args))
}

fn syntax(detail: impl std::fmt::Display) -> String {
    format!("syntax error: {detail}")
}

fn centiseconds(text: &str) -> Result<Duration, String> {
    text.parse::<u32>()
        .map(|cs| Duration::from_millis(u64::from(cs) * 10))
        .map_err(|_| syntax(format!("'{text}' is not an interval in centiseconds")))
}

fn parse_args(format: Format, genmove: bool, args: &[String]) -> Result<Request, String> {
    let mut req = Request {
        format,
        genmove,
        color: None,
        interval: Duration::ZERO,
        max_moves: None,
        ownership: false,
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
    let mut pairs = rest.chunks(2);
    for pair in &mut pairs {
        let [key, value] = pair else {
            return Err(syntax(format!("'{}' needs a value", pair[0])));
        };
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
            "minmoves" => {
                count()?; // only moves with visits are ever reported
            }
            "ownership" if format == Format::KataGo => req.ownership = flag()?,
            "allow" | "avoid" => return Err(format!("{key} is not supported")),
            _ => {
                // KataGo's other reporting switches (pvVisits, rootInfo, ...): not given.
                flag()?;
                tracing::debug!("analysis: ignoring {key} {value}");
            }
        }
    }
    Ok(req)
}

/// One report: an `info` entry per root move (capped by `maxmoves`), then `ownership` and
/// its `size * size` values when asked for. `None` when no move has visits yet.
pub fn info_line(snap: &Snapshot, board: &Board, req: &Request) -> Option<String> {
    let cap = req.max_moves.unwrap_or(usize::MAX);
    let mut entries = Vec::new();
    for (order, m) in snap.moves.iter().take(cap).enumerate() {
        let mv = board.vertex(m.point);
        let pv = if m.pv.is_empty() {
            mv.clone()
        } else {
            m.pv.iter()
                .map(|&p| board.vertex(p))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let stats = match req.format {
            Format::KataGo => format!(
                "winrate {:.6} scoreMean {lead:.3} scoreLead {lead:.3} prior {:.6} lcb {:.6}",
                m.winrate,
                m.prior,
                m.lcb,
                lead = snap.score_lead
            ),
            Format::LeelaZero | Format::LeelaZeroScore => {
                let mut s = format!(
                    "winrate {} prior {} lcb {}",
                    per_10000(m.winrate),
                    per_10000(m.prior),
                    per_10000(m.lcb)
                );
                if req.format == Format::LeelaZeroScore {
                    s.push_str(&format!(" scoreLead {:.3}", snap.score_lead));
                }
                s
            }
        };
        entries.push(format!(
            "info move {mv} visits {} {stats} order {order} pv {pv}",
            m.visits
        ));
    }
    if entries.is_empty() {
        return None;
    }
    let mut line = entries.join(" ");
    if req.ownership && req.format == Format::KataGo && !snap.ownership.is_empty() {
        let sign = if snap.color == Color::Black {
            1.0
        } else {
            -1.0
        };
        line.push_str(" ownership");
        for v in &snap.ownership {
            // `+ 0.0` turns -0.0 into 0.0.
            line.push_str(&format!(" {:.3}", sign * f64::from(*v) + 0.0));
        }
    }
    Some(line)
}

/// A rate 0..1 as Leela Zero writes it: an integer 0..10000.
pub fn per_10000(rate: f64) -> u32 {
    (rate.clamp(0.0, 1.0) * 10000.0).round() as u32
}

/// Runs a search of `game` for `color` whose reports go to `out` every `req.interval`; a
/// broken output stops it. The response is begun before the search starts.
pub fn stream(
    searcher: &mut Searcher,
    game: &Game,
    color: Color,
    params: &SearchParams,
    stop: &AtomicBool,
    req: &Request,
    out: &mut Output,
) -> SearchResult {
    out.begin();
    if req.interval.is_zero() {
        return searcher.search(game, color, params, stop, None);
    }
    let board = game.board();
    let mut report = |snap: &Snapshot| {
        if let Some(line) = info_line(snap, board, req) {
            out.line(&line);
        }
        if out.broken() {
            stop.store(true, Ordering::SeqCst);
        }
    };
    searcher.search(game, color, params, stop, Some((req.interval, &mut report)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Coord, Point};
    use crate::rules::Ruleset;
    use crate::search::MoveStats;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn req(name: &str, text: &str) -> Result<Request, String> {
        parse(name, &args(text)).expect("an analysis command")
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
        let r = req("kata-analyze", "interval 30 pvVisits true").unwrap();
        assert_eq!(r.interval, Duration::from_millis(300));
        assert!(req("kata-genmove_analyze", "b").unwrap().genmove);
        assert_eq!(req("analyze", "").unwrap().interval, Duration::ZERO);
        for bad in [
            "b x",
            "b 10 ownership",
            "b 10 maxmoves many",
            "-5",
            "b 10 avoid b D4 1",
        ] {
            assert!(req("kata-analyze", bad).is_err(), "{bad}");
        }
        // Ownership is KataGo's: Leela Zero's format has no place for it, so it is ignored.
        assert!(!req("lz-analyze", "b 10 ownership true").unwrap().ownership);
        assert!(parse("genmove", &[]).is_none());
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
                },
                MoveStats {
                    point: Point::PASS,
                    visits: 10,
                    winrate: 1.0,
                    prior: 0.0001,
                    lcb: 0.0,
                    pv: vec![],
                },
            ],
            ownership: (0..9).map(|i| i as f32 / 10.0 - 0.4).collect(),
            score_lead: -2.5,
        }
    }

    #[test]
    fn lines_follow_each_clients_format() {
        let game = Game::new(3, Ruleset::default());
        let snap = snapshot(game.board());
        let board = game.board();
        assert_eq!(
            info_line(&snap, board, &req("lz-analyze", "w 10").unwrap()).unwrap(),
            "info move C3 visits 20 winrate 6123 prior 2500 lcb 5000 order 0 pv C3 B2 pass \
             info move pass visits 10 winrate 10000 prior 1 lcb 0 order 1 pv pass"
        );
        assert_eq!(
            info_line(&snap, board, &req("analyze", "w 10 maxmoves 1").unwrap()).unwrap(),
            "info move C3 visits 20 winrate 6123 prior 2500 lcb 5000 scoreLead -2.500 order 0 \
             pv C3 B2 pass"
        );
        assert_eq!(
            info_line(
                &snap,
                board,
                &req("kata-analyze", "w 10 ownership true maxmoves 1").unwrap()
            )
            .unwrap(),
            "info move C3 visits 20 winrate 0.612340 scoreMean -2.500 scoreLead -2.500 \
             prior 0.250000 lcb 0.500000 order 0 pv C3 B2 pass ownership 0.400 0.300 0.200 \
             0.100 0.000 -0.100 -0.200 -0.300 -0.400"
        );
        let empty = Snapshot {
            moves: vec![],
            ..snap
        };
        assert_eq!(
            info_line(&empty, board, &req("lz-analyze", "10").unwrap()),
            None
        );
    }
}
