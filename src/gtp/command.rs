//! A GTP command's row and the state commands run on: [`CommandSpec`] (name, function,
//! help, when it is answered, its place in GoGui's analyze menu), the [`Engine`] every
//! command's function gets, and the argument parsing the families share. The families'
//! tables are assembled in [`super::engine`].

use super::output::Output;
use super::protocol::Command;
use crate::board::{Color, Coord, Point};
use crate::player::Player;
use crate::sgf::SgfGame;

/// What runs a command: the engine, the command (its name and arguments) and, for the
/// commands that stream, the output to stream to.
pub type Handler = fn(&mut Engine, &Command, &mut Output) -> Reply;

/// A command's entry in GoGui's analyze menu: `TYPE/LABEL/NAME ARGS` in
/// `gogui-analyze_commands`.
#[derive(Clone, Copy, Debug)]
pub struct AnalyzeEntry {
    /// GoGui's response type: `gfx`, `string`, `param`, `pspairs`, `var`...
    pub kind: &'static str,
    /// The label GoGui shows.
    pub label: &'static str,
    /// The arguments GoGui passes (`%c`: a colour it asks for), or empty.
    pub args: &'static str,
    /// The entry's place in the menu (entries are listed by it, lowest first).
    pub menu: u8,
}

/// One GTP command: its name, what runs it, a line of help, when it is answered and its
/// place in GoGui's analyze menu.
pub struct CommandSpec {
    /// The command's name.
    pub name: &'static str,
    /// What runs it.
    pub run: Handler,
    /// Its arguments and what it does, in one line (`help NAME`).
    pub help: &'static str,
    /// Whether the engine answers it now (`kgs-chat` only when enabled).
    pub listed: fn(&Engine) -> bool,
    /// Its entry in GoGui's analyze menu, if it has one.
    pub analyze: Option<AnalyzeEntry>,
}

/// Answered always.
fn always(_: &Engine) -> bool {
    true
}

impl CommandSpec {
    /// A command answered always, with no analyze entry.
    pub const fn new(name: &'static str, help: &'static str, run: Handler) -> CommandSpec {
        CommandSpec {
            name,
            run,
            help,
            listed: always,
            analyze: None,
        }
    }

    /// The command, answered only when `listed` says so.
    pub const fn listed_when(self, listed: fn(&Engine) -> bool) -> CommandSpec {
        CommandSpec { listed, ..self }
    }

    /// The command, offered in GoGui's analyze menu at place `menu` as `kind` with `label`,
    /// GoGui passing `args`.
    pub const fn gogui(
        self,
        menu: u8,
        kind: &'static str,
        label: &'static str,
        args: &'static str,
    ) -> CommandSpec {
        let analyze = Some(AnalyzeEntry {
            kind,
            label,
            args,
            menu,
        });
        CommandSpec { analyze, ..self }
    }
}

/// GTP's standard commands in the order of the specification (GNU Go's `printsgf`,
/// `is_legal` and `all_legal` after them): `list_commands` names them first, so that a
/// controller reading the list sees the protocol it knows before the extensions.
pub const STANDARD: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "play",
    "genmove",
    "undo",
    "time_settings",
    "time_left",
    "final_score",
    "final_status_list",
    "loadsgf",
    "reg_genmove",
    "showboard",
    "printsgf",
    "is_legal",
    "all_legal",
];

/// The commands of `families` in the order `list_commands` prints them: GTP's standard
/// commands first ([`STANDARD`]), then the others family by family.
pub fn ordered(families: &'static [&'static [CommandSpec]]) -> Vec<&'static CommandSpec> {
    let mut all: Vec<&'static CommandSpec> = families.iter().flat_map(|f| f.iter()).collect();
    let rank = |c: &CommandSpec| STANDARD.iter().position(|s| *s == c.name);
    all.sort_by_key(|c| rank(c).unwrap_or(STANDARD.len()));
    all
}

/// GoGui's analyze menu of the commands of `families`, `TYPE/LABEL/NAME ARGS` a line, in
/// the entries' menu order.
pub fn menu(families: &'static [&'static [CommandSpec]]) -> String {
    let mut entries: Vec<(AnalyzeEntry, &str)> = families
        .iter()
        .flat_map(|f| f.iter())
        .filter_map(|c| c.analyze.map(|a| (a, c.name)))
        .collect();
    entries.sort_by_key(|(a, _)| a.menu);
    entries
        .iter()
        .map(|(a, name)| {
            let space = if a.args.is_empty() { "" } else { " " };
            format!("{}/{}/{name}{space}{}", a.kind, a.label, a.args)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The protocol's state: the player behind it, and what the protocol itself keeps (the
/// input watch, the line being run, whether `quit` was asked).
pub struct Engine {
    /// The command tables, family by family.
    pub(super) families: &'static [&'static [CommandSpec]],
    pub(super) player: Player,
    pub(super) quit: bool,
    pub(super) input: super::InputWatch,
    /// Input line number of the command being run (see [`super::InputWatch`]).
    pub(super) line: u64,
    /// Answer GoGui's rules extension (`gogui-rules_*`) as a ruler program does.
    pub(super) gogui_ruler: bool,
    /// The controller has set komi (`komi`, or `rules komi=K`): a rules preset chosen later
    /// keeps it instead of bringing its own.
    pub(super) komi_set: bool,
    /// The record `loadsgf` read last, for the game information and comments `printsgf`
    /// writes back (forgotten by `boardsize` and `clear_board`).
    pub(super) loaded: Option<SgfGame>,
    /// KataGo's `friendlyPassOk` as `kata-set-rules` last set it (kept for `kata-get-rules`;
    /// it changes nothing in koan).
    pub(super) friendly_pass_ok: bool,
    /// An evaluator of the network koan was started with (`--model FILE`), for the
    /// network's own commands.
    pub(super) network: Option<crate::nn::Evaluator>,
}

/// A command's response body, or its error message.
pub type Reply = Result<String, String>;

/// The error message of a command whose arguments do not parse.
pub(super) fn syntax(detail: impl std::fmt::Display) -> String {
    format!("syntax error: {detail}")
}

impl Engine {
    /// GoGui's analyze menu of this engine's commands.
    pub(super) fn analyze_menu(&self) -> String {
        menu(self.families)
    }

    /// The points as GTP lists vertices, separated by spaces.
    pub(super) fn vertices(&self, points: &[Point]) -> String {
        let b = self.player.game().board();
        points
            .iter()
            .map(|&p| b.vertex(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A vertex of the board in play, or the pass.
    pub(super) fn parse_vertex(&self, text: &str) -> Result<Point, String> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Point::PASS);
        }
        let c = Coord::parse_gtp(text, self.player.game().size()).map_err(syntax)?;
        Ok(self.player.game().board().point(c))
    }

    /// A move's `COLOR VERTEX` arguments.
    pub(super) fn color_and_move(&self, a: &[String]) -> Result<(Color, Point), String> {
        if a.len() < 2 {
            return Err(syntax("expected a colour and a vertex"));
        }
        Ok((parse_color(a.first())?, self.parse_vertex(&a[1])?))
    }
}

/// A colour argument.
pub(super) fn parse_color(text: Option<&String>) -> Result<Color, String> {
    let text = text.ok_or_else(|| syntax("expected a colour"))?;
    text.parse::<Color>().map_err(syntax)
}

/// A finite number argument.
pub(super) fn parse_float(text: Option<&String>) -> Result<f64, String> {
    let text = text.ok_or_else(|| syntax("expected a number"))?;
    text.parse::<f64>()
        .ok()
        .filter(|k| k.is_finite())
        .ok_or_else(|| syntax(format!("'{text}' is not a number")))
}

/// A whole number argument from 0 to a billion.
pub(super) fn parse_int(text: &str) -> Result<i64, String> {
    text.parse::<i64>()
        .ok()
        .filter(|n| (0..=1_000_000_000).contains(n))
        .ok_or_else(|| syntax(format!("'{text}' is not a non-negative integer")))
}
