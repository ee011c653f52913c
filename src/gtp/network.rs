//! The network's commands: KataGo's `kata-raw-nn`, answered when koan was started with a
//! network (`--model FILE`).

use super::command::{parse_color, syntax, CommandSpec, Engine, Reply};
use super::output::Output;
use super::protocol::Command;
use crate::nn::eval::GameInputs;
use crate::nn::symmetry;

/// The policy optimism KataGo's GTP engine uses for `kata-raw-nn` unless told otherwise.
const DEFAULT_OPTIMISM: f32 = 0.2;

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[CommandSpec::new(
    "kata-raw-nn",
    "[COLOR] SYMMETRY|all [OPTIMISM]: the network's raw figures, as KataGo prints them",
    kata_raw_nn,
)
.listed_when(|e| e.network.is_some())];

/// `kata-raw-nn [COLOR] SYMMETRY|all [OPTIMISM]`: the network's evaluation of the position in
/// orientation SYMMETRY (0 to 7, or each in turn), in KataGo's words and layout. A COLOR
/// other than the one to move evaluates the position with that colour to move and no
/// history, as KataGo does. The orientations of `all` follow each other without the blank
/// line KataGo puts between them, which would end a GTP response.
fn kata_raw_nn(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let mut args = c.args.iter().peekable();
    let mut color = e.player.game().to_move();
    if let Some(first) = args.peek() {
        if let Ok(col) = parse_color(Some(first)) {
            color = col;
            args.next();
        }
    }
    let which = match args.next().map(|s| s.to_ascii_lowercase()) {
        Some(s) if s == "all" => None,
        Some(s) => match s.parse::<usize>() {
            Ok(n) if n < symmetry::COUNT => Some(n),
            _ => {
                return Err(syntax(format!(
                    "expected a symmetry 'all' or 0 to 7, got '{s}'"
                )))
            }
        },
        None => return Err(syntax("expected a symmetry 'all' or 0 to 7")),
    };
    let optimism = match args.next() {
        None => DEFAULT_OPTIMISM,
        Some(s) => match s.parse::<f32>() {
            Ok(v) if (0.0..=1.0).contains(&v) => v,
            _ => {
                return Err(syntax(format!(
                    "expected an optimism from 0 to 1, got '{s}'"
                )))
            }
        },
    };
    if let Some(extra) = args.next() {
        return Err(syntax(format!("unexpected argument '{extra}'")));
    }
    let Some(network) = e.network.as_mut() else {
        return Err("no network: start koan with --model FILE".into());
    };
    let game = e.player.game();
    let mut inputs = GameInputs::from_game(game);
    if color != inputs.to_move {
        inputs.start_afresh(color, game.komi() as f32);
    }
    let size = game.size();
    let mut out = String::new();
    for s in (0..symmetry::COUNT).filter(|&s| which.is_none_or(|w| w == s)) {
        let eval = network.evaluate(&inputs, s, optimism);
        out.push_str(eval.kata_raw_nn(s, size).trim_end());
        out.push('\n');
    }
    Ok(out.trim_end().to_string())
}
