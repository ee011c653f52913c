//! The clock: GTP's `time_settings` and `time_left`, and KGS's `kgs-time_settings`. The
//! player budgets its moves from what these report.

use super::command::{parse_color, parse_int, syntax, CommandSpec, Engine, Reply};
use super::output::Output;
use super::protocol::Command;
use crate::search::time::TimeSystem;

/// The family's commands.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec::new(
        "time_settings",
        "MAIN BYO_YOMI STONES: Canadian time (seconds)",
        time_settings,
    ),
    CommandSpec::new(
        "time_left",
        "COLOR TIME STONES: the time left on the clock",
        time_left,
    ),
    CommandSpec::new(
        "kgs-time_settings",
        "none|absolute|byoyomi|canadian ...: KGS's clock",
        kgs_time_settings,
    ),
];

fn time_settings(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let a = &c.args;
    if a.len() < 3 {
        return Err(syntax("expected main_time byo_yomi_time byo_yomi_stones"));
    }
    let main = parse_int(&a[0])?;
    let byo = parse_int(&a[1])?;
    let stones = parse_int(&a[2])?;
    let system = TimeSystem::from_gtp(main as f64, byo as f64, stones as u32);
    e.player.set_time_system(system);
    Ok(String::new())
}

/// KGS's `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS |
/// canadian MAIN PERIOD STONES`.
fn kgs_time_settings(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let a = &c.args;
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
    e.player.set_time_system(system);
    Ok(String::new())
}

fn time_left(e: &mut Engine, c: &Command, _: &mut Output) -> Reply {
    let a = &c.args;
    if a.len() < 3 {
        return Err(syntax("expected color time stones"));
    }
    let color = parse_color(a.first())?;
    let time = parse_int(&a[1])?;
    let stones = parse_int(&a[2])?;
    e.player.time_left(color, time as f64, stones as u32);
    Ok(String::new())
}
