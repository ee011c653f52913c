//! Choosing moves and scoring the game: `genmove`, `reg_genmove`, KGS's
//! `kgs-genmove_cleanup` and `kgs-game_over`, `final_score` and `final_status_list`.

use super::command::{parse_color, syntax, CommandSpec, Engine, Reply};
use super::output::Output;
use super::protocol::Command;
use crate::board::Point;
use crate::score::status::Status;
use crate::search::SearchMove;

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new(
        "genmove",
        "COLOR: chooses a move and plays it",
        |e, c, _| genmove(e, &c.args, true),
    ),
    CommandSpec::new(
        "reg_genmove",
        "COLOR: the move genmove would choose, not played",
        |e, c, _| genmove(e, &c.args, false),
    ),
    CommandSpec::new("kgs-game_over", "KGS says the game is over", |e, _, _| {
        e.player
            .stop_flag()
            .store(true, std::sync::atomic::Ordering::SeqCst);
        Ok(String::new())
    }),
    CommandSpec::new(
        "kgs-genmove_cleanup",
        "COLOR: a move that captures dead stones first",
        genmove_cleanup,
    ),
    CommandSpec::new(
        "final_score",
        "the result with the dead stones removed",
        |e, _, _| Ok(e.player.final_score()),
    ),
    CommandSpec::new(
        "final_status_list",
        "alive|dead|seki: the stones of that status",
        final_status_list,
    ),
];

fn genmove(e: &mut Engine, a: &[String], play: bool) -> Reply {
    let color = parse_color(a.first())?;
    e.input.start_search(e.line);
    let chosen = e.player.genmove(color, play).map_err(|e| e.to_string())?;
    Ok(spell(e, chosen))
}

/// A chosen move as GTP spells it.
pub(super) fn spell(e: &Engine, chosen: SearchMove) -> String {
    match chosen {
        SearchMove::Resign => "resign".into(),
        SearchMove::Pass => e.player.game().board().vertex(Point::PASS),
        SearchMove::Play(p) => e.player.game().board().vertex(p),
    }
}

/// `kgs-genmove_cleanup`: while stones the engine judges dead remain for the opponent,
/// play against them (KGS's cleanup phase: they must be captured, not argued about);
/// otherwise an ordinary genmove. Never passes while such stones remain.
fn genmove_cleanup(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let color = parse_color(c.args.first())?;
    match e.player.cleanup_play(color) {
        Some(point) => {
            e.player
                .game_mut()
                .play(color, point)
                .map_err(|e| format!("internal error: cleanup chose an illegal move ({e})"))?;
            Ok(e.player.game().board().vertex(point))
        }
        None => genmove(e, &c.args, true),
    }
}

fn final_status_list(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let which = c
        .args
        .first()
        .ok_or_else(|| syntax("expected alive, dead or seki"))?;
    let status = match which.as_str() {
        "alive" => Status::Alive,
        "dead" => Status::Dead,
        "seki" => Status::Seki,
        other => return Err(syntax(format!("unknown status '{other}'"))),
    };
    let points = e.player.status().list(e.player.game().board(), status);
    Ok(e.vertices(&points))
}
