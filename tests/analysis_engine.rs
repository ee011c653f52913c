//! `koan analysis` against the real binary, as KaTrain and other KataGo analysis clients
//! drive it: queries in, one JSON answer a line out as each search ends; KataGo's error and
//! warning objects for bad input, after which the engine goes on serving; priorities,
//! `terminate`, reports during the search, the special actions, and KataGo's own command-line
//! spellings. Every line koan writes to standard output must be a JSON object.

mod common;

use serde_json::{json, Value};
use std::io::Write;
use std::process::{Child, ChildStdin, Command};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// A 9x9 game koan played against itself (60 moves, captures and retakes included).
const GAME: &str = "C3 C2 B2 B1 A2 B3 B4 A4 A5 B5 C4 C5 D5 D4 D3 E4 E3 F3 F2 E2 E1 D2 D1 C1 C3 \
                    C4 C6 A6 B6 A7 B7 B8 C8 C9 D9 B9 G6 F1 G2 G1 H1 H2 G3 H3 G4 H4 H5 J5 J6 J4 \
                    E1 D1 F1 A1 J2 A3 J3 H3 H4 F4";

fn game_moves() -> Vec<Value> {
    GAME.split_whitespace()
        .enumerate()
        .map(|(i, v)| json!([if i % 2 == 0 { "B" } else { "W" }, v]))
        .collect()
}

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let args: Vec<&str> = ["analysis"].iter().chain(args).copied().collect();
        let (child, stdin, lines) = common::spawn_koan(&args);
        Engine {
            stdin: Some(stdin),
            child,
            lines,
        }
    }

    fn send(&mut self, query: &Value) {
        self.send_raw(&query.to_string());
    }

    fn send_raw(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The next answer, which must be one JSON object on one line.
    fn answer(&self) -> Value {
        let line = self
            .lines
            .recv_timeout(Duration::from_secs(60))
            .expect("an answer within a minute");
        let value: Value =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line:?}"));
        assert!(value.is_object(), "not an object: {line}");
        value
    }

    /// True when nothing more is written within `wait`.
    fn quiet_for(&self, wait: Duration) -> bool {
        self.lines.recv_timeout(wait).is_err()
    }

    /// Closes standard input and checks that koan exits cleanly with nothing more to say.
    fn finish(mut self) {
        self.stdin = None;
        let status = self.child.wait().unwrap();
        assert!(status.success());
        assert!(self.lines.recv_timeout(Duration::from_secs(5)).is_err());
    }
}

fn query(id: &str, size: u32, moves: Vec<Value>, extra: Value) -> Value {
    let mut q = json!({
        "id": id,
        "moves": moves,
        "rules": "tromp-taylor",
        "komi": 7.5,
        "boardXSize": size,
        "boardYSize": size,
        "maxVisits": 60,
    });
    for (k, v) in extra.as_object().unwrap() {
        q[k] = v.clone();
    }
    q
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Checks an analysis answer's form as KataGo's documentation gives it.
fn check_answer(a: &Value, size: usize) {
    assert_eq!(a["isDuringSearch"], false, "{a}");
    assert!(a["turnNumber"].is_u64(), "{a}");
    let infos = a["moveInfos"].as_array().expect("moveInfos");
    assert!(!infos.is_empty(), "{a}");
    let mut visits = u64::MAX;
    let mut sum = 0;
    for (i, m) in infos.iter().enumerate() {
        assert_eq!(m["order"], i, "{m}");
        let v = m["visits"].as_u64().unwrap();
        assert!(v <= visits, "most visits first: {a}");
        visits = v;
        sum += v;
        for key in ["winrate", "prior"] {
            assert!((0.0..=1.0).contains(&f(&m[key])), "{key}: {m}");
        }
        for key in [
            "scoreLead",
            "scoreMean",
            "scoreSelfplay",
            "scoreStdev",
            "utility",
            "lcb",
            "utilityLcb",
        ] {
            f(&m[key]);
        }
        let pv = m["pv"].as_array().unwrap();
        assert_eq!(pv[0], m["move"], "the pv starts with the move: {m}");
    }
    let root = &a["rootInfo"];
    assert_eq!(root["visits"].as_u64(), Some(sum), "{a}");
    assert!(["B", "W"].contains(&root["currentPlayer"].as_str().unwrap()));
    assert!((0.0..=1.0).contains(&f(&root["winrate"])));
    f(&root["scoreLead"]);
    if let Some(own) = a.get("ownership") {
        let own = own.as_array().unwrap();
        assert_eq!(own.len(), size * size);
        assert!(own.iter().all(|o| (-1.0..=1.0).contains(&f(o))));
    }
}

#[test]
fn a_query_is_answered_in_katagos_form() {
    let mut koan = Engine::start(&["--threads", "1"]);
    let moves = vec![json!(["B", "E5"]), json!(["W", "C3"])];
    koan.send(&query(
        "first",
        9,
        moves,
        json!({"includeOwnership": true, "includePolicy": true, "includePVVisits": true,
               "includeMovesOwnership": true, "analysisPVLen": 2}),
    ));
    let a = koan.answer();
    assert_eq!(
        (a["id"].as_str(), a["turnNumber"].as_u64()),
        (Some("first"), Some(2))
    );
    check_answer(&a, 9);
    assert_eq!(a["rootInfo"]["visits"], 60);
    assert_eq!(a["rootInfo"]["currentPlayer"], "B");
    assert_eq!(a["rootInfo"]["thisHash"].as_str().unwrap().len(), 32);
    let policy = a["policy"].as_array().unwrap();
    assert_eq!(policy.len(), 82, "81 points and the pass");
    // E5 (row 5 from the top, column 5) and C3 are occupied: illegal.
    assert_eq!(f(&policy[4 * 9 + 4]), -1.0);
    assert_eq!(f(&policy[6 * 9 + 2]), -1.0);
    let sum: f64 = policy.iter().map(f).filter(|p| *p >= 0.0).sum();
    assert!((sum - 1.0).abs() < 1e-4, "{sum}");
    for m in a["moveInfos"].as_array().unwrap() {
        assert!(
            m["pv"].as_array().unwrap().len() <= 3,
            "analysisPVLen 2: {m}"
        );
        assert_eq!(
            m["pvVisits"].as_array().unwrap().len(),
            m["pv"].as_array().unwrap().len()
        );
        assert_eq!(m["ownership"].as_array().unwrap().len(), 81);
    }
    koan.finish();
}

#[test]
fn figures_are_the_player_to_moves_unless_a_query_asks_for_blacks() {
    let mut koan = Engine::start(&["--threads", "1", "--seed", "7"]);
    let moves = vec![json!(["B", "E5"])];
    let asks = |id: &str, extra: Value| {
        let mut e = json!({"includeOwnership": true});
        for (k, v) in extra.as_object().unwrap() {
            e[k] = v.clone();
        }
        query(id, 9, moves.clone(), e)
    };
    koan.send(&asks("side", json!({})));
    let side = koan.answer();
    koan.send(&asks(
        "black",
        json!({"overrideSettings": {"reportAnalysisWinratesAs": "BLACK"}}),
    ));
    let black = koan.answer();
    assert_eq!(side["rootInfo"]["currentPlayer"], "W");
    // The same search (one thread, the same seed), seen from the other side.
    let (s, b) = (&side["moveInfos"][0], &black["moveInfos"][0]);
    assert_eq!(s["move"], b["move"]);
    assert!(
        (f(&s["winrate"]) + f(&b["winrate"]) - 1.0).abs() < 1e-6,
        "{s}\n{b}"
    );
    assert!((f(&s["scoreLead"]) + f(&b["scoreLead"])).abs() < 1e-6);
    assert!((f(&side["rootInfo"]["utility"]) + f(&black["rootInfo"]["utility"])).abs() < 1e-6);
    assert!((f(&side["ownership"][40]) + f(&black["ownership"][40])).abs() < 1e-6);
    // Black's stone on E5 is Black's: positive from Black's side.
    assert!(f(&black["ownership"][40]) > 0.0, "{}", black["ownership"]);
    koan.finish();
}

#[test]
fn every_bad_query_gets_katagos_error_and_the_engine_goes_on() {
    let mut koan = Engine::start(&["--threads", "1"]);
    let size = |x: u32, y: u32| json!({"id": "size", "moves": [], "rules": "chinese", "boardXSize": x, "boardYSize": y});
    // (line, the field of the error, or "" for a general error)
    let cases: Vec<(String, &str)> = vec![
        ("{\"id\": \"broken\", ".into(), ""),
        ("[1, 2, 3]".into(), ""),
        (r#"{"moves": []}"#.into(), ""),
        (r#"{"id": 5, "moves": []}"#.into(), ""),
        (r#"{"id": "x", "action": "dance"}"#.into(), ""),
        (size(19, 13).to_string(), "boardYSize"),
        (size(1, 1).to_string(), "boardXSize"),
        (size(26, 26).to_string(), "boardXSize"),
        (
            json!({"id": "m", "rules": "chinese", "boardXSize": 9, "boardYSize": 9}).to_string(),
            "moves",
        ),
        (
            json!({"id": "r", "moves": [], "boardXSize": 9, "boardYSize": 9}).to_string(),
            "rules",
        ),
        (
            query("r", 9, vec![], json!({"rules": "stone_scoring"})).to_string(),
            "rules",
        ),
        (
            query("r", 9, vec![], json!({"rules": "aga-button"})).to_string(),
            "rules",
        ),
        (
            query("r", 9, vec![], json!({"rules": {"ko": "TRIPLE"}})).to_string(),
            "rules",
        ),
        (
            query("r", 9, vec![], json!({"rules": 42})).to_string(),
            "rules",
        ),
        (
            query("k", 9, vec![], json!({"komi": 7.3})).to_string(),
            "komi",
        ),
        (
            query("k", 9, vec![], json!({"komi": "seven"})).to_string(),
            "komi",
        ),
        (
            query("v", 9, vec![], json!({"maxVisits": -1})).to_string(),
            "maxVisits",
        ),
        (
            query("o", 9, vec![], json!({"includeOwnership": "yes"})).to_string(),
            "includeOwnership",
        ),
        (
            query("t", 9, vec![], json!({"analyzeTurns": [3]})).to_string(),
            "analyzeTurns",
        ),
        (
            query("p", 9, vec![json!(["B", "Z9"])], json!({})).to_string(),
            "moves",
        ),
        (
            query("p", 9, vec![json!(["purple", "C3"])], json!({})).to_string(),
            "moves",
        ),
        (
            query("p", 9, vec![json!("C3")], json!({})).to_string(),
            "moves",
        ),
        (
            query(
                "ill",
                9,
                vec![json!(["B", "C3"]), json!(["W", "C3"])],
                json!({}),
            )
            .to_string(),
            "moves",
        ),
        (
            query(
                "s",
                9,
                vec![],
                json!({"overrideSettings": {"reportAnalysisWinratesAs": "RED"}}),
            )
            .to_string(),
            "overrideSettings",
        ),
        (
            query(
                "a",
                9,
                vec![],
                json!({"avoidMoves": [{"player": "B", "moves": ["C3"]}]}),
            )
            .to_string(),
            "avoidMoves",
        ),
        (
            r#"{"id": "t", "action": "terminate"}"#.into(),
            "terminateId",
        ),
    ];
    for (line, field) in &cases {
        koan.send_raw(line);
        let e = koan.answer();
        let message = e["error"].as_str().unwrap_or_else(|| panic!("{line}: {e}"));
        assert!(!message.is_empty());
        if field.is_empty() {
            assert!(
                e.get("id").is_none() && e.get("field").is_none(),
                "{line}: {e}"
            );
        } else {
            assert_eq!(e["field"], *field, "{line}: {e}");
            assert!(e["id"].is_string(), "{line}: {e}");
        }
    }
    koan.send(&query(
        "ill",
        9,
        vec![json!(["B", "C3"]), json!(["W", "C3"])],
        json!({}),
    ));
    let e = koan.answer();
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("Illegal move 1: C3"),
        "{e}"
    );
    // Retaking a ko at once is an illegal move too: Black captures at D3, White retakes.
    let ko: Vec<Value> = ["B3", "D2", "C2", "D4", "C4", "E3", "A5", "C3", "D3", "C3"]
        .iter()
        .enumerate()
        .map(|(i, v)| json!([if i % 2 == 0 { "B" } else { "W" }, v]))
        .collect();
    koan.send(&query("ko", 5, ko, json!({"rules": "japanese"})));
    let e = koan.answer();
    assert_eq!(e["field"], "moves", "{e}");
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("Illegal move 9: C3"),
        "{e}"
    );
    // Unknown fields get a warning, and the query is still answered.
    koan.send(&query("typo", 9, vec![], json!({"maxVisitz": 5})));
    let w = koan.answer();
    assert_eq!(
        (w["id"].as_str(), w["field"].as_str()),
        (Some("typo"), Some("maxVisitz"))
    );
    assert!(w["warning"].is_string() && w.get("error").is_none(), "{w}");
    let a = koan.answer();
    assert_eq!(a["id"], "typo");
    check_answer(&a, 9);
    koan.finish();
}

#[test]
fn every_turn_of_a_whole_game_is_analysed() {
    let mut koan = Engine::start(&["--threads", "2"]);
    let moves = game_moves();
    let turns: Vec<usize> = (0..=moves.len()).collect();
    koan.send(&query(
        "game",
        9,
        moves.clone(),
        json!({"analyzeTurns": turns, "maxVisits": 30, "includeOwnership": true,
               "rules": "japanese", "komi": 6.5}),
    ));
    let mut seen = vec![false; moves.len() + 1];
    for _ in 0..=moves.len() {
        let a = koan.answer();
        assert_eq!(a["id"], "game");
        check_answer(&a, 9);
        let turn = a["turnNumber"].as_u64().unwrap() as usize;
        assert!(!seen[turn], "turn {turn} twice");
        seen[turn] = true;
        let to_move = if turn.is_multiple_of(2) { "B" } else { "W" };
        assert_eq!(a["rootInfo"]["currentPlayer"], to_move, "turn {turn}");
    }
    assert!(seen.iter().all(|s| *s));
    koan.finish();
}

#[test]
fn queued_positions_go_by_priority_and_answers_come_as_they_finish() {
    // One worker: a long search first (the highest priority, so it runs first however the
    // lines arrive), then three queries whose answers must follow by priority.
    let mut koan = Engine::start(&["--threads", "1"]);
    // All four lines in one write: the three short queries are queued while the long one
    // runs, however slowly a loaded machine lets the engine read.
    let mut lines = vec![query(
        "long",
        19,
        vec![],
        json!({"maxVisits": 4000, "priority": 10}),
    )
    .to_string()];
    for (id, priority) in [("low", 1), ("high", 5), ("mid", 3)] {
        let q = query(
            id,
            9,
            vec![],
            json!({"priority": priority, "maxVisits": 20}),
        );
        lines.push(q.to_string());
    }
    koan.send_raw(&lines.join("\n"));
    let order: Vec<String> = (0..4)
        .map(|_| koan.answer()["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(order, ["long", "high", "mid", "low"]);
    // `priorities` gives each turn its own.
    let moves = vec![json!(["B", "E5"]), json!(["W", "C3"])];
    let hold = query(
        "hold",
        19,
        vec![],
        json!({"maxVisits": 4000, "priority": 10}),
    );
    let turns = query(
        "turns",
        9,
        moves,
        json!({"analyzeTurns": [0, 1, 2], "priorities": [1, 3, 2], "maxVisits": 20}),
    );
    koan.send_raw(&format!("{hold}\n{turns}"));
    assert_eq!(koan.answer()["id"], "hold");
    let turns: Vec<u64> = (0..3)
        .map(|_| koan.answer()["turnNumber"].as_u64().unwrap())
        .collect();
    assert_eq!(turns, [1, 2, 0]);

    // Two workers: a short query sent after a long one is answered first.
    let mut koan = Engine::start(&["--threads", "2"]);
    koan.send(&query(
        "slow",
        19,
        vec![],
        json!({"maxVisits": 100_000_000, "reportDuringSearchEvery": 0.1}),
    ));
    koan.send(&query("fast", 9, vec![], json!({"maxVisits": 20})));
    // Reports of the slow search during its run may come before and after the others.
    let next_final = |koan: &Engine| loop {
        let a = koan.answer();
        if a["isDuringSearch"] != true {
            return a;
        }
    };
    let fast = next_final(&koan);
    assert_eq!(fast["id"], "fast");
    check_answer(&fast, 9);
    // Once the slow search has found something (on a loaded machine that may take a
    // while), terminating it answers with what it has found.
    loop {
        let a = koan.answer();
        if a["id"] == "slow" && a["moveInfos"].as_array().is_some_and(|m| !m.is_empty()) {
            break;
        }
    }
    koan.send(&json!({"id": "stop", "action": "terminate", "terminateId": "slow"}));
    let ack = next_final(&koan);
    assert_eq!(
        ack,
        json!({"id": "stop", "action": "terminate", "terminateId": "slow"})
    );
    let slow = next_final(&koan);
    assert_eq!(slow["id"], "slow");
    check_answer(&slow, 19);
    assert!(slow["rootInfo"]["visits"].as_u64().unwrap() < 100_000_000);
    koan.finish();
}

#[test]
fn terminate_answers_queued_positions_with_no_results() {
    let mut koan = Engine::start(&["--threads", "1"]);
    koan.send(&query(
        "busy",
        19,
        vec![],
        json!({"maxVisits": 100_000_000, "priority": 9}),
    ));
    let moves = vec![json!(["B", "E5"]), json!(["W", "C3"])];
    koan.send(&query(
        "waiting",
        9,
        moves,
        json!({"analyzeTurns": [0, 1, 2]}),
    ));
    // Terminate one queued turn: its noResults answer comes before the acknowledgement.
    koan.send(
        &json!({"id": "t1", "action": "terminate", "terminateId": "waiting",
                      "turnNumbers": [1]}),
    );
    let gone = koan.answer();
    assert_eq!(
        gone,
        json!({"id": "waiting", "turnNumber": 1, "isDuringSearch": false, "noResults": true})
    );
    assert_eq!(koan.answer()["id"], "t1");
    // terminate_all: the other queued turns answer noResults, the running search (given
    // time to make some playouts) its figures.
    std::thread::sleep(Duration::from_millis(500));
    koan.send(&json!({"id": "all", "action": "terminate_all"}));
    let mut answers = Vec::new();
    for _ in 0..4 {
        answers.push(koan.answer());
    }
    let no_results: Vec<u64> = answers
        .iter()
        .filter(|a| a["noResults"] == true)
        .map(|a| {
            assert_eq!(a["id"], "waiting");
            a["turnNumber"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(no_results, [0, 2]);
    assert!(answers
        .iter()
        .any(|a| a["id"] == "all" && a["action"] == "terminate_all"));
    let busy = answers
        .iter()
        .find(|a| a["id"] == "busy")
        .expect("busy answers");
    check_answer(busy, 19);
    koan.finish();
}

#[test]
fn reports_during_the_search_come_before_the_final_answer() {
    let mut koan = Engine::start(&["--threads", "1"]);
    koan.send(&query(
        "ponder",
        19,
        vec![],
        json!({"maxVisits": 100_000_000, "reportDuringSearchEvery": 0.1,
               "overrideSettings": {"maxTime": 1.0}}),
    ));
    let started = Instant::now();
    let mut during = 0;
    loop {
        let a = koan.answer();
        assert_eq!(a["id"], "ponder");
        check_answer_during(&a);
        if a["isDuringSearch"] == false {
            check_answer(&a, 19);
            break;
        }
        during += 1;
    }
    assert!(during >= 2, "{during} reports during a second");
    assert!(started.elapsed() < Duration::from_secs(20));
    koan.finish();
}

fn check_answer_during(a: &Value) {
    assert!(
        a["moveInfos"].is_array() && a["rootInfo"]["visits"].is_u64(),
        "{a}"
    );
}

#[test]
fn special_actions_are_echoed_as_katago_echoes_them() {
    let mut koan = Engine::start(&["--threads", "1"]);
    koan.send(&json!({"id": "v", "action": "query_version", "extra": [1]}));
    let v = koan.answer();
    assert_eq!(
        (v["id"].as_str(), v["action"].as_str()),
        (Some("v"), Some("query_version"))
    );
    assert_eq!(v["extra"], json!([1]), "the query's fields come back");
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert!(v["git_hash"].is_string());
    koan.send(&json!({"id": "c", "action": "clear_cache"}));
    assert_eq!(koan.answer(), json!({"id": "c", "action": "clear_cache"}));
    koan.send(&json!({"id": "m", "action": "query_models"}));
    assert_eq!(koan.answer()["models"], json!([]));
    // Terminating what does not exist is acknowledged and changes nothing.
    koan.send(&json!({"id": "t", "action": "terminate", "terminateId": "nobody"}));
    assert_eq!(koan.answer()["terminateId"], "nobody");
    assert!(koan.quiet_for(Duration::from_millis(300)));
    koan.finish();
}

#[test]
fn the_end_of_input_finishes_the_queue_unless_told_not_to_wait() {
    let mut koan = Engine::start(&["--threads", "1"]);
    for id in ["a", "b", "c"] {
        koan.send(&query(id, 9, vec![], json!({"maxVisits": 200})));
    }
    koan.stdin = None;
    let ids: Vec<String> = (0..3)
        .map(|_| koan.answer()["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids, ["a", "b", "c"]);
    koan.finish();

    let mut koan = Engine::start(&["--threads", "1", "--quit-without-waiting"]);
    koan.send(&query(
        "endless",
        19,
        vec![],
        json!({"maxVisits": 100_000_000}),
    ));
    koan.send(&query(
        "queued",
        19,
        vec![],
        json!({"maxVisits": 100_000_000}),
    ));
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    koan.stdin = None;
    let status = koan.child.wait().unwrap();
    assert!(status.success());
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn katagos_command_line_and_config_file_are_understood() {
    let dir = std::env::temp_dir().join(format!("koan-analysis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("analysis.cfg");
    std::fs::write(
        &config,
        "# a KataGo analysis config\nlogDir = logs\nreportAnalysisWinratesAs = BLACK\n\
         maxVisits = 37\nnumSearchThreads = 8\n",
    )
    .unwrap();
    let config = config.to_str().unwrap();
    let mut koan = Engine::start(&[
        "-config",
        config,
        "-override-config",
        "homeDataDir=/nowhere",
        "-analysis-threads",
        "1",
    ]);
    koan.send(
        &json!({"id": "cfg", "moves": [["B", "D4"]], "rules": "chinese",
                      "boardXSize": 9, "boardYSize": 9, "includeOwnership": true}),
    );
    let a = koan.answer();
    check_answer(&a, 9);
    assert_eq!(a["rootInfo"]["visits"], 37, "maxVisits from the config");
    // White to move, figures Black's: Black's stone on D4 (row 6 from the top) is Black's.
    assert_eq!(a["rootInfo"]["currentPlayer"], "W");
    assert!(f(&a["ownership"][5 * 9 + 3]) > 0.0);
    koan.finish();
    let bad = Command::new(env!("CARGO_BIN_EXE_koan"))
        .args(["analysis", "-config", "/no/such/file.cfg"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    let no_network = Command::new(env!("CARGO_BIN_EXE_koan"))
        .args(["analysis", "-model", "no-such-model.bin.gz"])
        .output()
        .unwrap();
    assert_eq!(no_network.status.code(), Some(2));
    assert!(no_network.stdout.is_empty());
    let why = String::from_utf8_lossy(&no_network.stderr);
    assert!(why.contains("no-such-model.bin.gz"), "{why}");
}
