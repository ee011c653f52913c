//! The GTP command set: one method per command, over a [`Player`](crate::player::Player).

use super::output::Output;
use super::protocol::Command;
use super::{analyze, gogui, kata_rules};
use crate::board::{Cell, Color, Coord, Point, MAX_SIZE, MIN_SIZE};
use crate::game::Game;
use crate::player::handicap::fixed_handicap;
use crate::player::{Player, PlayerOptions};
use crate::rules::{record_name, KoRule, Ruleset};
use crate::score::status::Status;
use crate::search::time::{Clock, TimeSystem};
use crate::search::{self, SearchMove};
use crate::sgf::{self, SgfGame};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What runs a command: the engine, the command (its name and arguments) and, for the
/// commands that stream, the output to stream to.
pub type Handler = fn(&mut Engine, &Command, &mut Output) -> Reply;

/// One GTP command: its name, what runs it, and a line of help.
pub struct CommandSpec {
    /// The command's name.
    pub name: &'static str,
    /// What runs it.
    pub run: Handler,
    /// Its arguments and what it does, in one line (`help NAME`).
    pub help: &'static str,
    /// Whether the engine answers it now (`kgs-chat` only when enabled).
    pub listed: fn(&Engine) -> bool,
}

/// Answered always.
fn always(_: &Engine) -> bool {
    true
}

macro_rules! command {
    ($name:literal, $help:literal, $run:expr) => {
        CommandSpec {
            name: $name,
            run: $run,
            help: $help,
            listed: always,
        }
    };
}

/// Answered only as a GoGui ruler (`--gogui-ruler`): GoGui hands a program that lists
/// `gogui-rules_*` the definition of the game, and takes its board size, dropping the game
/// the user had open; a player must not list them.
fn ruler(e: &Engine) -> bool {
    e.gogui_ruler
}

/// A command of GoGui's rules extension, answered only by a ruler ([`ruler`]).
macro_rules! ruler_command {
    ($name:literal, $help:literal, $run:expr) => {
        CommandSpec {
            name: $name,
            run: $run,
            help: $help,
            listed: ruler,
        }
    };
}

/// Every command the engine knows, in the order `list_commands` prints them: the one
/// table from which dispatch, `list_commands`, `known_command` and `help` are built.
pub const COMMANDS: &[CommandSpec] = &[
    command!("protocol_version", "the GTP version: 2", |_, _, _| Ok(
        "2".into()
    )),
    command!("name", "the engine's name", |_, _, _| Ok("koan".into())),
    command!("version", "the engine's version", |_, _, _| {
        Ok(crate::VERSION.into())
    }),
    command!(
        "known_command",
        "NAME: true when the engine knows NAME",
        |e, c, _| { e.known_command(&c.args) }
    ),
    command!("list_commands", "the commands, one a line", |e, _, _| {
        Ok(e.commands().collect::<Vec<_>>().join("\n"))
    }),
    command!("quit", "ends the session", |e, _, _| {
        e.quit = true;
        Ok(String::new())
    }),
    command!(
        "boardsize",
        "SIZE: a new empty board of SIZE (2 to 25)",
        |e, c, _| e.boardsize(&c.args)
    ),
    command!("clear_board", "clears the board", |e, _, _| {
        e.clear_board();
        Ok(String::new())
    }),
    command!("komi", "K: sets komi", |e, c, _| e.komi(&c.args)),
    command!(
        "fixed_handicap",
        "N: places N handicap stones the spec's way",
        |e, c, _| { e.fixed_handicap(&c.args) }
    ),
    command!(
        "place_free_handicap",
        "N: places N handicap stones where the engine likes",
        |e, c, _| { e.place_free_handicap(&c.args) }
    ),
    command!(
        "set_free_handicap",
        "VERTEX...: the controller's handicap stones",
        |e, c, _| { e.set_free_handicap(&c.args) }
    ),
    command!("play", "COLOR VERTEX: plays a move", |e, c, _| e
        .play(&c.args)),
    command!(
        "genmove",
        "COLOR: chooses a move and plays it",
        |e, c, _| e.genmove(&c.args, true)
    ),
    command!("undo", "takes back the last move", |e, _, _| e.undo()),
    command!(
        "time_settings",
        "MAIN BYO_YOMI STONES: Canadian time (seconds)",
        |e, c, _| { e.time_settings(&c.args) }
    ),
    command!(
        "time_left",
        "COLOR TIME STONES: the time left on the clock",
        |e, c, _| { e.time_left(&c.args) }
    ),
    command!(
        "final_score",
        "the result with the dead stones removed",
        |e, _, _| { Ok(e.final_score()) }
    ),
    command!(
        "final_status_list",
        "alive|dead|seki: the stones of that status",
        |e, c, _| { e.final_status_list(&c.args) }
    ),
    command!(
        "loadsgf",
        "FILE [MOVE]: loads a record, up to move MOVE",
        |e, c, _| { e.loadsgf(&c.args) }
    ),
    command!(
        "reg_genmove",
        "COLOR: the move genmove would choose, not played",
        |e, c, _| { e.genmove(&c.args, false) }
    ),
    command!(
        "showboard",
        "the board as text",
        |e, _, _| Ok(e.showboard())
    ),
    command!(
        "printsgf",
        "[FILE]: the game as SGF, or written to FILE",
        |e, c, _| { e.printsgf(&c.args) }
    ),
    command!(
        "is_legal",
        "COLOR VERTEX: 1 when the move is legal, else 0",
        |e, c, _| { e.is_legal(&c.args) }
    ),
    command!("all_legal", "COLOR: the legal board plays", |e, c, _| e
        .all_legal(&c.args)),
    ruler_command!("gogui-rules_game_id", "the game: Go", |_, _, _| Ok(
        "Go".into()
    )),
    ruler_command!("gogui-rules_board_size", "the board size", |e, _, _| {
        Ok(e.player.game().size().to_string())
    }),
    ruler_command!(
        "gogui-rules_side_to_move",
        "the player to move",
        |e, _, _| { Ok(e.player.game().to_move().to_string()) }
    ),
    ruler_command!(
        "gogui-rules_board",
        "the board, a row a line",
        |e, _, _| Ok(e.rules_board())
    ),
    ruler_command!("gogui-rules_captured_count", "the prisoners", |e, _, _| Ok(
        e.captured_count()
    )),
    ruler_command!(
        "gogui-rules_legal_moves",
        "the legal moves of the player to move",
        |e, _, _| { Ok(e.rules_legal_moves()) }
    ),
    ruler_command!(
        "gogui-rules_final_result",
        "the result once the game is over",
        |e, _, _| { Ok(e.rules_final_result()) }
    ),
    command!(
        "rules",
        "[PRESET|KEY=VALUE...]: shows or sets the rules",
        |e, c, _| { e.rules(&c.args) }
    ),
    command!("ko-rule", "[RULE]: shows or sets the ko rule", |e, c, _| e
        .ko_rule(&c.args)),
    command!(
        "kata-get-rules",
        "the rules as KataGo's JSON object",
        |e, c, _| { kata_rules::get_rules(e.player.game(), e.friendly_pass_ok, &c.args) }
    ),
    command!(
        "kata-set-rules",
        "PRESET|JSON: sets the rules in KataGo's words",
        |e, c, _| { kata_rules::set_rules(e.player.game_mut(), &mut e.friendly_pass_ok, &c.args) }
    ),
    command!(
        "kata-set-rule",
        "KEY VALUE: sets one of KataGo's rules keys",
        |e, c, _| { kata_rules::set_rule(e.player.game_mut(), &mut e.friendly_pass_ok, &c.args) }
    ),
    command!(
        "kgs-rules",
        "japanese|chinese|aga|new_zealand: KGS's rules",
        |e, c, _| { e.kgs_rules(&c.args) }
    ),
    command!(
        "ko-bans",
        "[COLOR]: the moves the ko rule bans, each with the reason",
        |e, c, _| { e.ko_bans(&c.args) }
    ),
    command!(
        "ko-hot_stones",
        "the Ing-Spight rule's hot stones",
        |e, _, _| Ok(e.hot_stones())
    ),
    command!(
        "kgs-time_settings",
        "none|absolute|byoyomi|canadian ...: KGS's clock",
        |e, c, _| { e.kgs_time_settings(&c.args) }
    ),
    command!("kgs-game_over", "KGS says the game is over", |e, _, _| {
        e.player
            .stop_flag()
            .store(true, std::sync::atomic::Ordering::SeqCst);
        Ok(String::new())
    }),
    command!(
        "kgs-genmove_cleanup",
        "COLOR: a move that captures dead stones first",
        |e, c, _| { e.genmove_cleanup(&c.args) }
    ),
    command!(
        "ko-classify",
        "[VERTEX]: the kos' types in Jasiek's terms",
        |e, c, _| { super::ko_classify::classify_command(e.player.game(), &c.args) }
    ),
    command!(
        "ko-classify_detail",
        "VERTEX: the eight answers behind a ko's type",
        |e, c, _| { super::ko_classify::detail_command(e.player.game(), &c.args) }
    ),
    command!(
        "gogui-interrupt",
        "GoGui's interrupt support (# interrupt)",
        gogui_command
    ),
    command!(
        "gogui-analyze_commands",
        "GoGui's analyze commands",
        gogui_command
    ),
    command!(
        "koan-gfx_legal",
        "[COLOR]: the legal moves, for GoGui",
        gogui_command
    ),
    command!(
        "koan-gfx_hot_stones",
        "the hot stones, for GoGui",
        gogui_command
    ),
    command!(
        "koan-gfx_ko_types",
        "the kos' types, for GoGui",
        gogui_command
    ),
    command!(
        "koan-param",
        "[KEY VALUE]: GoGui's parameter dialog",
        gogui_command
    ),
    command!(
        "koan-gfx_ownership",
        "a search's ownership, for GoGui",
        search_command
    ),
    command!(
        "koan-best_moves",
        "a search's best moves, for GoGui",
        search_command
    ),
    command!(
        "koan-pv",
        "a search's principal variation, for GoGui",
        search_command
    ),
    command!(
        "lz-analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]: Leela Zero's analysis",
        analyze_command
    ),
    command!(
        "kata-analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]: KataGo's analysis",
        analyze_command
    ),
    command!(
        "analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]: analysis with scores",
        analyze_command
    ),
    command!(
        "lz-genmove_analyze",
        "COLOR [INTERVAL]: genmove with Leela Zero's analysis",
        analyze_command
    ),
    command!(
        "kata-genmove_analyze",
        "COLOR [INTERVAL]: genmove with KataGo's analysis",
        analyze_command
    ),
    command!(
        "genmove_analyze",
        "COLOR [INTERVAL]: genmove with analysis",
        analyze_command
    ),
    command!(
        "help",
        "[NAME]: the commands, or what NAME does",
        |e, c, _| e.help(&c.args)
    ),
    CommandSpec {
        name: "kgs-chat",
        run: |e, c, _| e.kgs_chat(&c.args),
        help: "game|private NAME MESSAGE: a short reply (with --kgs-chat)",
        listed: |e| e.player.options().kgs_chat,
    },
];

/// GoGui's analyze commands that need no search.
fn gogui_command(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let (game, options) = e.player.game_and_options_mut();
    gogui::command(game, options, &c.name, &c.args).unwrap_or_else(|| Err("unknown command".into()))
}

/// GoGui's analyze commands that show a search.
fn search_command(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let snap = e.search_snapshot();
    Ok(gogui::search_response(
        &c.name,
        snap.as_ref(),
        e.player.game().board(),
    ))
}

/// The streamed analysis commands.
fn analyze_command(e: &mut Engine, c: &Command, out: &mut Output) -> Reply {
    match analyze::parse(&c.name, &c.args, e.player.game().size()) {
        Some(request) => e.analyze(request?, out),
        None => Err("unknown command".into()),
    }
}

/// The protocol's state: the player behind it, and what the protocol itself keeps (the
/// input watch, the line being run, whether `quit` was asked).
pub struct Engine {
    player: Player,
    quit: bool,
    input: super::InputWatch,
    /// Input line number of the command being run (see [`super::InputWatch`]).
    line: u64,
    /// Answer GoGui's rules extension (`gogui-rules_*`) as a ruler program does.
    gogui_ruler: bool,
    /// The controller has set komi (`komi`, or `rules komi=K`): a rules preset chosen later
    /// keeps it instead of bringing its own.
    komi_set: bool,
    /// The record `loadsgf` read last, for the game information and comments `printsgf`
    /// writes back (forgotten by `boardsize` and `clear_board`).
    loaded: Option<SgfGame>,
    /// KataGo's `friendlyPassOk` as `kata-set-rules` last set it (kept for `kata-get-rules`;
    /// it changes nothing in koan).
    friendly_pass_ok: bool,
}

type Reply = Result<String, String>;

fn syntax(detail: impl std::fmt::Display) -> String {
    format!("syntax error: {detail}")
}

impl Engine {
    /// A new engine on an empty 19x19 board.
    pub fn new(options: PlayerOptions) -> Engine {
        let player = Player::new(options);
        Engine {
            input: super::InputWatch::detached(player.stop_flag()),
            player,
            quit: false,
            line: 0,
            gogui_ruler: false,
            komi_set: false,
            loaded: None,
            friendly_pass_ok: true,
        }
    }

    /// Makes the engine a GoGui ruler (`--gogui-ruler`): it lists and answers GoGui's rules
    /// extension (`gogui-rules_*`), so that GoGui takes the board size and the rules of the
    /// game from it. Off by default, so that GoGui keeps the user's game when koan is
    /// attached as a player.
    pub fn set_gogui_ruler(&mut self, on: bool) {
        self.gogui_ruler = on;
    }

    /// Lets commands see when new input arrives (to stop analysis early); the engine's stop
    /// flag becomes the watch's.
    pub fn watch_input(&mut self, watch: super::InputWatch) {
        self.player.set_stop_flag(watch.stop_flag());
        self.input = watch;
    }

    /// Lines of input read so far (0 when no input is watched).
    pub fn input_lines(&self) -> u64 {
        self.input.lines()
    }

    /// True after `quit`.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// The flag that stops a running search when set.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.player.stop_flag()
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        self.player.game()
    }

    /// Runs one command and returns its response body or error message; a streamed response
    /// comes back whole, its lines before the final body.
    pub fn execute(&mut self, cmd: &Command) -> Reply {
        let mut buf: Vec<u8> = Vec::new();
        let (result, streamed) = {
            let mut out = Output::new(&mut buf, None);
            let result = self.execute_streaming(cmd, self.input.lines(), &mut out);
            (result, out.begun())
        };
        if !streamed {
            return result;
        }
        let streamed = String::from_utf8_lossy(&buf);
        let streamed = streamed.strip_prefix("= \n").unwrap_or(&streamed);
        result.map(|body| format!("{streamed}{body}").trim_end().to_string())
    }

    /// Runs the command read as input line `line`. A streaming command writes its response
    /// to `out` as it goes; the others return it.
    pub fn execute_streaming(&mut self, cmd: &Command, line: u64, out: &mut Output) -> Reply {
        self.player.stop_pondering();
        self.line = line;
        match COMMANDS
            .iter()
            .find(|c| c.name == cmd.name && (c.listed)(self))
        {
            Some(command) => (command.run)(self, cmd, out),
            None => Err("unknown command".into()),
        }
    }

    /// The commands this engine answers now, in [`COMMANDS`]' order.
    fn commands(&self) -> impl Iterator<Item = &'static str> + '_ {
        COMMANDS.iter().filter(|c| (c.listed)(self)).map(|c| c.name)
    }

    fn known_command(&self, a: &[String]) -> Reply {
        let name = a
            .first()
            .ok_or_else(|| syntax("known_command needs a name"))?;
        Ok(self.commands().any(|c| c == name).to_string())
    }

    /// `help`: the command list, as GNU Go answers; `help NAME`: NAME's line of help.
    fn help(&self, a: &[String]) -> Reply {
        match a.first() {
            None => Ok(self.commands().collect::<Vec<_>>().join("\n")),
            Some(name) => COMMANDS
                .iter()
                .find(|c| c.name == name && (c.listed)(self))
                .map(|c| format!("{} {}", c.name, c.help))
                .ok_or_else(|| "unknown command".to_string()),
        }
    }

    fn komi(&mut self, a: &[String]) -> Reply {
        let komi = parse_float(a.first())?;
        if !crate::rules::komi_in_range(komi) {
            return Err(syntax("komi out of range"));
        }
        self.player.game_mut().set_komi(komi);
        self.komi_set = true;
        Ok(String::new())
    }

    /// Puts `rules` in force. A preset's komi comes with it unless the controller has set
    /// komi: `--rules`, `rules PRESET` and `kgs-rules` all behave so.
    fn put_rules_in_force(&mut self, rules: Ruleset) {
        self.player.game_mut().set_rules(rules);
        if !self.komi_set {
            self.player.game_mut().set_komi(rules.komi);
        }
    }

    fn undo(&mut self) -> Reply {
        if self.player.game_mut().undo() {
            Ok(String::new())
        } else {
            Err("cannot undo".into())
        }
    }

    fn is_legal(&self, a: &[String]) -> Reply {
        let (color, point) = self.color_and_move(a)?;
        Ok(if self.player.game().is_legal(color, point) {
            "1"
        } else {
            "0"
        }
        .into())
    }

    fn all_legal(&self, a: &[String]) -> Reply {
        let color = parse_color(a.first())?;
        Ok(self.vertices(&self.player.game().legal_plays(color)))
    }

    fn captured_count(&self) -> String {
        let b = self.player.game().board();
        // GoGui's order: the stones captured by Black, then those captured by White.
        format!("{} {}", b.captures(Color::Black), b.captures(Color::White))
    }

    fn rules_legal_moves(&self) -> String {
        let game = self.player.game();
        if game.is_over() {
            return String::new();
        }
        let color = game.to_move();
        let mut moves = self.vertices(&game.legal_plays(color));
        if game.is_legal(color, Point::PASS) {
            if !moves.is_empty() {
                moves.push(' ');
            }
            moves.push_str("pass");
        }
        moves
    }

    fn rules_final_result(&self) -> String {
        if self.player.game().is_over() {
            self.final_score()
        } else {
            "unknown".into()
        }
    }

    fn ko_rule(&mut self, a: &[String]) -> Reply {
        match a.first() {
            None => Ok(self.player.game().rules().ko.to_string()),
            Some(name) => {
                let ko: KoRule = name.parse().map_err(|_| "unknown ko rule".to_string())?;
                let mut rules = *self.player.game().rules();
                rules.ko = ko;
                self.player.game_mut().set_rules(rules);
                Ok(String::new())
            }
        }
    }

    fn kgs_rules(&mut self, a: &[String]) -> Reply {
        let name = a.first().ok_or_else(|| syntax("kgs-rules needs a name"))?;
        match name.to_ascii_lowercase().as_str() {
            "japanese" | "chinese" | "aga" | "new_zealand" | "newzealand" => {
                let rules = Ruleset::preset(name).expect("preset");
                self.put_rules_in_force(rules);
                Ok(String::new())
            }
            _ => Err("unknown rules".into()),
        }
    }

    fn ko_bans(&self, a: &[String]) -> Reply {
        let game = self.player.game();
        let color = match a.first() {
            Some(c) => parse_color(Some(c))?,
            None => game.to_move(),
        };
        let board = game.board();
        let mut lines: Vec<String> = game
            .ko_bans(color)
            .iter()
            .map(|(p, ban)| format!("{} {ban}", board.vertex(*p)))
            .collect();
        if let Some(why) = game.pass_ban(color) {
            lines.push(format!("pass wmsg2008: {why}"));
        }
        Ok(lines.join("\n"))
    }

    fn hot_stones(&self) -> String {
        let hot = self.player.game().hot_stones();
        self.vertices(&hot)
    }

    /// `kgs-chat game|private NAME MESSAGE...`: a short reply about the engine or the rules.
    fn kgs_chat(&self, a: &[String]) -> Reply {
        if a.len() < 3 {
            return Err(syntax("expected game|private NAME MESSAGE"));
        }
        let message = a[2..].join(" ").to_ascii_lowercase();
        let rules = self.rules_in_force();
        let reply = if message.contains("ko") {
            format!(
                "My ko rule is {}; koan's docs/ko-rules.md defines each rule exactly.",
                rules.ko
            )
        } else if message.contains("rule") {
            format!(
                "I play {} rules: {rules}.",
                rules.preset_name().unwrap_or("custom")
            )
        } else if message.contains("version") || message.contains("who") {
            format!(
                "koan {}, a Go engine that gets ko right.",
                env!("CARGO_PKG_VERSION")
            )
        } else {
            "Hello! I am koan, a program. Ask me about 'rules', 'ko' or 'version'.".to_string()
        };
        Ok(reply)
    }

    fn vertices(&self, points: &[Point]) -> String {
        let b = self.player.game().board();
        points
            .iter()
            .map(|&p| b.vertex(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn parse_vertex(&self, text: &str) -> Result<Point, String> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Point::PASS);
        }
        let c = Coord::parse_gtp(text, self.player.game().size()).map_err(syntax)?;
        Ok(self.player.game().board().point(c))
    }

    fn color_and_move(&self, a: &[String]) -> Result<(Color, Point), String> {
        if a.len() < 2 {
            return Err(syntax("expected a colour and a vertex"));
        }
        Ok((parse_color(a.first())?, self.parse_vertex(&a[1])?))
    }

    fn boardsize(&mut self, a: &[String]) -> Reply {
        let text = a.first().ok_or_else(|| syntax("boardsize needs a size"))?;
        let size: usize = text
            .parse()
            .map_err(|_| syntax(format!("'{text}' is not a board size")))?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err("unacceptable size".into());
        }
        self.player.resize(size);
        self.loaded = None;
        Ok(String::new())
    }

    fn clear_board(&mut self) {
        self.player.clear_board();
        self.loaded = None;
    }

    fn board_is_empty(&self) -> bool {
        self.player.board_is_empty()
    }

    /// Makes `coords` the handicap stones of a new game; returns them as GTP lists them.
    fn place_handicap(&mut self, coords: &[Coord]) -> String {
        self.player.place_handicap(coords);
        coords
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn handicap_count(&self, a: &[String]) -> Result<usize, String> {
        let text = a
            .first()
            .ok_or_else(|| syntax("expected a number of stones"))?;
        text.parse()
            .map_err(|_| syntax(format!("'{text}' is not a number")))
    }

    fn fixed_handicap(&mut self, a: &[String]) -> Reply {
        let n = self.handicap_count(a)?;
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        let coords = fixed_handicap(self.player.game().size(), n)
            .ok_or("invalid number of stones".to_string())?;
        Ok(self.place_handicap(&coords))
    }

    fn place_free_handicap(&mut self, a: &[String]) -> Reply {
        let n = self.handicap_count(a)?;
        let size = self.player.game().size();
        if n < 2 || n >= size * size {
            return Err("invalid number of stones".into());
        }
        if !self.board_is_empty() {
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
        Ok(self.place_handicap(&coords))
    }

    fn set_free_handicap(&mut self, a: &[String]) -> Reply {
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        let size = self.player.game().size();
        let mut coords = Vec::new();
        for v in a {
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
        self.place_handicap(&coords);
        Ok(String::new())
    }

    fn play(&mut self, a: &[String]) -> Reply {
        let (color, point) = self.color_and_move(a)?;
        self.player.game_mut().play(color, point).map_err(|why| {
            tracing::warn!("illegal move {} {}: {why}", color, a[1]);
            "illegal move".to_string()
        })?;
        Ok(String::new())
    }

    fn genmove(&mut self, a: &[String], play: bool) -> Reply {
        let color = parse_color(a.first())?;
        self.input.start_search(self.line);
        let chosen = self
            .player
            .genmove(color, play)
            .map_err(|e| e.to_string())?;
        Ok(self.spell(chosen))
    }

    /// A chosen move as GTP spells it.
    fn spell(&self, chosen: SearchMove) -> String {
        match chosen {
            SearchMove::Resign => "resign".into(),
            SearchMove::Pass => self.player.game().board().vertex(Point::PASS),
            SearchMove::Play(p) => self.player.game().board().vertex(p),
        }
    }

    /// `lz-analyze`, `kata-analyze`, `analyze` and their `*genmove_analyze` forms: a
    /// streamed search ([`analyze`]). An analysis runs until the next input line; a genmove
    /// form searches as `genmove` does and plays.
    fn analyze(&mut self, req: analyze::Request, out: &mut Output) -> Reply {
        let color = req.color.unwrap_or(self.player.game().to_move());
        self.input.start_search(self.line);
        let mut params = self.player.search_params(color);
        if req.genmove {
            let result = self.player.with_searcher(|searcher, game, stop| {
                analyze::stream(searcher, game, color, &params, stop, &req, out)
            });
            let chosen = self
                .player
                .decide(color, &result, true)
                .map_err(|e| e.to_string())?;
            return Ok(format!("play {}", self.spell(chosen)));
        }
        (params.max_playouts, params.max_time, params.time_cap) = (None, None, None);
        let _armed = self.input.stop_on_input(self.line);
        self.player.with_searcher(|searcher, game, stop| {
            analyze::stream(searcher, game, color, &params, stop, &req, out)
        });
        Ok(String::new())
    }

    /// A search for the player to move as `genmove` makes it, with ownership, for GoGui's
    /// search commands; `None` when the move was clear without searching.
    fn search_snapshot(&mut self) -> Option<search::Snapshot> {
        self.input.start_search(self.line);
        self.player.snapshot()
    }

    fn time_settings(&mut self, a: &[String]) -> Reply {
        if a.len() < 3 {
            return Err(syntax("expected main_time byo_yomi_time byo_yomi_stones"));
        }
        let main = parse_int(&a[0])?;
        let byo = parse_int(&a[1])?;
        let stones = parse_int(&a[2])?;
        *self.player.clock_mut() = Clock::from_gtp(main as f64, byo as f64, stones as u32);
        Ok(String::new())
    }

    /// KGS's `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS |
    /// canadian MAIN PERIOD STONES`.
    fn kgs_time_settings(&mut self, a: &[String]) -> Reply {
        let kind = a.first().ok_or_else(|| syntax("expected a time system"))?;
        let nums = a[1..]
            .iter()
            .map(|x| parse_int(x))
            .collect::<Result<Vec<i64>, String>>()?;
        let want = |n: usize| -> Result<(), String> {
            if nums.len() == n {
                Ok(())
            } else {
                Err(syntax(format!("{kind} takes {n} numbers")))
            }
        };
        let system = match kind.as_str() {
            "none" => {
                want(0)?;
                TimeSystem::None
            }
            "absolute" => {
                want(1)?;
                TimeSystem::Absolute {
                    main: nums[0] as f64,
                }
            }
            "byoyomi" => {
                want(3)?;
                TimeSystem::Byoyomi {
                    main: nums[0] as f64,
                    period: nums[1] as f64,
                    periods: nums[2] as u32,
                }
            }
            "canadian" => {
                want(3)?;
                TimeSystem::Canadian {
                    main: nums[0] as f64,
                    period: nums[1] as f64,
                    stones: nums[2] as u32,
                }
            }
            other => return Err(syntax(format!("unknown time system '{other}'"))),
        };
        *self.player.clock_mut() = Clock {
            system,
            left: [None, None],
        };
        Ok(String::new())
    }

    fn time_left(&mut self, a: &[String]) -> Reply {
        if a.len() < 3 {
            return Err(syntax("expected color time stones"));
        }
        let color = parse_color(a.first())?;
        let time = parse_int(&a[1])?;
        let stones = parse_int(&a[2])?;
        if self.player.clock_mut().system == TimeSystem::None {
            // A controller that reports time without settings: treat it as absolute time.
            self.player.clock_mut().system = TimeSystem::Absolute { main: time as f64 };
        }
        self.player
            .clock_mut()
            .report(color.index(), time as f64, stones as u32);
        Ok(String::new())
    }

    /// `kgs-genmove_cleanup`: while stones the engine judges dead remain for the opponent,
    /// play against them (KGS's cleanup phase: they must be captured, not argued about);
    /// otherwise an ordinary genmove. Never passes while such stones remain.
    fn genmove_cleanup(&mut self, a: &[String]) -> Reply {
        let color = parse_color(a.first())?;
        match self.player.cleanup_play(color) {
            Some(point) => {
                self.player
                    .game_mut()
                    .play(color, point)
                    .map_err(|e| format!("internal error: cleanup chose an illegal move ({e})"))?;
                Ok(self.player.game().board().vertex(point))
            }
            None => self.genmove(a, true),
        }
    }

    fn final_score(&self) -> String {
        self.player.final_score()
    }

    fn final_status_list(&self, a: &[String]) -> Reply {
        let which = a
            .first()
            .ok_or_else(|| syntax("expected alive, dead or seki"))?;
        let status = match which.as_str() {
            "alive" => Status::Alive,
            "dead" => Status::Dead,
            "seki" => Status::Seki,
            other => return Err(syntax(format!("unknown status '{other}'"))),
        };
        Ok(self.vertices(
            &self
                .player
                .status()
                .list(self.player.game().board(), status),
        ))
    }

    fn showboard(&self) -> String {
        let b = self.player.game().board();
        format!(
            "\n{}\nto move: {}  captured by black: {}  captured by white: {}\nrules: {}",
            b.render(),
            self.player.game().to_move(),
            b.captures(Color::Black),
            b.captures(Color::White),
            self.rules_in_force()
        )
    }

    fn rules_board(&self) -> String {
        let b = self.player.game().board();
        let n = b.size();
        let mut rows = Vec::with_capacity(n);
        for row in (0..n).rev() {
            let line: String = (0..n)
                .map(|col| match b.cell(b.point(Coord::new(col, row))) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                })
                .collect();
            rows.push(line);
        }
        rows.join("\n")
    }

    /// The ruleset as `rules` prints it: the game's komi, not the preset's default.
    fn rules_in_force(&self) -> Ruleset {
        self.player.rules_in_force()
    }

    fn rules(&mut self, a: &[String]) -> Reply {
        if a.is_empty() {
            let r = self.rules_in_force();
            let name = Ruleset {
                komi: self.player.game().rules().komi,
                ..r
            }
            .preset_name()
            .unwrap_or("custom");
            return Ok(format!("{r} preset={name}"));
        }
        let mut rules = *self.player.game().rules();
        let mut komi = None;
        for word in a {
            if let Some(preset) = Ruleset::preset(word) {
                rules = preset;
            } else if word.contains('=') {
                rules.set(word)?;
                if word.starts_with("komi=") {
                    komi = Some(rules.komi);
                }
            } else {
                return Err(format!(
                    "unknown rules preset '{word}' (presets: {})",
                    crate::rules::PRESETS.join(", ")
                ));
            }
        }
        match komi {
            Some(k) => {
                self.player.game_mut().set_rules(rules);
                self.player.game_mut().set_komi(k);
                self.komi_set = true;
            }
            None => self.put_rules_in_force(rules),
        }
        Ok(String::new())
    }

    fn loadsgf(&mut self, a: &[String]) -> Reply {
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
        let bytes = read_record(file).map_err(|e| format!("cannot load file: {e}"))?;
        let text = String::from_utf8_lossy(&bytes);
        let record = sgf::parse(&text).map_err(|e| format!("cannot load file: {e}"))?;
        let (mut rules, mut komi) = (*self.player.game().rules(), self.player.game().komi());
        match record.rules.as_deref() {
            Some(name) => match record_name::from_record_name(name) {
                Some(named) => {
                    tracing::info!("loadsgf: RU[{name}] sets the rules: {named}");
                    rules = named;
                    if !self.komi_set {
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
        let game = Game::from_sgf(&record, rules, komi, limit)
            .map_err(|e| format!("cannot load file: {e}"))?;
        self.player.set_game(game);
        self.loaded = Some(record);
        Ok(self.player.game().to_move().to_string())
    }

    fn printsgf(&self, a: &[String]) -> Reply {
        let text = sgf::write(&self.to_sgf());
        match a.first() {
            Some(file) => {
                require_regular_file(file, true)
                    .and_then(|()| std::fs::write(file, &text).map_err(|e| e.to_string()))
                    .map_err(|e| format!("cannot write file: {e}"))?;
                Ok(String::new())
            }
            None => Ok(text.replace("\n\n", "\n")),
        }
    }

    /// The game as a record, with the rules' standard name or koan's own spelling, and the
    /// result when the game is over.
    fn to_sgf(&self) -> SgfGame {
        let game = self.player.game();
        let rules = record_name::record_name(&self.rules_in_force());
        let result = game.is_over().then(|| self.final_score());
        let mut record = game.to_sgf(rules, result);
        if let Some(loaded) = &self.loaded {
            record.keep_game_information(loaded);
        }
        record
    }
}

/// Largest SGF file `loadsgf` reads.
const MAX_SGF_BYTES: u64 = 32 << 20;

/// Reads a game record: regular files only (not devices or pipes, which could block or never
/// end), at most [`MAX_SGF_BYTES`]. The path is looked at before it is opened, and opened
/// without blocking, so a named pipe with no writer cannot hold the engine.
fn read_record(path: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    require_regular_file(path, false)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        /// Linux's `O_NONBLOCK`: opening a pipe returns at once instead of waiting for a writer.
        const O_NONBLOCK: i32 = 0o4000;
        options.custom_flags(O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(NOT_A_REGULAR_FILE.into());
    }
    if meta.len() > MAX_SGF_BYTES {
        return Err(format!("larger than {} MiB", MAX_SGF_BYTES >> 20));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SGF_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// The reason given for a path that names a pipe, a device or a directory.
const NOT_A_REGULAR_FILE: &str = "not a regular file";

/// Refuses a path that exists and is not a regular file (a named pipe, a device, a
/// directory): opening one could block forever or never end. A missing path is refused too,
/// unless `may_be_new` (a file about to be written).
fn require_regular_file(path: &str, may_be_new: bool) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(_) => Err(NOT_A_REGULAR_FILE.into()),
        Err(e) if may_be_new && e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

fn parse_color(text: Option<&String>) -> Result<Color, String> {
    let text = text.ok_or_else(|| syntax("expected a colour"))?;
    text.parse::<Color>().map_err(syntax)
}

fn parse_float(text: Option<&String>) -> Result<f64, String> {
    let text = text.ok_or_else(|| syntax("expected a number"))?;
    text.parse::<f64>()
        .ok()
        .filter(|k| k.is_finite())
        .ok_or_else(|| syntax(format!("'{text}' is not a number")))
}

fn parse_int(text: &str) -> Result<i64, String> {
    text.parse::<i64>()
        .ok()
        .filter(|n| (0..=1_000_000_000).contains(n))
        .ok_or_else(|| syntax(format!("'{text}' is not a non-negative integer")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    fn engine() -> Engine {
        Engine::new(PlayerOptions {
            threads: 1,
            playouts: Some(30),
            ..PlayerOptions::default()
        })
    }

    fn run(e: &mut Engine, line: &str) -> Reply {
        let cmd = super::super::protocol::parse(line).expect("parsable");
        e.execute(&cmd)
    }

    #[test]
    fn random_commands_never_panic_and_keep_the_board_sound() {
        let args = [
            "",
            "b",
            "w",
            "B",
            "white",
            "x",
            "A1",
            "a2",
            "B2",
            "C3",
            "E5",
            "J9",
            "T19",
            "Z25",
            "pass",
            "PASS",
            "resign",
            "0",
            "1",
            "2",
            "3",
            "4",
            "9",
            "25",
            "26",
            "-1",
            "7.5",
            "nan",
            "1e309",
            "dead",
            "alive",
            "seki",
            "chinese",
            "japanese",
            "ko=fixed",
            "suicide=all",
            "ing-spight",
            "spight",
            "pass-for-ko",
            "/nonexistent.sgf",
        ];
        let mut rng = SmallRng::seed_from_u64(11);
        let mut e = engine();
        for i in 0..6000 {
            if i % 500 == 0 {
                let size = [2, 3, 4, 5, 7][rng.gen_range(0..5)];
                run(&mut e, &format!("boardsize {size}")).unwrap();
            }
            let name = COMMANDS[rng.gen_range(0..COMMANDS.len())].name;
            if name == "quit" || name == "printsgf" {
                continue;
            }
            let mut line = name.to_string();
            for _ in 0..rng.gen_range(0..4) {
                line.push(' ');
                line.push_str(args[rng.gen_range(0..args.len())]);
            }
            let _ = run(&mut e, &line);
            e.game()
                .board()
                .check_invariants()
                .unwrap_or_else(|err| panic!("after '{line}': {err}\n{:?}", e.game().board()));
        }
    }

    #[test]
    fn one_table_answers_list_commands_known_command_and_help() {
        let mut e = engine();
        let listed = run(&mut e, "list_commands").unwrap();
        let names: Vec<&str> = listed.lines().collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "a command is listed twice");
        assert_eq!(run(&mut e, "help").unwrap(), listed);
        for name in &names {
            assert_eq!(
                run(&mut e, &format!("known_command {name}")).unwrap(),
                "true"
            );
            let help = run(&mut e, &format!("help {name}")).unwrap();
            assert!(help.starts_with(&format!("{name} ")) && help.len() > name.len() + 3);
        }
        assert!(!names.contains(&"kgs-chat"));
        assert_eq!(run(&mut e, "known_command kgs-chat").unwrap(), "false");
        assert_eq!(
            run(&mut e, "help no_such_command"),
            Err("unknown command".into())
        );
    }

    #[test]
    fn kgs_chat_is_opt_in_and_answers_briefly() {
        let mut off = engine();
        assert_eq!(run(&mut off, "known_command kgs-chat").unwrap(), "false");
        assert!(run(&mut off, "kgs-chat private bob hi").is_err());
        let mut on = Engine::new(PlayerOptions {
            kgs_chat: true,
            ..PlayerOptions::default()
        });
        assert_eq!(run(&mut on, "known_command kgs-chat").unwrap(), "true");
        assert!(run(&mut on, "list_commands").unwrap().ends_with("kgs-chat"));
        let rules = run(&mut on, "kgs-chat game bob which rules?").unwrap();
        assert!(
            rules.contains("chinese") && !rules.contains('\n'),
            "{rules}"
        );
        assert!(run(&mut on, "kgs-chat private bob ko?")
            .unwrap()
            .contains("positional"));
        assert!(run(&mut on, "kgs-chat private bob").is_err());
    }

    #[test]
    fn genmove_plays_legal_moves_under_every_rule_on_tiny_boards() {
        for (rule, _) in crate::rules::ko::KO_RULES {
            for size in [2, 3, 4] {
                let mut e = engine();
                run(&mut e, &format!("boardsize {size}")).unwrap();
                run(&mut e, &format!("ko-rule {rule}")).unwrap();
                run(&mut e, "rules suicide=all").unwrap();
                for i in 0..40 {
                    let color = if i % 2 == 0 { "b" } else { "w" };
                    let mv = run(&mut e, &format!("genmove {color}")).unwrap();
                    assert!(!mv.is_empty());
                    if mv == "resign" {
                        break;
                    }
                }
            }
        }
    }
}
