//! Opening suites for `koan match`: each game starts from the first moves of a game record,
//! so that the games of a match differ, and both colours play every opening.

use crate::board::{Color, Coord, Point};
use crate::ko_types::pass_rule::GameMaker;
use crate::rules::Ruleset;
use crate::sgf;
use std::path::{Path, PathBuf};

/// The first moves of one record.
pub type Opening = Vec<(Color, Option<Coord>)>;

/// Reads the openings of `path`, a `.sgf` file or a directory of them (sorted by name),
/// keeping the first `moves` moves of each; every record must be of board `size`, hold at
/// least `moves` moves and be legal under `rules`. `Err` names the file and the fault.
pub fn load(
    path: &Path,
    moves: usize,
    size: usize,
    rules: Ruleset,
) -> Result<Vec<Opening>, String> {
    let files: Vec<PathBuf> = if path.is_dir() {
        let entries =
            std::fs::read_dir(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(format!("no .sgf files in {}", path.display()));
        }
        files
    } else {
        vec![path.to_path_buf()]
    };
    files
        .iter()
        .map(|f| one(f, moves, size, rules).map_err(|e| format!("opening {}: {e}", f.display())))
        .collect()
}

/// The first `moves` moves of one record, checked.
fn one(path: &Path, moves: usize, size: usize, rules: Ruleset) -> Result<Opening, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let record = sgf::parse(&text).map_err(|e| e.message)?;
    if record.size != size {
        return Err(format!(
            "a {0}x{0} record for a {size}x{size} match",
            record.size
        ));
    }
    if record.nodes.iter().any(|n| n.has_setup()) {
        return Err("setup stones (AB/AW) are not supported".to_string());
    }
    let opening: Opening = record.moves().take(moves).collect();
    if opening.len() < moves {
        return Err(format!("only {} moves, {moves} needed", opening.len()));
    }
    let mut game = GameMaker::default().new_game(size, rules);
    for (i, &(color, coord)) in opening.iter().enumerate() {
        let point = coord.map_or(Point::PASS, |c| game.board().point(c));
        if color != game.to_move() {
            return Err(format!("move {} is not {}'s turn", i + 1, game.to_move()));
        }
        game.play(color, point)
            .map_err(|why| format!("move {} is illegal: {why}", i + 1))?;
    }
    Ok(opening)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn reads_files_and_directories_and_names_bad_ones() {
        let dir = std::env::temp_dir().join(format!("koan-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = write(&dir, "a.sgf", "(;SZ[9];B[ee];W[cc];B[gg])");
        let rules = Ruleset::default();
        let o = load(&good, 2, 9, rules).unwrap();
        assert_eq!(o.len(), 1);
        assert_eq!(o[0].len(), 2);
        assert_eq!(o[0][1].0, Color::White);
        assert!(load(&good, 4, 9, rules)
            .unwrap_err()
            .contains("only 3 moves"));
        assert!(load(&good, 2, 7, rules).unwrap_err().contains("9x9 record"));
        write(&dir, "b.sgf", "(;SZ[9];B[ee];W[cc])");
        assert_eq!(load(&dir, 2, 9, rules).unwrap().len(), 2);
        let bad = write(&dir, "c.sgf", "(;SZ[9];B[ee];W[ee])");
        assert!(load(&bad, 2, 9, rules)
            .unwrap_err()
            .contains("move 2 is illegal"));
        let broken = write(&dir, "d.sgf", "(;SZ[9];B[ee]");
        let e = load(&broken, 1, 9, rules).unwrap_err();
        assert!(e.contains("d.sgf"), "{e}");
        assert!(load(&dir.join("none.sgf"), 1, 9, rules)
            .unwrap_err()
            .contains("cannot read"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
