//! Game records: `loadsgf FILE [MOVE]` and `printsgf [FILE]`. A loaded record's `RU` sets
//! the rules when koan knows them, and its game information and comments are kept for the
//! record `printsgf` writes back.

use super::command::{syntax, CommandSpec, Engine, Reply};
use super::output::Output;
use super::protocol::Command;
use crate::rules::record_name;
use crate::sgf::{self, SgfGame};

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new(
        "loadsgf",
        "FILE [MOVE]: loads a record, up to move MOVE",
        loadsgf,
    ),
    CommandSpec::new(
        "printsgf",
        "[FILE]: the game as SGF, or written to FILE",
        printsgf,
    ),
];

fn loadsgf(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let a = &c.args;
    let file = a
        .first()
        .ok_or_else(|| syntax("loadsgf needs a file name"))?;
    let limit = match a.get(1) {
        Some(n) => Some(
            n.parse::<usize>()
                .map_err(|_| syntax(format!("'{n}' is not a move number")))?,
        ),
        None => None,
    };
    let text = sgf::read_file(file).map_err(|e| format!("cannot load file: {e}"))?;
    let record = sgf::parse(&text).map_err(|e| format!("cannot load file: {e}"))?;
    let (mut rules, mut komi) = (*e.player.game().rules(), e.player.game().komi());
    match record.rules.as_deref() {
        Some(name) => match record_name::from_record_name(name) {
            Some(named) => {
                tracing::info!("loadsgf: RU[{name}] sets the rules: {named}");
                rules = named;
                if !e.komi_set {
                    komi = named.komi;
                }
            }
            None => tracing::warn!(
                "loadsgf: koan does not know the rules RU[{name}]; the rules in force \
                 stay ({rules})"
            ),
        },
        None => tracing::info!("loadsgf: the record names no rules; the rules in force stay"),
    }
    let game = (e.player.options().game_maker())
        .game_from_sgf(&record, rules, komi, limit)
        .map_err(|e| format!("cannot load file: {e}"))?;
    e.player.set_game(game);
    e.loaded = Some(record);
    Ok(e.player.game().to_move().to_string())
}

fn printsgf(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let text = sgf::write(&to_sgf(e));
    match c.args.first() {
        Some(file) => {
            sgf::write_file(file, &text).map_err(|e| format!("cannot write file: {e}"))?;
            Ok(String::new())
        }
        None => Ok(text.replace("\n\n", "\n")),
    }
}

/// The game as a record, with the rules' standard name or koan's own spelling, and the
/// result when the game is over.
fn to_sgf(e: &Engine) -> SgfGame {
    let game = e.player.game();
    let rules = record_name::record_name(&e.player.rules_in_force());
    let result = game.is_over().then(|| e.player.final_score());
    let mut record = game.to_sgf(rules, result);
    if let Some(loaded) = &e.loaded {
        record.keep_game_information(loaded);
    }
    record
}
