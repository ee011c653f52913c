//! The SGF file of a match game, written with koan's SGF writer plus the date (`DT`) and
//! how the game ended (`GC`).

use super::referee::{GameRecord, Setup};
use crate::sgf::{self, SgfGame};
use std::time::{SystemTime, UNIX_EPOCH};

/// The SGF text of `record`, played under `setup` by `black` and `white` (engine labels).
pub fn sgf_text(record: &GameRecord, setup: &Setup, black: &str, white: &str) -> String {
    let mut game = SgfGame::new(setup.size);
    game.komi = Some(setup.komi);
    if !setup.handicap.is_empty() {
        game.handicap = Some(setup.handicap.len() as u32);
        game.nodes[0].add_black = setup.handicap.clone();
    }
    game.rules = Some(rules_name(setup));
    game.result = Some(record.result());
    game.black_name = Some(black.to_string());
    game.white_name = Some(white.to_string());
    for &(color, coord) in &record.moves {
        game.push_move(color, coord);
    }
    let text = sgf::write(&game);
    let mut extra = String::from("DT");
    sgf::push_text_value(&mut extra, &today());
    extra.push_str("GC");
    sgf::push_text_value(&mut extra, &format!("koan match: {}", record.reason()));
    match text.strip_prefix("(;") {
        Some(rest) => format!("(;{extra}{rest}"),
        None => text,
    }
}

/// The rules for `RU`: the preset's name, else `Chinese` for the default area rules.
fn rules_name(setup: &Setup) -> String {
    setup
        .rules_preset
        .clone()
        .or_else(|| setup.rules.preset_name().map(str::to_string))
        .unwrap_or_else(|| setup.rules.to_string())
}

/// Today's date (UTC) as `YYYY-MM-DD`.
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_783), (2024, 3, 1));
        assert_eq!(today().len(), 10);
    }
}
