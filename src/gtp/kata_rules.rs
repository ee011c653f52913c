//! KataGo's rules commands: `kata-get-rules`, `kata-set-rules RULES` and `kata-set-rule KEY
//! VALUE`, in KataGo's words ([`crate::rules::katago`] maps them onto koan's rules).
//!
//! As in KataGo, setting rules leaves the komi alone. A GTP game gives White no points for
//! handicap stones (`whiteHandicapBonus` is `"0"`): a rules object or `kata-set-rule` asking
//! for `N` or `N-1` is refused, and a preset that has a bonus (`chinese`, `aga`) is taken
//! without it, with a warning on standard error; the controller adds the bonus to the komi
//! if it wants one.

use crate::game::Game;
use crate::rules::katago::{HandicapBonus, KataRules};

/// The rules in force as KataGo's JSON object (no komi).
pub fn get_rules(game: &Game, friendly_pass_ok: bool, args: &[String]) -> Result<String, String> {
    if !args.is_empty() {
        return Err(format!(
            "Expected no arguments for kata-get-rules but got '{}'",
            args.join(" ")
        ));
    }
    let kata = KataRules {
        friendly_pass_ok,
        ..KataRules::new(*game.rules())
    };
    Ok(kata.to_json().to_string())
}

/// `kata-set-rules RULES`: a preset name, a JSON object or KataGo's compact form.
pub fn set_rules(
    game: &mut Game,
    friendly_pass_ok: &mut bool,
    args: &[String],
) -> Result<String, String> {
    let text = args.join(" ");
    let kata = KataRules::parse(&text).map_err(|e| format!("Unknown rules '{text}', {e}"))?;
    if kata.white_handicap_bonus != HandicapBonus::Zero {
        if text.trim_start().starts_with('{') {
            return Err(no_bonus());
        }
        tracing::warn!(
            "kata-set-rules {text}: White gets no handicap bonus (whiteHandicapBonus {}) in a \
             GTP game; add it to the komi",
            kata.white_handicap_bonus.name()
        );
    }
    put_in_force(game, friendly_pass_ok, kata);
    Ok(String::new())
}

/// `kata-set-rule KEY VALUE`: one key of KataGo's rules object.
pub fn set_rule(
    game: &mut Game,
    friendly_pass_ok: &mut bool,
    args: &[String],
) -> Result<String, String> {
    let [key, value] = args else {
        return Err(format!(
            "Expected two arguments for kata-set-rule but got '{}'",
            args.join(" ")
        ));
    };
    let mut kata = KataRules {
        friendly_pass_ok: *friendly_pass_ok,
        ..KataRules::new(*game.rules())
    };
    kata.set_rule(key, value)?;
    if kata.white_handicap_bonus != HandicapBonus::Zero {
        return Err(no_bonus());
    }
    put_in_force(game, friendly_pass_ok, kata);
    Ok(String::new())
}

fn no_bonus() -> String {
    "koan gives White no handicap bonus in a GTP game (whiteHandicapBonus 0 only); add it to \
     the komi"
        .into()
}

fn put_in_force(game: &mut Game, friendly_pass_ok: &mut bool, kata: KataRules) {
    tracing::info!("rules now {}", kata.rules);
    game.set_rules(kata.rules);
    *friendly_pass_ok = kata.friendly_pass_ok;
}
