//! The GTP engine: the command table and the state the protocol keeps over a
//! [`Player`](crate::player::Player).
//!
//! Every command is one [`CommandSpec`] row in the table of its family, beside the function
//! that runs it: the protocol's own commands here, setting up the board in [`super::setup`],
//! moves and scoring in [`super::play`], clocks in [`super::time`], records in
//! [`super::records`], rules and ko bans in [`super::ruleset`], ko types in
//! [`super::ko_classify`], GoGui's extensions in [`super::gogui`] and [`super::gogui_rules`],
//! live analysis in [`super::analyze`], and the network's raw figures in [`super::network`].
//! Dispatch, `list_commands`, `known_command`, `help` and `gogui-analyze_commands` are all
//! built from these tables, so a new command is one row and one function in one family's
//! file.

pub use super::command::{AnalyzeEntry, CommandSpec, Engine, Handler, Reply};

use super::command::{self, syntax};
use super::output::Output;
use super::protocol::Command;
use super::{
    analyze, gogui, gogui_rules, ko_classify, network, play, records, ruleset, setup, time,
};
use crate::game::Game;
use crate::player::{Player, PlayerOptions};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The families' tables; `list_commands` lists GTP's standard commands first
/// ([`command::STANDARD`]), then the others family by family in this order.
const FAMILIES: &[&[CommandSpec]] = &[
    setup::COMMANDS,
    records::COMMANDS,
    gogui_rules::COMMANDS,
    ruleset::COMMANDS,
    time::COMMANDS,
    play::COMMANDS,
    ko_classify::COMMANDS,
    gogui::COMMANDS,
    analyze::COMMANDS,
    network::COMMANDS,
    COMMANDS,
];

/// The protocol's own commands.
const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new("protocol_version", "the GTP version: 2", |_, _, _| {
        Ok("2".into())
    }),
    CommandSpec::new("name", "the engine's name", |_, _, _| Ok("koan".into())),
    CommandSpec::new("version", "the engine's version", |_, _, _| {
        Ok(crate::VERSION.into())
    }),
    CommandSpec::new(
        "known_command",
        "NAME: true when the engine knows NAME",
        known_command,
    ),
    CommandSpec::new("list_commands", "the commands, one a line", |e, _, _| {
        Ok(e.commands().collect::<Vec<_>>().join("\n"))
    }),
    CommandSpec::new("quit", "ends the session", |e, _, _| {
        e.quit = true;
        Ok(String::new())
    }),
    CommandSpec::new("help", "[NAME]: the commands, or what NAME does", help),
    CommandSpec::new(
        "kgs-chat",
        "game|private NAME MESSAGE: a short reply (with --kgs-chat)",
        kgs_chat,
    )
    .listed_when(|e| e.player.options().kgs_chat),
];

/// Every command the engine knows, in the order `list_commands` prints them (those not
/// answered now included).
pub fn all_commands() -> Vec<&'static CommandSpec> {
    command::ordered(FAMILIES)
}

/// GoGui's analyze menu, `TYPE/LABEL/NAME ARGS` a line, built from the commands' entries.
pub fn analyze_menu() -> String {
    command::menu(FAMILIES)
}

impl Engine {
    /// A new engine on an empty 19x19 board.
    pub fn new(options: PlayerOptions) -> Engine {
        let network = options.network.as_ref().map(|n| n.evaluator());
        let player = Player::new(options);
        Engine {
            network,
            families: FAMILIES,
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
        let found = FAMILIES
            .iter()
            .flat_map(|f| f.iter())
            .find(|c| c.name == cmd.name && (c.listed)(self));
        match found {
            Some(command) => (command.run)(self, cmd, out),
            None => Err("unknown command".into()),
        }
    }

    /// The commands this engine answers now, in `list_commands` order.
    fn commands(&self) -> impl Iterator<Item = &'static str> + '_ {
        all_commands()
            .into_iter()
            .filter(|c| (c.listed)(self))
            .map(|c| c.name)
    }
}

fn known_command(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let name = c
        .args
        .first()
        .ok_or_else(|| syntax("known_command needs a name"))?;
    Ok(e.commands().any(|c| c == name).to_string())
}

/// `help`: the command list, as GNU Go answers; `help NAME`: NAME's line of help.
fn help(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    match c.args.first() {
        None => Ok(e.commands().collect::<Vec<_>>().join("\n")),
        Some(name) => all_commands()
            .into_iter()
            .find(|c| c.name == name && (c.listed)(e))
            .map(|c| format!("{} {}", c.name, c.help))
            .ok_or_else(|| "unknown command".to_string()),
    }
}

/// `kgs-chat game|private NAME MESSAGE...`: a short reply about the engine or the rules.
fn kgs_chat(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let a = &c.args;
    if a.len() < 3 {
        return Err(syntax("expected game|private NAME MESSAGE"));
    }
    let message = a[2..].join(" ").to_ascii_lowercase();
    let rules = e.player.rules_in_force();
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
        let all = all_commands();
        for i in 0..6000 {
            if i % 500 == 0 {
                let size = [2, 3, 4, 5, 7][rng.gen_range(0..5)];
                run(&mut e, &format!("boardsize {size}")).unwrap();
            }
            let name = all[rng.gen_range(0..all.len())].name;
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
