//! GoGui's analyze commands: `gogui-analyze_commands` lists them as `type/label/command`
//! lines, and GoGui draws each response on its board. Without a search: legal moves and ko
//! bans with the clause that bans each point (`gfx`), Ing-Spight hot stones (`gfx`), ko
//! types (`gfx` labels), and the engine's parameters (`param`: threads, playouts, time per
//! move, ko rule and rules preset, each read and set). From a search the engine runs as for
//! `genmove`: ownership (`gfx INFLUENCE`), the best moves with their win rates (`pspairs`)
//! and the principal variation (`var`), formatted by [`search_response`].
//! `gogui-interrupt` announces that a running command stops at GoGui's `# interrupt` line
//! (see [`super::input`]). Each command's row in [`COMMANDS`] carries its place in the menu.

use super::command::{CommandSpec, Engine, Reply};
use super::output::Output;
use super::protocol::Command;
use crate::board::{Board, Color, Coord, Point};
use crate::game::Game;
use crate::ko_types::pass_rule::PassBasis;
use crate::ko_types::{Classifier, KoType, Location};
use crate::player::PlayerOptions;
use crate::rules::ko::{KoRule, KO_RULES};
use crate::rules::{Ruleset, PRESETS};
use crate::search::Snapshot;

/// The family's commands: GoGui's interrupt support, its analyze menu, and the analyze
/// commands that draw on GoGui's board.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new(
        "gogui-interrupt",
        "GoGui's interrupt support (# interrupt)",
        |_, _, _| Ok(String::new()),
    ),
    CommandSpec::new(
        "gogui-analyze_commands",
        "GoGui's analyze commands",
        |e, _, _| Ok(e.analyze_menu()),
    ),
    CommandSpec::new(
        "koan-gfx_legal",
        "[COLOR]: the legal moves, for GoGui",
        |e, c, _| {
            let game = e.player.game();
            color_arg(game, &c.args).map(|color| legal_gfx(game, color))
        },
    )
    .gogui(1, "gfx", "Legal moves and ko bans", "%c"),
    CommandSpec::new(
        "koan-gfx_hot_stones",
        "the hot stones, for GoGui",
        |e, _, _| Ok(hot_stones_gfx(e.player.game())),
    )
    .gogui(3, "gfx", "Hot stones (Ing-Spight)", ""),
    CommandSpec::new(
        "koan-gfx_ko_types",
        "the kos' types, for GoGui",
        |e, _, _| {
            Ok(ko_types_gfx(
                e.player.game(),
                &e.player.options().ko_classifier(),
            ))
        },
    )
    .gogui(4, "gfx", "Ko types", ""),
    CommandSpec::new(
        "koan-param",
        "[KEY VALUE]: GoGui's parameter dialog",
        |e, c, _| {
            let (game, options) = e.player.game_and_options_mut();
            param(game, options, &c.args)
        },
    )
    .gogui(7, "param", "Engine parameters", ""),
    CommandSpec::new(
        "koan-gfx_ownership",
        "a search's ownership, for GoGui",
        search_command,
    )
    .gogui(8, "gfx", "Ownership", ""),
    CommandSpec::new(
        "koan-best_moves",
        "a search's best moves, for GoGui",
        search_command,
    )
    .gogui(9, "pspairs", "Best moves", ""),
    CommandSpec::new(
        "koan-pv",
        "a search's principal variation, for GoGui",
        search_command,
    )
    .gogui(10, "var", "Principal variation", ""),
];

/// GoGui's analyze commands that show a search for the player to move, made as `genmove`
/// makes it.
fn search_command(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    e.input.start_search(e.line);
    let snap = e.player.snapshot();
    Ok(search_response(
        &c.name,
        snap.as_ref(),
        e.player.game().board(),
    ))
}

fn color_arg(game: &Game, args: &[String]) -> Result<Color, String> {
    match args.first() {
        None => Ok(game.to_move()),
        Some(text) => text
            .parse::<Color>()
            .map_err(|e| format!("syntax error: {e}")),
    }
}

fn list(board: &Board, points: impl IntoIterator<Item = Point>) -> String {
    points
        .into_iter()
        .map(|p| board.vertex(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A `gfx` line `KEYWORD P P ...`, or nothing when there are no points.
fn points_line(lines: &mut Vec<String>, keyword: &str, board: &Board, points: &[Point]) {
    if !points.is_empty() {
        lines.push(format!("{keyword} {}", list(board, points.iter().copied())));
    }
}

/// A label of at most three characters for the clause of a ko ban.
pub fn clause_label(clause: &str) -> &'static str {
    match clause {
        "simple" => "KO",
        "positional" => "PSK",
        "situational" => "SSK",
        "natural-situational" => "NSK",
        "spight" => "SPK",
        "fixed" => "FIX",
        "pass-for-ko" => "PFK",
        "ing-spight hot stone" => "HOT",
        "ing-spight odd cycle" => "ODD",
        _ => "BAN",
    }
}

/// `koan-gfx_legal [COLOR]`: squares on the legal board plays, a red field and a label
/// naming the clause on each point the ko rule bans, and a status line with the reasons.
pub fn legal_gfx(game: &Game, color: Color) -> String {
    let board = game.board();
    let legal = game.legal_plays(color);
    let bans = game.ko_bans(color);
    let banned: Vec<Point> = bans.iter().map(|(p, _)| *p).collect();
    let mut lines = Vec::new();
    points_line(&mut lines, "SQUARE", board, &legal);
    points_line(&mut lines, "COLOR red", board, &banned);
    if !bans.is_empty() {
        let labels: Vec<String> = bans
            .iter()
            .map(|(p, ban)| format!("{} {}", board.vertex(*p), clause_label(ban.clause.as_str())))
            .collect();
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    let pass = match game.pass_ban(color) {
        None => "pass legal".to_string(),
        Some(why) => format!("pass banned (wmsg2008: {why})"),
    };
    let mut text = format!(
        "TEXT {color}: {} legal plays, {pass}; ko rule {}",
        legal.len(),
        game.rules().ko
    );
    if bans.is_empty() {
        text.push_str(": no ko bans");
    }
    for (i, (p, ban)) in bans.iter().enumerate() {
        let sep = if i == 0 { ": " } else { "; " };
        text.push_str(&format!("{sep}{} banned ({ban})", board.vertex(*p)));
    }
    lines.push(text);
    lines.join("\n")
}

/// `koan-gfx_hot_stones`: triangles on the stones the Ing-Spight rule counts as hot.
pub fn hot_stones_gfx(game: &Game) -> String {
    let board = game.board();
    let hot = game.hot_stones();
    let mut lines = Vec::new();
    points_line(&mut lines, "TRIANGLE", board, &hot);
    let rule = game.rules().ko;
    let note = if rule == KoRule::IngSpight {
        String::new()
    } else {
        format!(" (the ko rule in force is {rule})")
    };
    lines.push(match hot.len() {
        0 => format!("TEXT no hot stones under ing-spight{note}"),
        n => format!(
            "TEXT {n} hot stone{} under ing-spight: {}{note}",
            if n == 1 { "" } else { "s" },
            list(board, hot.iter().copied())
        ),
    });
    lines.join("\n")
}

/// A label of at most three characters for a ko type: `i` or `e` for internal or external,
/// then `F` fighting, `DD` disturbing death, `DK` dead ko, `DL` disturbing life.
pub fn ko_type_label(ko_type: KoType, location: Location) -> String {
    let kind = match ko_type {
        KoType::Fighting => "F",
        KoType::DisturbingDeath => "DD",
        KoType::DeadKo => "DK",
        KoType::DisturbingLife => "DL",
        KoType::Unknown => return "?".into(),
    };
    let place = match location {
        Location::Internal => "i",
        Location::External => "e",
        Location::Unknown => "",
    };
    format!("{place}{kind}")
}

/// `koan-gfx_ko_types`: each basic ko's type as a label on its empty point (with `?` after
/// it when it rests on strings judged alive, `basis=judged`), a circle on the stone that can
/// be captured, a field colour per type and the full types on the status line.
pub fn ko_types_gfx(game: &Game, classifier: &Classifier) -> String {
    let board = game.board();
    let reports = classifier.classify_all(game);
    if reports.is_empty() {
        return "TEXT no basic ko".into();
    }
    let mut lines = Vec::new();
    let labels: Vec<String> = reports
        .iter()
        .map(|r| {
            let judged = if r.judged_walls.is_empty() { "" } else { "?" };
            format!(
                "{} {}{judged}",
                board.vertex(r.ko.empty),
                ko_type_label(r.ko_type, r.location)
            )
        })
        .collect();
    lines.push(format!("LABEL {}", labels.join(" ")));
    let stones: Vec<Point> = reports.iter().map(|r| r.ko.stone).collect();
    points_line(&mut lines, "CIRCLE", board, &stones);
    for (color, kinds) in [
        ("red", &[KoType::Fighting][..]),
        (
            "yellow",
            &[KoType::DisturbingDeath, KoType::DisturbingLife][..],
        ),
        ("gray", &[KoType::DeadKo][..]),
    ] {
        let points: Vec<Point> = reports
            .iter()
            .filter(|r| kinds.contains(&r.ko_type))
            .map(|r| r.ko.empty)
            .collect();
        points_line(&mut lines, &format!("COLOR {color}"), board, &points);
    }
    let text: Vec<String> = reports
        .iter()
        .map(|r| {
            format!(
                "{}: {} {}, open for {} ({})",
                board.vertex(r.ko.empty),
                r.location.name(),
                r.ko_type.name(),
                r.ko.open,
                r.basis()
            )
        })
        .collect();
    lines.push(format!("TEXT {}", text.join("; ")));
    lines.join("\n")
}

/// Moves `koan-best_moves` labels at most.
const BEST_MOVES: usize = 10;

/// The response of a search command (`koan-gfx_ownership`, `koan-best_moves`, `koan-pv`) from the search's final state
/// (`None`: the move was clear without searching, e.g. no move but a pass).
pub fn search_response(name: &str, snap: Option<&Snapshot>, board: &Board) -> String {
    let Some(snap) = snap.filter(|s| !s.moves.is_empty()) else {
        return match name {
            "koan-gfx_ownership" => "TEXT no search: the move is clear without one".into(),
            _ => String::new(),
        };
    };
    match name {
        "koan-best_moves" => snap
            .moves
            .iter()
            .filter(|m| !m.point.is_pass())
            .take(BEST_MOVES)
            .map(|m| format!("{} {:.0}%", board.vertex(m.point), 100.0 * m.winrate))
            .collect::<Vec<_>>()
            .join(" "),
        "koan-pv" => list(board, snap.moves[0].pv.iter().copied()),
        _ => ownership_gfx(snap, board),
    }
}

/// `INFLUENCE` of every point (+1: Black owns it) and the expected result.
fn ownership_gfx(snap: &Snapshot, board: &Board) -> String {
    let n = board.size();
    let mut lines = Vec::new();
    if snap.ownership.len() == n * n {
        let top_down = (0..n)
            .rev()
            .flat_map(|row| (0..n).map(move |col| Coord::new(col, row)));
        let pairs: Vec<String> = top_down
            .zip(&snap.ownership)
            .map(|(c, v)| format!("{} {:.2}", board.vertex(board.point(c)), v + 0.0))
            .collect();
        lines.push(format!("INFLUENCE {}", pairs.join(" ")));
    }
    let black = match snap.color {
        Color::Black => snap.score_lead,
        Color::White => -snap.score_lead,
    };
    let result = if black.abs() < 0.05 {
        "even".to_string()
    } else if black > 0.0 {
        format!("B+{black:.1}")
    } else {
        format!("W+{:.1}", -black)
    };
    lines.push(format!(
        "TEXT expected result {result} after {} playouts",
        snap.playouts
    ));
    lines.join("\n")
}

/// The parameter keys of `koan-param`, in the order it lists them.
pub const PARAMS: &[&str] = &[
    "threads",
    "playouts",
    "time_per_move",
    "ko_rule",
    "rules_preset",
    "ko_classify_nodes",
    "ko_classify_time",
    "pass_rule_basis",
];

/// `koan-param`: the parameter list in GoGui's `param` format; `koan-param KEY` prints one
/// value; `koan-param KEY VALUE` sets it. `playouts 0` and `time_per_move 0` mean no limit;
/// `rules_preset custom` (a ruleset that matches no preset) changes nothing.
pub fn param(game: &mut Game, options: &mut PlayerOptions, args: &[String]) -> Reply {
    match args {
        [] => Ok(PARAMS
            .iter()
            .map(|key| {
                format!(
                    "{} {key} {}",
                    param_type(key),
                    param_value(game, options, key)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")),
        [key] => {
            check_key(key)?;
            Ok(param_value(game, options, key))
        }
        [key, value] => set_param(game, options, key, value),
        _ => Err("syntax error: expected KEY VALUE".into()),
    }
}

fn check_key(key: &str) -> Result<(), String> {
    if PARAMS.contains(&key) {
        Ok(())
    } else {
        Err(format!("unknown parameter '{key}' ({})", PARAMS.join(", ")))
    }
}

fn param_type(key: &str) -> String {
    match key {
        "ko_rule" => {
            let names: Vec<&str> = KO_RULES.iter().map(|(_, n)| *n).collect();
            format!("[list/{}]", names.join("/"))
        }
        "rules_preset" => format!("[list/{}/custom]", PRESETS.join("/")),
        "pass_rule_basis" => "[list/judged/exact]".into(),
        _ => "[string]".into(),
    }
}

fn param_value(game: &Game, options: &PlayerOptions, key: &str) -> String {
    match key {
        "threads" => options.threads.to_string(),
        "playouts" => options.playouts.unwrap_or(0).to_string(),
        "time_per_move" => options.time_per_move.unwrap_or(0.0).to_string(),
        "ko_rule" => game.rules().ko.to_string(),
        "rules_preset" => Ruleset {
            komi: game.rules().komi,
            ..*game.rules()
        }
        .preset_name()
        .unwrap_or("custom")
        .to_string(),
        "ko_classify_nodes" => options.ko_classify_nodes.to_string(),
        "ko_classify_time" => options.ko_classify_time.as_secs_f64().to_string(),
        "pass_rule_basis" => options.pass_basis.name().to_string(),
        _ => String::new(),
    }
}

fn set_param(game: &mut Game, options: &mut PlayerOptions, key: &str, value: &str) -> Reply {
    check_key(key)?;
    let bad = |what: &str| format!("{key}: '{value}' is not {what}");
    match key {
        "threads" => {
            options.threads = value
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=1024).contains(n))
                .ok_or_else(|| bad("a number of threads from 1 to 1024"))?;
        }
        "playouts" => {
            let n = value
                .parse::<u64>()
                .ok()
                .filter(|n| *n <= u64::MAX / 2)
                .ok_or_else(|| bad("a number of playouts (0: no limit)"))?;
            options.playouts = (n > 0).then_some(n);
        }
        "time_per_move" => {
            let secs = value
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && (0.0..1e6).contains(s))
                .ok_or_else(|| bad("a number of seconds (0: no limit)"))?;
            options.time_per_move = (secs > 0.0).then_some(secs);
        }
        "ko_classify_nodes" => {
            options.ko_classify_nodes =
                ko_classify_nodes(value).map_err(|e| format!("{key}: {e}"))?;
            options.game_maker().rejudge(game);
        }
        "ko_classify_time" => {
            options.ko_classify_time =
                ko_classify_seconds(value).map_err(|e| format!("{key}: {e}"))?;
            options.game_maker().rejudge(game);
        }
        "pass_rule_basis" => {
            options.pass_basis =
                PassBasis::from_name(value).ok_or_else(|| bad("judged or exact"))?;
            options.game_maker().rejudge(game);
        }
        "ko_rule" => {
            let ko: KoRule = value.parse().map_err(|_| "unknown ko rule".to_string())?;
            let mut rules = *game.rules();
            rules.ko = ko;
            game.set_rules(rules);
        }
        _ => {
            if value != "custom" {
                let rules = Ruleset::preset(value).ok_or_else(|| {
                    format!(
                        "unknown rules preset '{value}' (presets: {})",
                        PRESETS.join(", ")
                    )
                })?;
                game.set_rules(rules);
            }
        }
    }
    Ok(String::new())
}

/// The node budget of one ko classification (`--ko-classify-nodes`, `koan-param
/// ko_classify_nodes`): from 1 to a billion.
pub fn ko_classify_nodes(value: &str) -> Result<usize, String> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=1_000_000_000).contains(n))
        .ok_or_else(|| format!("'{value}' is not a number of nodes from 1 to 1000000000"))
}

/// The outer time limit of one ko classification, in seconds (`--ko-classify-time`,
/// `koan-param ko_classify_time`): above 0, at most an hour.
pub fn ko_classify_seconds(value: &str) -> Result<std::time::Duration, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
        .map(std::time::Duration::from_secs_f64)
        .ok_or_else(|| format!("'{value}' is not a number of seconds above 0, at most 3600"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn analyze_commands_follow_gogui_syntax() {
        let menu = super::super::engine::analyze_menu();
        for line in menu.lines() {
            let parts: Vec<&str> = line.split('/').collect();
            assert_eq!(parts.len(), 3, "{line}");
            assert!(
                ["gfx", "string", "param", "pspairs", "var", "dboard"].contains(&parts[0]),
                "{line}"
            );
            let name = parts[2].split(' ').next().unwrap();
            assert!(
                super::super::engine::all_commands()
                    .iter()
                    .any(|c| c.name == name),
                "{line}"
            );
        }
        // Every entry has a place of its own in the menu.
        let mut places: Vec<u8> = super::super::engine::all_commands()
            .iter()
            .filter_map(|c| c.analyze.map(|a| a.menu))
            .collect();
        let entries = places.len();
        places.sort_unstable();
        places.dedup();
        assert_eq!(places.len(), entries);
        assert_eq!(menu.lines().count(), entries);
    }

    #[test]
    fn params_round_trip() {
        let mut game = crate::testkit::new_game(9, Ruleset::default());
        let mut options = PlayerOptions::default();
        for (key, value) in [
            ("threads", "3"),
            ("playouts", "500"),
            ("time_per_move", "2.5"),
            ("ko_rule", "situational"),
            ("rules_preset", "japanese"),
            ("ko_classify_nodes", "5000"),
            ("ko_classify_time", "2.5"),
            ("pass_rule_basis", "exact"),
            ("pass_rule_basis", "judged"),
        ] {
            param(&mut game, &mut options, &args(&[key, value])).unwrap();
            assert_eq!(
                param(&mut game, &mut options, &args(&[key])).unwrap(),
                value
            );
        }
        param(&mut game, &mut options, &args(&["ko_rule", "fixed"])).unwrap();
        assert_eq!(param_value(&game, &options, "rules_preset"), "custom");
        param(&mut game, &mut options, &args(&["rules_preset", "custom"])).unwrap();
        assert_eq!(game.rules().ko, KoRule::Fixed);
        param(&mut game, &mut options, &args(&["playouts", "0"])).unwrap();
        assert_eq!(options.playouts, None);
        for bad in [
            ["threads", "0"],
            ["threads", "x"],
            ["playouts", "-1"],
            ["time_per_move", "inf"],
            ["ko_rule", "martian"],
            ["rules_preset", "martian"],
            ["ko_classify_nodes", "0"],
            ["ko_classify_nodes", "many"],
            ["ko_classify_time", "0"],
            ["ko_classify_time", "-1"],
            ["ko_classify_time", "NaN"],
            ["pass_rule_basis", "maybe"],
            ["colour", "1"],
        ] {
            assert!(
                param(&mut game, &mut options, &args(&bad)).is_err(),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn every_param_line_parses_as_gogui_does() {
        let mut game = crate::testkit::new_game(9, Ruleset::default());
        let mut options = PlayerOptions::default();
        let text = param(&mut game, &mut options, &[]).unwrap();
        for (line, key) in text.lines().zip(PARAMS) {
            // GoGui: a type in brackets as one token, then the key, then the value.
            let (ty, rest) = line.split_once(' ').unwrap();
            assert!(ty.starts_with('[') && ty.ends_with(']'), "{line}");
            let (k, value) = rest.split_once(' ').unwrap();
            assert_eq!(k, *key);
            if let Some(items) = ty.strip_prefix("[list/") {
                let items: Vec<&str> = items.trim_end_matches(']').split('/').collect();
                assert!(items.contains(&value), "{line}");
            }
        }
    }

    #[test]
    fn clause_labels_cover_every_rule() {
        for clause in [
            "simple",
            "positional",
            "situational",
            "natural-situational",
            "spight",
            "fixed",
            "pass-for-ko",
            "ing-spight hot stone",
            "ing-spight odd cycle",
        ] {
            assert_ne!(clause_label(clause), "BAN", "{clause}");
        }
    }
}
