//! Live analysis against the real binary, as Sabaki and Lizzie drive it: `lz-analyze` and
//! `kata-analyze` stream `info` lines until the next input line, then the pipelined
//! commands are answered in order; `*genmove_analyze` ends with `play V`. GoGui's
//! `# interrupt` line ends a running `genmove` at once.

mod common;

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::Duration;

struct Koan {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Koan {
    fn start(args: &[&str]) -> Koan {
        let (child, stdin, lines) = common::spawn_koan(args);
        Koan {
            stdin: Some(stdin),
            child,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    fn line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(60))
            .expect("a line within a minute")
    }

    /// A whole normal response (its lines up to the empty line).
    fn response(&self) -> String {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            if line.is_empty() {
                return lines.join("\n");
            }
            lines.push(line);
        }
    }

    /// Reads info lines until `n` have come (each checked by `check`).
    fn info_lines(&self, n: usize, check: impl Fn(&str)) -> Vec<String> {
        let mut got = Vec::new();
        while got.len() < n {
            let line = self.line();
            assert!(line.starts_with("info move "), "not an info line: {line:?}");
            check(&line);
            got.push(line);
        }
        got
    }

    /// The rest of a streamed response: more info lines, then the empty line.
    fn finish_stream(&self, check: impl Fn(&str)) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self.line();
            if line.is_empty() {
                return got;
            }
            check(&line);
            got.push(line);
        }
    }

    fn close(mut self) {
        self.stdin = None;
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

fn is_vertex(v: &str) -> bool {
    v == "pass"
        || (v.len() >= 2
            && v.as_bytes()[0].is_ascii_uppercase()
            && v.as_bytes()[0] != b'I'
            && v[1..].parse::<u32>().is_ok())
}

/// Checks one line as Leela Zero prints it: integer winrate, prior and lcb in 0..10000.
fn check_lz(line: &str) {
    for entry in line.split("info ").skip(1) {
        let words: Vec<&str> = entry.split_whitespace().collect();
        let pv = words.iter().position(|w| *w == "pv").expect("a pv");
        assert!(pv + 1 < words.len(), "empty pv: {entry}");
        assert!(words[pv + 1..].iter().all(|v| is_vertex(v)), "{entry}");
        let keys: Vec<&str> = words[..pv].iter().step_by(2).copied().collect();
        assert_eq!(
            keys,
            ["move", "visits", "winrate", "prior", "lcb", "order"],
            "{entry}"
        );
        assert!(is_vertex(words[1]));
        assert_eq!(words[pv + 1], words[1], "the pv starts with the move");
        for i in [5, 7, 9] {
            let n: u32 = words[i].parse().expect("an integer");
            assert!(n <= 10000, "{entry}");
        }
    }
}

/// Checks one line as KataGo prints it: floats with a decimal point, then ownership.
fn check_kata(line: &str, points: usize) {
    let (moves, ownership) = line.split_once(" ownership ").expect("ownership");
    let values: Vec<f64> = ownership
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(values.len(), points);
    assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
    for entry in moves.split("info ").skip(1) {
        let words: Vec<&str> = entry.split_whitespace().collect();
        for key in ["winrate", "prior", "lcb", "scoreLead"] {
            let i = words.iter().position(|w| *w == key).expect(key);
            assert!(words[i + 1].contains('.'), "{key} is a float: {entry}");
            let v: f64 = words[i + 1].parse().unwrap();
            assert!(key == "scoreLead" || (0.0..=1.0).contains(&v), "{entry}");
        }
    }
}

#[test]
fn lz_analyze_streams_until_the_next_line_then_pipelined_commands_are_answered() {
    let mut koan = Koan::start(&["--threads", "1", "--gogui-ruler"]);
    koan.send("boardsize 9\nplay b E5\n1 lz-analyze w 10\n");
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.line(), "=1 ");
    koan.info_lines(3, check_lz);
    // Sabaki's sync, pipelined while the analysis runs.
    koan.send("2 name\nkomi 6.5\n3 clear_board\nplay B D4\nplay W G7\nundo\n4 lz-analyze w 10\n");
    koan.finish_stream(check_lz);
    assert_eq!(koan.response(), "=2 koan");
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.response(), "=3 ");
    for _ in 0..3 {
        assert_eq!(koan.response(), "= ");
    }
    // The new analysis is of the position after the undo: White to move after D4.
    assert_eq!(koan.line(), "=4 ");
    let lines = koan.info_lines(2, check_lz);
    assert!(
        !lines[1].contains("move D4 "),
        "D4 is occupied: {}",
        lines[1]
    );
    koan.send("5 gogui-rules_side_to_move\n");
    koan.finish_stream(check_lz);
    assert_eq!(koan.response(), "=5 white");
    koan.close();
}

#[test]
fn kata_analyze_reports_ownership_and_stops_at_a_blank_line() {
    let mut koan = Koan::start(&["--threads", "1"]);
    koan.send("boardsize 9\n7 kata-analyze b 10 ownership true\n");
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.line(), "=7 ");
    koan.info_lines(2, |l| check_kata(l, 81));
    // A raw newline (Sabaki's abort) ends the analysis and gets no response of its own.
    koan.send("\n");
    koan.finish_stream(|l| check_kata(l, 81));
    koan.send("8 name\n");
    assert_eq!(koan.response(), "=8 koan");
    koan.close();
}

#[test]
fn genmove_analyze_streams_then_plays() {
    let mut koan = Koan::start(&["--threads", "1", "--time-per-move", "0.5", "--gogui-ruler"]);
    koan.send("boardsize 9\n1 lz-genmove_analyze b 5\n2 gogui-rules_side_to_move\n");
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.line(), "=1 ");
    let mut lines = koan.finish_stream(|_| {});
    let last = lines.pop().expect("a play line");
    let mv = last.strip_prefix("play ").expect("ends with play V");
    assert!(is_vertex(mv) || mv == "resign", "{last}");
    assert!(
        !lines.is_empty(),
        "half a second of search reports every 50 ms"
    );
    for line in &lines {
        check_lz(line);
    }
    // Not stopped by the pipelined command: the move was played, White is to move.
    assert_eq!(koan.response(), "=2 white");
    koan.close();
}

#[test]
fn an_analysis_ends_with_the_input() {
    let mut koan = Koan::start(&["--threads", "1"]);
    koan.send("boardsize 9\nlz-analyze b 10\n");
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.line(), "= ");
    koan.stdin = None;
    koan.finish_stream(check_lz);
    koan.close();
}

#[test]
fn an_interrupt_line_ends_a_long_genmove_at_once() {
    // GoGui's interrupt: the comment line `# interrupt` while a command runs.
    let mut koan = Koan::start(&["--threads", "1", "--time-per-move", "600"]);
    koan.send("1 known_command gogui-interrupt\nboardsize 9\n2 genmove b\n");
    assert_eq!(koan.response(), "=1 true");
    assert_eq!(koan.response(), "= ");
    // The search is running now (it would take ten minutes); interrupt it.
    std::thread::sleep(Duration::from_millis(500));
    koan.send("# interrupt\n");
    let mv = koan.response();
    assert!(mv.starts_with("=2 "), "{mv}");
    assert_ne!(
        &mv[3..],
        "resign",
        "an interrupted genmove plays its best move so far"
    );
    // The comment line got no response; the next command is answered normally, and an
    // interrupt ends a genmove_analyze too.
    koan.send("3 name\n4 kata-genmove_analyze w 10\n");
    assert_eq!(koan.response(), "=3 koan");
    assert_eq!(koan.line(), "=4 ");
    std::thread::sleep(Duration::from_millis(300));
    koan.send("# interrupt\n");
    let lines = koan.finish_stream(|_| {});
    assert!(lines.last().unwrap().starts_with("play "), "{lines:?}");
    koan.close();
}

/// The visits of all moves in one info line: the root's visits.
fn total_visits(line: &str) -> u64 {
    line.split("info ")
        .skip(1)
        .map(|entry| {
            let words: Vec<&str> = entry.split_whitespace().collect();
            words[3].parse::<u64>().unwrap()
        })
        .sum()
}

#[test]
fn an_analysis_resumes_on_the_tree_kept_across_play_and_undo() {
    let mut koan = Koan::start(&["--threads", "1"]);
    koan.send("boardsize 9\n1 lz-analyze b 10\n");
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.line(), "=1 ");
    let mut lines = koan.info_lines(8, check_lz);
    // Sabaki trying a variation and coming back, pipelined.
    koan.send("play b E5\nplay w C3\nundo\nundo\n2 lz-analyze b 10\n");
    lines.extend(koan.finish_stream(check_lz));
    let before = total_visits(lines.last().unwrap());
    for _ in 0..4 {
        assert_eq!(koan.response(), "= ");
    }
    assert_eq!(koan.line(), "=2 ");
    let after = total_visits(&koan.info_lines(1, check_lz)[0]);
    assert!(
        after >= before,
        "the second analysis starts from the first one's {before} visits, not from {after}"
    );
    koan.close();
}

#[test]
fn every_streamed_response_is_framed_with_a_space_after_its_id() {
    // GTP frames a response as `=[id] result`; GoGui reads the result from the first space
    // on, so `=1` alone on its line would make it read `D5` out of `play D5`.
    let mut koan = Koan::start(&["--threads", "1", "--playouts", "200"]);
    koan.send("boardsize 9\n");
    assert_eq!(koan.response(), "= ");
    let streaming = [
        ("lz-genmove_analyze b 5", true),
        ("kata-genmove_analyze w 5", true),
        ("genmove_analyze b", true),
        ("lz-analyze w 5", false),
        ("kata-analyze b 5", false),
        ("analyze w 5", false),
    ];
    for (n, (command, plays)) in streaming.into_iter().enumerate() {
        for id in [Some(10 + n), None] {
            let prefix = id.map(|i| format!("{i} ")).unwrap_or_default();
            koan.send(&format!("{prefix}{command}\n"));
            if !plays {
                // An analysis runs until the next line.
                koan.send("name\n");
            }
            let head = koan.line();
            let want = format!("={} ", id.map(|i| i.to_string()).unwrap_or_default());
            assert_eq!(head, want, "{prefix}{command}");
            let rest = koan.finish_stream(|_| {});
            if plays {
                assert!(
                    rest.last().is_some_and(|l| l.starts_with("play ")),
                    "{rest:?}"
                );
            } else {
                assert_eq!(koan.response(), "= koan");
            }
        }
    }
    koan.close();
}

/// The words of one `info` entry as KataGo's keys and values: (key, values) pairs, the
/// values of `pv`, `pvVisits`, `movesOwnership` running to the next key.
fn kata_fields(entry: &str) -> Vec<(String, Vec<String>)> {
    let mut fields: Vec<(String, Vec<String>)> = Vec::new();
    let words: Vec<&str> = entry.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let key = words[i].to_string();
        i += 1;
        let many = ["pv", "pvVisits", "pvEdgeVisits", "movesOwnership"].contains(&key.as_str());
        let mut values = Vec::new();
        while i < words.len() {
            let w = words[i];
            let is_key = w.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && w != "pass";
            if is_key && (many || !values.is_empty()) {
                break;
            }
            values.push(w.to_string());
            i += 1;
            if !many {
                break;
            }
        }
        fields.push((key, values));
    }
    fields
}

/// KataGo's keys of `rootInfo`, which a move's entry has too (after `move`).
const KATA_ROOT_KEYS: [&str; 7] = [
    "visits",
    "utility",
    "winrate",
    "scoreMean",
    "scoreStdev",
    "scoreLead",
    "scoreSelfplay",
];

#[test]
fn kata_analyze_gives_katagos_keys_and_keeps_to_avoid() {
    let mut koan = Koan::start(&["--threads", "1"]);
    koan.send(
        "boardsize 9\nplay b E5\n1 kata-analyze w 10 rootInfo true ownership true \
         ownershipStdev true movesOwnership true pvVisits true minmoves 30 maxmoves 40 \
         avoid w D4,F6,pass 1\n",
    );
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.line(), "=1 ");
    let lines = koan.info_lines(3, |_| {});
    koan.send("2 name\n");
    koan.finish_stream(|_| {});
    assert_eq!(koan.response(), "=2 koan");
    let line = lines.last().unwrap();
    let (moves, rest) = line.split_once(" rootInfo ").expect("rootInfo");
    let (root, owned) = rest.split_once(" ownership ").expect("ownership");
    let (owned, spread) = owned
        .split_once(" ownershipStdev ")
        .expect("ownershipStdev");
    let floats =
        |s: &str| -> Vec<f64> { s.split_whitespace().map(|v| v.parse().unwrap()).collect() };
    assert_eq!(floats(owned).len(), 81);
    let spread = floats(spread);
    assert_eq!(spread.len(), 81);
    assert!(spread.iter().all(|v| (0.0..=1.0).contains(v)));
    let root = kata_fields(root);
    let root_keys: Vec<&str> = root.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(root_keys, KATA_ROOT_KEYS);
    let entries: Vec<&str> = moves.split("info ").skip(1).collect();
    assert!(
        (30..=40).contains(&entries.len()),
        "minmoves 30, maxmoves 40: {}",
        entries.len()
    );
    let mut visited = 0;
    for (order, entry) in entries.iter().enumerate() {
        let fields = kata_fields(entry);
        let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        let want: Vec<&str> = ["move"]
            .into_iter()
            .chain(KATA_ROOT_KEYS)
            .chain([
                "prior",
                "lcb",
                "utilityLcb",
                "order",
                "pv",
                "pvVisits",
                "movesOwnership",
            ])
            .collect();
        assert_eq!(keys, want, "{entry}");
        let value = |k: &str| fields.iter().find(|(key, _)| key == k).unwrap().1.clone();
        let mv = &value("move")[0];
        assert!(
            !["D4", "F6", "pass"].contains(&mv.as_str()),
            "avoided {mv}: {entry}"
        );
        assert_eq!(value("order")[0], order.to_string());
        assert_eq!(value("pv").len(), value("pvVisits").len(), "{entry}");
        assert_eq!(&value("pv")[0], mv);
        assert_eq!(value("pvVisits")[0], value("visits")[0]);
        assert_eq!(value("movesOwnership").len(), 81);
        for k in ["winrate", "prior", "lcb"] {
            let v: f64 = value(k)[0].parse().unwrap();
            assert!((0.0..=1.0).contains(&v), "{k} {v}");
        }
        let utility: f64 = value("utility")[0].parse().unwrap();
        let winrate: f64 = value("winrate")[0].parse().unwrap();
        assert!((utility - (2.0 * winrate - 1.0)).abs() < 1e-5, "{entry}");
        if value("visits")[0] != "0" {
            visited += 1;
            assert_eq!(visited, order + 1, "visited moves come first");
        }
    }
    koan.close();
}

#[test]
fn lz_analyze_takes_allow_as_leela_zero_does() {
    let mut koan = Koan::start(&["--threads", "1"]);
    koan.send("boardsize 9\n1 lz-analyze b 10 allow b C3,G7,E5 1\n");
    assert_eq!(koan.response(), "= ");
    assert_eq!(koan.line(), "=1 ");
    let mut lines = koan.info_lines(3, check_lz);
    koan.send("2 name\n");
    lines.extend(koan.finish_stream(check_lz));
    assert_eq!(koan.response(), "=2 koan");
    for line in &lines {
        for entry in line.split("info ").skip(1) {
            let mv = entry.split_whitespace().nth(1).unwrap();
            assert!(
                ["C3", "G7", "E5"].contains(&mv),
                "{mv} is not allowed: {line}"
            );
        }
    }
    // A bad allow is a syntax error, and the engine goes on.
    koan.send("3 lz-analyze b 10 allow b C3 0\n4 kata-analyze b 10 avoid b Z9 1\n5 name\n");
    assert!(koan.response().starts_with("?3 syntax error"));
    assert!(koan.response().starts_with("?4 syntax error"));
    assert_eq!(koan.response(), "=5 koan");
    // The filter held for that analysis only: the next one looks at other moves again.
    koan.send("6 lz-analyze b 10 minmoves 10\n");
    assert_eq!(koan.line(), "=6 ");
    let line = koan.info_lines(1, check_lz).remove(0);
    koan.send("7 name\n");
    koan.finish_stream(check_lz);
    assert_eq!(koan.response(), "=7 koan");
    let others = line
        .split("info ")
        .skip(1)
        .filter(|e| !["C3", "G7", "E5"].contains(&e.split_whitespace().nth(1).unwrap()))
        .count();
    assert!(others >= 7, "{line}");
    koan.close();
}
