//! Setting up and reading the board: `boardsize`, `clear_board`, `komi`, the handicap
//! commands, `play`, `undo`, `showboard`, `is_legal` and `all_legal`.

use super::command::{parse_color, parse_float, syntax, CommandSpec, Engine, Reply};
use super::output::Output;
use super::protocol::Command;
use crate::board::{Color, Coord, MAX_SIZE, MIN_SIZE};
use crate::player::handicap::fixed_handicap;

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new(
        "boardsize",
        "SIZE: a new empty board of SIZE (2 to 25)",
        boardsize,
    ),
    CommandSpec::new("clear_board", "clears the board", |e, _, _| {
        e.player.clear_board();
        e.loaded = None;
        Ok(String::new())
    }),
    CommandSpec::new("komi", "K: sets komi", komi),
    CommandSpec::new(
        "fixed_handicap",
        "N: places N handicap stones the spec's way",
        fixed,
    ),
    CommandSpec::new(
        "place_free_handicap",
        "N: places N handicap stones where the engine likes",
        place_free,
    ),
    CommandSpec::new(
        "set_free_handicap",
        "VERTEX...: the controller's handicap stones",
        set_free,
    ),
    CommandSpec::new("play", "COLOR VERTEX: plays a move", play),
    CommandSpec::new("undo", "takes back the last move", |e, _, _| {
        if e.player.game_mut().undo() {
            Ok(String::new())
        } else {
            Err("cannot undo".into())
        }
    }),
    CommandSpec::new("showboard", "the board as text", showboard),
    CommandSpec::new(
        "is_legal",
        "COLOR VERTEX: 1 when the move is legal, else 0",
        is_legal,
    ),
    CommandSpec::new("all_legal", "COLOR: the legal board plays", |e, c, _| {
        let color = parse_color(c.args.first())?;
        Ok(e.vertices(&e.player.game().legal_plays(color)))
    }),
];

fn boardsize(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let text = c
        .args
        .first()
        .ok_or_else(|| syntax("boardsize needs a size"))?;
    let size: usize = text
        .parse()
        .map_err(|_| syntax(format!("'{text}' is not a board size")))?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err("unacceptable size".into());
    }
    e.player.resize(size);
    e.loaded = None;
    Ok(String::new())
}

fn komi(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let komi = parse_float(c.args.first())?;
    if !crate::rules::komi_in_range(komi) {
        return Err(syntax("komi out of range"));
    }
    e.player.game_mut().set_komi(komi);
    e.komi_set = true;
    Ok(String::new())
}

/// Makes `coords` the handicap stones of a new game; returns them as GTP lists them.
fn place_handicap(e: &mut Engine, coords: &[Coord]) -> String {
    e.player.place_handicap(coords);
    coords
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The number of stones a handicap command asks for.
fn handicap_count(a: &[String]) -> Result<usize, String> {
    let text = a
        .first()
        .ok_or_else(|| syntax("expected a number of stones"))?;
    text.parse()
        .map_err(|_| syntax(format!("'{text}' is not a number")))
}

fn fixed(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let n = handicap_count(&c.args)?;
    if !e.player.board_is_empty() {
        return Err("board not empty".into());
    }
    let coords =
        fixed_handicap(e.player.game().size(), n).ok_or("invalid number of stones".to_string())?;
    Ok(place_handicap(e, &coords))
}

fn place_free(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let n = handicap_count(&c.args)?;
    let size = e.player.game().size();
    if n < 2 || n >= size * size {
        return Err("invalid number of stones".into());
    }
    if !e.player.board_is_empty() {
        return Err("board not empty".into());
    }
    // The fixed layout where one exists; otherwise star-like points spread evenly.
    let coords = match fixed_handicap(size, n.min(9)) {
        Some(c) if n <= 9 => c,
        _ => {
            let mut pts: Vec<Coord> = fixed_handicap(size, 9)
                .or_else(|| fixed_handicap(size, 4))
                .unwrap_or_default();
            'outer: for step in [2usize, 1] {
                for row in (0..size).step_by(step) {
                    for col in (0..size).step_by(step) {
                        if pts.len() >= n {
                            break 'outer;
                        }
                        let c = Coord::new(col, row);
                        if !pts.contains(&c) {
                            pts.push(c);
                        }
                    }
                }
            }
            pts.truncate(n);
            pts
        }
    };
    Ok(place_handicap(e, &coords))
}

fn set_free(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    if !e.player.board_is_empty() {
        return Err("board not empty".into());
    }
    let size = e.player.game().size();
    let mut coords = Vec::new();
    for v in &c.args {
        if v.eq_ignore_ascii_case("pass") {
            return Err("bad vertex list".into());
        }
        let c = Coord::parse_gtp(v, size).map_err(|_| "bad vertex list".to_string())?;
        if coords.contains(&c) {
            return Err("bad vertex list".into());
        }
        coords.push(c);
    }
    if coords.len() < 2 || coords.len() >= size * size {
        return Err("bad vertex list".into());
    }
    place_handicap(e, &coords);
    Ok(String::new())
}

fn play(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let (color, point) = e.color_and_move(&c.args)?;
    e.player.game_mut().play(color, point).map_err(|why| {
        tracing::warn!("illegal move {} {}: {why}", color, c.args[1]);
        "illegal move".to_string()
    })?;
    Ok(String::new())
}

fn showboard(e: &mut Engine, _: &Command, _: &mut Output) -> Reply {
    let b = e.player.game().board();
    Ok(format!(
        "\n{}\nto move: {}  captured by black: {}  captured by white: {}\nrules: {}",
        b.render(),
        e.player.game().to_move(),
        b.captures(Color::Black),
        b.captures(Color::White),
        e.player.rules_in_force()
    ))
}

fn is_legal(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let (color, point) = e.color_and_move(&c.args)?;
    Ok(if e.player.game().is_legal(color, point) {
        "1"
    } else {
        "0"
    }
    .into())
}
