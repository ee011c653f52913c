//! The protocol's output for one searched position: KataGo's response object, from a search
//! [`Snapshot`] and the figures [`crate::player::figures`] derives from it.
//!
//! Each response has `id`, `turnNumber`, `isDuringSearch`, `moveInfos` (one per root move
//! the search visited, most visits first: `move`, `visits`, `edgeVisits`, `weight`,
//! `edgeWeight`, `winrate`, `scoreMean`, `scoreLead`, `scoreSelfplay`, `scoreStdev`,
//! `prior`, `utility`, `lcb`, `utilityLcb`, `order`, `playSelectionValue`, `pv`, and when
//! asked `pvVisits`, `pvEdgeVisits`, `ownership`, `ownershipStdev`) and `rootInfo`
//! (`currentPlayer`, `visits`, `weight`, `winrate`, `scoreLead`, `scoreSelfplay`,
//! `scoreStdev`, `utility`, `thisHash`, `symHash`); then `ownership`, `ownershipStdev` and
//! `policy` when asked. Numbers are rounded to 8 decimals.
//!
//! Figures are from the perspective the query asks for, flipped as KataGo flips them (the
//! lower bound `lcb` becomes `1 - lcb`, as in KataGo). Ownership is +1 where the perspective's
//! player owns the point (for `SIDETOMOVE`, the player to move), row by row from the top-left
//! point (A19 on 19x19); `policy` too, with the pass last and -1 for illegal moves.

use super::query::Spec;
use super::settings::Perspective;
use crate::board::{Board, Color, Coord, Point};
use crate::game::Game;
use crate::player::figures;
use crate::search::Snapshot;
use serde_json::{json, Map, Value};

/// KataGo's answer for a position that was not searched at all (terminated before it
/// started): `{"id":...,"isDuringSearch":false,"noResults":true,"turnNumber":...}`.
pub fn no_results(id: &str, turn: usize) -> Value {
    json!({ "id": id, "turnNumber": turn, "isDuringSearch": false, "noResults": true })
}

/// A number as the answers write it: rounded to 8 decimals, `-0` written `0`.
fn num(x: f64) -> Value {
    let rounded = (x * 1e8).round() / 1e8 + 0.0;
    json!(if rounded.is_finite() { rounded } else { 0.0 })
}

/// The answer for `game`'s position searched into `snap`, by `spec`; `during` while the
/// search goes on. `None` when the search has no visits yet.
pub fn analysis(
    id: &str,
    turn: usize,
    game: &Game,
    snap: &Snapshot,
    spec: &Spec,
    during: bool,
) -> Option<Value> {
    if snap.moves.is_empty() {
        return None;
    }
    let board = game.board();
    let color = snap.color;
    // +1 or -1: the sign that turns the player to move's figures into the perspective's.
    let flip = match spec.perspective {
        Perspective::Black => color == Color::White,
        Perspective::White => color == Color::Black,
        Perspective::SideToMove => false,
    };
    let sign = if flip { -1.0 } else { 1.0 };
    let rate = |w: f64| if flip { 1.0 - w } else { w };
    // Snapshot ownership is Black's: the sign that makes it the perspective's.
    let owner_sign = match spec.perspective {
        Perspective::Black => 1.0,
        Perspective::White => -1.0,
        Perspective::SideToMove if color == Color::Black => 1.0,
        Perspective::SideToMove => -1.0,
    };
    let owned = |values: &[f32]| -> Value {
        values
            .iter()
            .map(|&o| num(owner_sign * f64::from(o)))
            .collect()
    };
    let spread = |values: &[f32]| -> Value {
        figures::ownership_stdev(values)
            .into_iter()
            .map(num)
            .collect()
    };
    let mut infos = Vec::with_capacity(snap.moves.len());
    for (order, m) in snap.moves.iter().enumerate() {
        let f = figures::move_figures(m);
        let length = (spec.pv_len + 1).min(m.pv.len().max(1));
        let pv: Vec<String> = if m.pv.is_empty() {
            vec![board.vertex(m.point)]
        } else {
            m.pv[..length].iter().map(|&p| board.vertex(p)).collect()
        };
        let mut info = Map::new();
        info.insert("move".into(), board.vertex(m.point).into());
        info.insert("visits".into(), m.visits.into());
        info.insert("edgeVisits".into(), m.visits.into());
        info.insert("weight".into(), num(m.visits as f64));
        info.insert("edgeWeight".into(), num(m.visits as f64));
        info.insert("playSelectionValue".into(), num(m.visits as f64));
        info.insert("winrate".into(), num(rate(m.winrate)));
        info.insert("lcb".into(), num(rate(m.lcb)));
        info.insert("utility".into(), num(sign * f.utility));
        info.insert("utilityLcb".into(), num(sign * f.utility_lcb));
        info.insert("scoreLead".into(), num(sign * f.score_lead));
        info.insert("scoreMean".into(), num(sign * f.score_lead));
        info.insert("scoreSelfplay".into(), num(sign * f.score_lead));
        info.insert("scoreStdev".into(), num(f.score_stdev));
        info.insert("prior".into(), num(m.prior));
        info.insert("order".into(), order.into());
        info.insert("pv".into(), pv.into());
        if spec.pv_visits {
            let visits: Vec<u64> = if m.pv_visits.is_empty() {
                vec![m.visits]
            } else {
                m.pv_visits[..length.min(m.pv_visits.len())].to_vec()
            };
            info.insert("pvVisits".into(), visits.clone().into());
            info.insert("pvEdgeVisits".into(), visits.into());
        }
        let after = figures::move_ownership(snap, m);
        if spec.moves_ownership && !after.is_empty() {
            info.insert("ownership".into(), owned(after));
        }
        if spec.moves_ownership_stdev && !after.is_empty() {
            info.insert("ownershipStdev".into(), spread(after));
        }
        infos.push(Value::Object(info));
    }
    let r = figures::root_figures(snap);
    let (this_hash, sym_hash) = hashes(board, color);
    let root = json!({
        "currentPlayer": color.letter().to_string(),
        "visits": r.visits,
        "weight": num(r.visits as f64),
        "winrate": num(rate(r.winrate)),
        "scoreLead": num(sign * r.score_lead),
        "scoreSelfplay": num(sign * r.score_lead),
        "scoreStdev": num(r.score_stdev),
        "utility": num(sign * r.utility),
        "thisHash": this_hash,
        "symHash": sym_hash,
    });
    let mut out = Map::new();
    out.insert("id".into(), id.into());
    out.insert("turnNumber".into(), turn.into());
    out.insert("isDuringSearch".into(), during.into());
    out.insert("moveInfos".into(), infos.into());
    out.insert("rootInfo".into(), root);
    if spec.ownership && !snap.ownership.is_empty() {
        out.insert("ownership".into(), owned(&snap.ownership));
    }
    if spec.ownership_stdev && !snap.ownership.is_empty() {
        out.insert("ownershipStdev".into(), spread(&snap.ownership));
    }
    if spec.policy {
        out.insert(
            "policy".into(),
            policy(snap.root_policy(game), game, color)
                .into_iter()
                .map(num)
                .collect(),
        );
    }
    Some(Value::Object(out))
}

/// The board's points row by row from the top-left (A19 on 19x19), as KataGo lists them.
fn top_down(board: &Board) -> impl Iterator<Item = Point> + '_ {
    let n = board.size();
    (0..n)
        .rev()
        .flat_map(move |row| (0..n).map(move |col| board.point(Coord::new(col, row))))
}

/// koan's policy for `color` in `game` as KataGo writes it: a value per point from the
/// top-left, then the pass; the search's root policy `priors` ([`Snapshot::root_policy`]:
/// the network's or the move model's probabilities) scaled to sum to 1 over the moves it
/// considers, 0 for legal moves it never tries (filling its own eyes), -1 for illegal ones.
pub fn policy(mut priors: Vec<(Point, f64)>, game: &Game, color: Color) -> Vec<f64> {
    let board = game.board();
    if !game.is_legal(color, Point::PASS) {
        priors.retain(|(p, _)| !p.is_pass());
    }
    let sum: f64 = priors.iter().map(|(_, p)| p).sum::<f64>().max(1e-12);
    let prior_of = |point: Point| {
        priors
            .iter()
            .find(|(p, _)| *p == point)
            .map(|(_, v)| v / sum)
    };
    top_down(board)
        .chain([Point::PASS])
        .map(|p| match prior_of(p) {
            Some(v) => v,
            None if game.is_legal(color, p) => 0.0,
            None => -1.0,
        })
        .collect()
}

/// KataGo's `thisHash` and `symHash` as 32 hex digits: the position with the player to
/// move and the simple-ko point, and the smallest such hash over the board's eight
/// symmetries (with the ko point moved along).
fn hashes(board: &Board, color: Color) -> (String, String) {
    let n = board.size();
    let ko = board.ko().map(|(p, _)| p);
    let mut values = Vec::with_capacity(8);
    for symmetry in 0..8 {
        let map = |c: Coord| {
            let (mut x, mut y) = (c.col as usize, c.row as usize);
            if symmetry & 1 != 0 {
                x = n - 1 - x;
            }
            if symmetry & 2 != 0 {
                y = n - 1 - y;
            }
            if symmetry & 4 != 0 {
                (x, y) = (y, x);
            }
            Coord::new(x, y)
        };
        let mut h: u128 = 0xcbf2_9ce4_8422_2325_u128 ^ (color.index() as u128 + 1);
        let mut mix = |v: u128| {
            h ^= v;
            h = h.wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013B);
        };
        let mut cells: Vec<(usize, u128)> = board
            .points()
            .filter_map(|p| {
                let colour = board.cell(p).color()?;
                let c = map(board.coord(p));
                Some((
                    c.row as usize * n + c.col as usize,
                    colour.index() as u128 + 1,
                ))
            })
            .collect();
        cells.sort_unstable();
        for (at, colour) in cells {
            mix(((at as u128) << 2) | colour);
        }
        if let Some(k) = ko {
            let c = map(board.coord(k));
            mix(0xFFFF_0000 | (c.row as usize * n + c.col as usize) as u128);
        }
        values.push(h);
    }
    let this = values[0];
    let sym = values.iter().copied().min().unwrap_or(this);
    (format!("{this:032X}"), format!("{sym:032X}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis_engine::settings::Settings;
    use crate::rules::Ruleset;
    use crate::search::priors::PriorSource;
    use crate::search::{self, MoveStats};
    use std::time::Duration;

    fn spec(perspective: Perspective) -> Spec {
        let s = Settings::default();
        Spec {
            max_visits: s.max_visits,
            max_time: None,
            perspective,
            pv_len: 1,
            ownership: true,
            ownership_stdev: false,
            moves_ownership: true,
            moves_ownership_stdev: false,
            policy: true,
            pv_visits: true,
            report_during: None,
            filter: Default::default(),
        }
    }

    fn snapshot(game: &Game) -> Snapshot {
        let p = |v: &str| game.board().point(Coord::parse_gtp(v, 3).unwrap());
        Snapshot {
            color: Color::White,
            playouts: 30,
            elapsed: Duration::from_millis(5),
            moves: vec![MoveStats {
                point: p("B2"),
                visits: 30,
                winrate: 0.75,
                prior: 0.5,
                lcb: 0.6,
                pv: vec![p("B2"), p("A1"), Point::PASS],
                pv_visits: vec![30, 10, 2],
                score_lead: 2.5,
                score_stdev: 4.0,
            }],
            ownership: vec![0.5, -0.25, 0.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0],
            score_lead: 2.5,
            score_stdev: 4.0,
            priors: Default::default(),
            policy: Vec::new(),
        }
    }

    #[test]
    fn figures_are_flipped_to_the_perspective_asked_for() {
        let game = crate::testkit::new_game(3, Ruleset::default());
        let snap = snapshot(&game);
        let white = analysis("a", 4, &game, &snap, &spec(Perspective::SideToMove), false).unwrap();
        let black = analysis("a", 4, &game, &snap, &spec(Perspective::Black), false).unwrap();
        assert_eq!(white["turnNumber"], 4);
        assert_eq!(white["rootInfo"]["currentPlayer"], "W");
        let (w, b) = (&white["moveInfos"][0], &black["moveInfos"][0]);
        assert_eq!(
            (w["winrate"].as_f64(), b["winrate"].as_f64()),
            (Some(0.75), Some(0.25))
        );
        assert_eq!(
            (w["scoreLead"].as_f64(), b["scoreLead"].as_f64()),
            (Some(2.5), Some(-2.5))
        );
        assert_eq!(b["lcb"].as_f64(), Some(0.4));
        assert_eq!(w["pv"], json!(["B2", "A1"]), "one move after the first");
        assert_eq!(w["pvVisits"], json!([30, 10]));
        // Ownership: Black's in the snapshot, the player to move's (White) for SIDETOMOVE.
        assert_eq!(black["ownership"][0].as_f64(), Some(0.5));
        assert_eq!(white["ownership"][0].as_f64(), Some(-0.5));
        assert_eq!(white["ownership"].as_array().unwrap().len(), 9);
        assert_eq!(w["ownership"], white["ownership"]);
        assert_eq!(white["rootInfo"]["winrate"].as_f64(), Some(0.75));
        assert_eq!(black["rootInfo"]["utility"].as_f64(), Some(-0.5));
        assert!(white.get("ownershipStdev").is_none());
        let empty = Snapshot {
            moves: vec![],
            ..snap
        };
        assert!(analysis("a", 0, &game, &empty, &spec(Perspective::Black), false).is_none());
    }

    #[test]
    fn the_policy_covers_every_point_and_the_pass() {
        let mut game = crate::testkit::new_game(5, Ruleset::default());
        let at = |g: &Game, v: &str| g.board().point(Coord::parse_gtp(v, 5).unwrap());
        let c3 = at(&game, "C3");
        game.play(Color::Black, c3).unwrap();
        let priors = search::root::policy(PriorSource::Model, &game, Color::White);
        let policy = policy(priors, &game, Color::White);
        assert_eq!(policy.len(), 26);
        // C3 is the 13th point from the top-left, and occupied.
        assert_eq!(policy[12], -1.0);
        let sum: f64 = policy.iter().filter(|v| **v >= 0.0).sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
        assert!(policy[25] > 0.0, "the pass is legal");
    }

    #[test]
    fn symmetric_positions_share_their_sym_hash() {
        let mut a = Board::new(9);
        let mut b = Board::new(9);
        a.place_setup(a.point(Coord::parse_gtp("C3", 9).unwrap()), Color::Black);
        b.place_setup(b.point(Coord::parse_gtp("G7", 9).unwrap()), Color::Black);
        let (ha, sa) = hashes(&a, Color::White);
        let (hb, sb) = hashes(&b, Color::White);
        assert_ne!(ha, hb);
        assert_eq!(sa, sb);
        assert_eq!(ha.len(), 32);
        assert_ne!(hashes(&a, Color::Black).0, ha, "the player to move counts");
    }
}
