//! The GTP command set: one method per command, over a [`Player`](crate::player::Player).

use super::output::Output;
use super::protocol::Command;
use super::{analyze, gogui};
use crate::board::{Cell, Color, Coord, Point, MAX_SIZE, MIN_SIZE};
use crate::game::Game;
use crate::player::handicap::fixed_handicap;
use crate::player::{Player, PlayerOptions};
use crate::rules::{KoRule, Ruleset};
use crate::score::status::Status;
use crate::search::time::{Clock, TimeSystem};
use crate::search::{self, SearchMove};
use crate::sgf::{self, SgfGame};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Every command the engine knows, in the order `list_commands` prints them.
pub const COMMANDS: &[&str] = &[
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
    "gogui-rules_game_id",
    "gogui-rules_board_size",
    "gogui-rules_side_to_move",
    "gogui-rules_board",
    "gogui-rules_captured_count",
    "gogui-rules_legal_moves",
    "gogui-rules_final_result",
    "rules",
    "ko-rule",
    "kgs-rules",
    "ko-bans",
    "ko-hot_stones",
    "kgs-time_settings",
    "kgs-game_over",
    "kgs-genmove_cleanup",
    "ko-classify",
    "ko-classify_detail",
    "gogui-interrupt",
    "gogui-analyze_commands",
    "koan-gfx_legal",
    "koan-gfx_hot_stones",
    "koan-gfx_ko_types",
    "koan-param",
    "koan-gfx_ownership",
    "koan-best_moves",
    "koan-pv",
    "lz-analyze",
    "kata-analyze",
    "analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
    "genmove_analyze",
];

/// The protocol's state: the player behind it, and what the protocol itself keeps (the
/// input watch, the line being run, whether `quit` was asked).
pub struct Engine {
    player: Player,
    quit: bool,
    input: super::InputWatch,
    /// Input line number of the command being run (see [`super::InputWatch`]).
    line: u64,
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
        }
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
        let streamed = streamed.strip_prefix("=\n").unwrap_or(&streamed);
        result.map(|body| format!("{streamed}{body}").trim_end().to_string())
    }

    /// Runs the command read as input line `line`. A streaming command writes its response
    /// to `out` as it goes; the others return it.
    pub fn execute_streaming(&mut self, cmd: &Command, line: u64, out: &mut Output) -> Reply {
        self.player.stop_pondering();
        self.line = line;
        let a = &cmd.args;
        if let Some(reply) = super::ko_classify::command(self.player.game(), &cmd.name, a) {
            return reply;
        }
        if let Some(reply) = {
            let (game, options) = self.player.game_and_options_mut();
            super::gogui::command(game, options, &cmd.name, a)
        } {
            return reply;
        }
        if let Some(request) = analyze::parse(&cmd.name, a) {
            return self.analyze(request?, out);
        }
        if gogui::SEARCH_COMMANDS.contains(&cmd.name.as_str()) {
            let snap = self.search_snapshot();
            return Ok(gogui::search_response(
                &cmd.name,
                snap.as_ref(),
                self.player.game().board(),
            ));
        }
        match cmd.name.as_str() {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("koan".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let name = a
                    .first()
                    .ok_or_else(|| syntax("known_command needs a name"))?;
                Ok(self.commands().any(|c| c == name).to_string())
            }
            "list_commands" => Ok(self.commands().collect::<Vec<_>>().join("\n")),
            "kgs-chat" if self.player.options().kgs_chat => self.kgs_chat(a),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(a),
            "clear_board" => {
                self.clear_board();
                Ok(String::new())
            }
            "komi" => {
                let komi = parse_float(a.first())?;
                self.player.game_mut().set_komi(komi);
                Ok(String::new())
            }
            "fixed_handicap" => self.fixed_handicap(a),
            "place_free_handicap" => self.place_free_handicap(a),
            "set_free_handicap" => self.set_free_handicap(a),
            "play" => self.play(a),
            "genmove" => self.genmove(a, true),
            "reg_genmove" => self.genmove(a, false),
            "undo" => {
                if self.player.game_mut().undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo".into())
                }
            }
            "time_settings" => self.time_settings(a),
            "kgs-time_settings" => self.kgs_time_settings(a),
            "kgs-game_over" => {
                self.player
                    .stop_flag()
                    .store(true, std::sync::atomic::Ordering::SeqCst);
                Ok(String::new())
            }
            "kgs-genmove_cleanup" => self.genmove_cleanup(a),
            "time_left" => self.time_left(a),
            "final_score" => Ok(self.final_score()),
            "final_status_list" => self.final_status_list(a),
            "loadsgf" => self.loadsgf(a),
            "printsgf" => self.printsgf(a),
            "showboard" => Ok(self.showboard()),
            "is_legal" => {
                let (color, point) = self.color_and_move(a)?;
                Ok(if self.player.game().is_legal(color, point) {
                    "1"
                } else {
                    "0"
                }
                .into())
            }
            "all_legal" => {
                let color = parse_color(a.first())?;
                Ok(self.vertices(&self.player.game().legal_plays(color)))
            }
            "gogui-rules_game_id" => Ok("Go".into()),
            "gogui-rules_board_size" => Ok(self.player.game().size().to_string()),
            "gogui-rules_side_to_move" => Ok(self.player.game().to_move().to_string()),
            "gogui-rules_board" => Ok(self.rules_board()),
            "gogui-rules_captured_count" => {
                let b = self.player.game().board();
                Ok(format!(
                    "{} {}",
                    b.captures(Color::White),
                    b.captures(Color::Black)
                ))
            }
            "gogui-rules_legal_moves" => {
                if self.player.game().is_over() {
                    return Ok(String::new());
                }
                let color = self.player.game().to_move();
                let mut moves = self.vertices(&self.player.game().legal_plays(color));
                if self.player.game().is_legal(color, Point::PASS) {
                    if !moves.is_empty() {
                        moves.push(' ');
                    }
                    moves.push_str("pass");
                }
                Ok(moves)
            }
            "gogui-rules_final_result" => Ok(if self.player.game().is_over() {
                self.final_score()
            } else {
                "unknown".into()
            }),
            "rules" => self.rules(a),
            "ko-rule" => match a.first() {
                None => Ok(self.player.game().rules().ko.to_string()),
                Some(name) => {
                    let ko: KoRule = name.parse().map_err(|_| "unknown ko rule".to_string())?;
                    let mut rules = *self.player.game().rules();
                    rules.ko = ko;
                    self.player.game_mut().set_rules(rules);
                    Ok(String::new())
                }
            },
            "kgs-rules" => {
                let name = a.first().ok_or_else(|| syntax("kgs-rules needs a name"))?;
                match name.to_ascii_lowercase().as_str() {
                    "japanese" | "chinese" | "aga" | "new_zealand" | "newzealand" => {
                        let rules = Ruleset::preset(name).expect("preset");
                        self.player.game_mut().set_rules(rules);
                        Ok(String::new())
                    }
                    _ => Err("unknown rules".into()),
                }
            }
            "ko-bans" => {
                let color = match a.first() {
                    Some(c) => parse_color(Some(c))?,
                    None => self.player.game().to_move(),
                };
                let board = self.player.game().board();
                let mut lines: Vec<String> = self
                    .game()
                    .ko_bans(color)
                    .iter()
                    .map(|(p, ban)| format!("{} {ban}", board.vertex(*p)))
                    .collect();
                if let Some(why) = self.player.game().pass_ban(color) {
                    lines.push(format!("pass wmsg2008: {why}"));
                }
                Ok(lines.join("\n"))
            }
            "ko-hot_stones" => {
                let hot = crate::rules::ko::Past::ing(self.player.game().memory()).hot_stones();
                Ok(self.vertices(hot))
            }
            _ => Err("unknown command".into()),
        }
    }

    /// The commands this engine answers: [`COMMANDS`], plus `kgs-chat` when enabled.
    fn commands(&self) -> impl Iterator<Item = &'static str> {
        let chat = self.player.options().kgs_chat.then_some("kgs-chat");
        COMMANDS.iter().copied().chain(chat)
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
        Ok(String::new())
    }

    fn clear_board(&mut self) {
        self.player.clear_board();
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
            tracing::info!("illegal move {} {}: {why}", color, a[1]);
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
        self.player.game_mut().set_rules(rules);
        if let Some(k) = komi {
            self.player.game_mut().set_komi(k);
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
        let (rules, komi) = (*self.player.game().rules(), self.player.game().komi());
        let game = Game::from_sgf(&record, rules, komi, limit)
            .map_err(|e| format!("cannot load file: {e}"))?;
        self.player.set_game(game);
        Ok(self.player.game().to_move().to_string())
    }

    fn printsgf(&self, a: &[String]) -> Reply {
        let text = sgf::write(&self.to_sgf());
        match a.first() {
            Some(file) => {
                std::fs::write(file, &text).map_err(|e| format!("cannot write file: {e}"))?;
                Ok(String::new())
            }
            None => Ok(text.replace("\n\n", "\n")),
        }
    }

    /// The game as a record, with the rules' standard name or koan's own spelling, and the
    /// result when the game is over.
    fn to_sgf(&self) -> SgfGame {
        let game = self.player.game();
        let rules = match game.rules().preset_name() {
            Some(name) => name.to_string(),
            None => self.rules_in_force().to_string(),
        };
        let result = game.is_over().then(|| self.final_score());
        game.to_sgf(rules, result)
    }
}

/// Largest SGF file `loadsgf` reads.
const MAX_SGF_BYTES: u64 = 32 << 20;

/// Reads a game record: regular files only (not devices or pipes, which could block or never
/// end), at most [`MAX_SGF_BYTES`].
fn read_record(path: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(format!("'{path}' is not a regular file"));
    }
    if meta.len() > MAX_SGF_BYTES {
        return Err(format!(
            "'{path}' is larger than {} MiB",
            MAX_SGF_BYTES >> 20
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SGF_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
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
            let name = COMMANDS[rng.gen_range(0..COMMANDS.len())];
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
