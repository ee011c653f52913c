//! The rules: `rules`, `ko-rule`, KataGo's `kata-get-rules`, `kata-set-rules` and
//! `kata-set-rule` ([`super::kata_rules`]), KGS's `kgs-rules`, and what the ko rule bans now
//! (`ko-bans`, `ko-hot_stones`).

use super::command::{parse_color, syntax, CommandSpec, Engine, Reply};
use super::kata_rules;
use super::output::Output;
use super::protocol::Command;
use crate::rules::{KoRule, Ruleset};

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new(
        "rules",
        "[PRESET|KEY=VALUE...]: shows or sets the rules",
        rules,
    )
    .gogui(6, "string", "Rules", ""),
    CommandSpec::new("ko-rule", "[RULE]: shows or sets the ko rule", ko_rule),
    CommandSpec::new(
        "kata-get-rules",
        "the rules as KataGo's JSON object",
        |e, c, _| kata_rules::get_rules(e.player.game(), e.friendly_pass_ok, &c.args),
    ),
    CommandSpec::new(
        "kata-set-rules",
        "PRESET|JSON: sets the rules in KataGo's words",
        |e, c, _| kata_rules::set_rules(e.player.game_mut(), &mut e.friendly_pass_ok, &c.args),
    ),
    CommandSpec::new(
        "kata-set-rule",
        "KEY VALUE: sets one of KataGo's rules keys",
        |e, c, _| kata_rules::set_rule(e.player.game_mut(), &mut e.friendly_pass_ok, &c.args),
    ),
    CommandSpec::new(
        "kgs-rules",
        "japanese|chinese|aga|new_zealand: KGS's rules",
        kgs_rules,
    ),
    CommandSpec::new(
        "ko-bans",
        "[COLOR]: the moves the ko rule bans, each with the reason",
        ko_bans,
    )
    .gogui(2, "string", "Ko bans (text)", "%c"),
    CommandSpec::new(
        "ko-hot_stones",
        "the Ing-Spight rule's hot stones",
        |e, _, _| Ok(e.vertices(&e.player.game().hot_stones())),
    ),
];

/// Puts `rules` in force. A preset's komi comes with it unless the controller has set
/// komi: `--rules`, `rules PRESET` and `kgs-rules` all behave so.
fn put_rules_in_force(e: &mut Engine, rules: Ruleset) {
    e.player.game_mut().set_rules(rules);
    if !e.komi_set {
        e.player.game_mut().set_komi(rules.komi);
    }
}

fn rules(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let a = &c.args;
    if a.is_empty() {
        let r = e.player.rules_in_force();
        let name = Ruleset {
            komi: e.player.game().rules().komi,
            ..r
        }
        .preset_name()
        .unwrap_or("custom");
        return Ok(format!("{r} preset={name}"));
    }
    let mut rules = *e.player.game().rules();
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
            e.player.game_mut().set_rules(rules);
            e.player.game_mut().set_komi(k);
            e.komi_set = true;
        }
        None => put_rules_in_force(e, rules),
    }
    Ok(String::new())
}

fn ko_rule(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    match c.args.first() {
        None => Ok(e.player.game().rules().ko.to_string()),
        Some(name) => {
            let ko: KoRule = name.parse().map_err(|_| "unknown ko rule".to_string())?;
            let mut rules = *e.player.game().rules();
            rules.ko = ko;
            e.player.game_mut().set_rules(rules);
            Ok(String::new())
        }
    }
}

fn kgs_rules(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let name = c
        .args
        .first()
        .ok_or_else(|| syntax("kgs-rules needs a name"))?;
    match name.to_ascii_lowercase().as_str() {
        "japanese" | "chinese" | "aga" | "new_zealand" | "newzealand" => {
            let rules = Ruleset::preset(name).expect("preset");
            put_rules_in_force(e, rules);
            Ok(String::new())
        }
        _ => Err("unknown rules".into()),
    }
}

fn ko_bans(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let game = e.player.game();
    let color = match c.args.first() {
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
