//! End-to-end tests of `run` against a fake GTP engine written in bash.

use super::*;
use std::fs;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// A fake engine: echoes ids, answers `= 42` by default; `fail` errors, `die` exits,
/// `hang` never answers, `pwd` gives its directory, `cat F` prints a file, `multi` answers on
/// two lines, `echo X` answers X, `noise` writes junk before its answer, `args` answers the
/// engine's command-line arguments.
const FAKE_ENGINE: &str = r#"
ENGINE_ARGS="$*"
while IFS= read -r line; do
  id=""; cmd="$line"
  if [[ "$line" =~ ^([0-9]+)\ (.*)$ ]]; then id="${BASH_REMATCH[1]}"; cmd="${BASH_REMATCH[2]}"; fi
  case "$cmd" in
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    die) echo "fatal: dying on purpose" >&2; exit 3 ;;
    hang) exec sleep 30 ;;
    fail*) printf '?%s cannot do that\n\n' "$id" ;;
    pwd) printf '=%s %s\n\n' "$id" "$(pwd)" ;;
    cat\ *) printf '=%s %s\n\n' "$id" "$(cat "${cmd#cat }")" ;;
    multi) printf '=%s A1 B2\nC3 D4\n\n' "$id" ;;
    noise) printf 'debug junk\n\n=%s ok\n\n' "$id" ;;
    echo\ *) printf '=%s %s\n\n' "$id" "${cmd#echo }" ;;
    args) printf '=%s %s\n\n' "$id" "$ENGINE_ARGS" ;;
    *) printf '=%s 42\n\n' "$id" ;;
  esac
done
"#;

/// A fresh temporary directory with the fake engine in it, removed on drop.
struct Fixture {
    dir: PathBuf,
}

impl Fixture {
    fn new(name: &str) -> Fixture {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let dir =
            std::env::temp_dir().join(format!("koan-regress-{}-{n}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("fake-engine.sh"), FAKE_ENGINE).unwrap();
        Fixture { dir }
    }

    fn write(&self, rel: &str, text: &str) -> String {
        let path = self.dir.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    }

    fn opts(&self) -> RegressOptions {
        RegressOptions {
            // Run through bash rather than exec'ing the script: no ETXTBSY races.
            engine: vec![
                "bash".to_string(),
                self.dir
                    .join("fake-engine.sh")
                    .to_string_lossy()
                    .into_owned(),
            ],
            file_engine_args: false,
            timeout: Duration::from_secs(2),
            verbose: false,
        }
    }

    fn run(&self, paths: &[String], opts: &RegressOptions) -> (i32, String) {
        let mut out = Vec::new();
        let code = run_to(paths, opts, &mut out);
        (code, String::from_utf8(out).unwrap())
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

fn last_line(out: &str) -> &str {
    out.lines().last().unwrap_or("")
}

#[test]
fn all_pass_exits_0() {
    let fx = Fixture::new("pass");
    let t = fx.write(
        "a.tst",
        "# setup\nboardsize 9\n1 genmove b\n#? [42]\n2 anything\n3 multi\n#? [A1 B2.C3 D4]\n\
         4 multi\n#? [.*^C3 D4$]\n5 noise\n#? [ok]\n6 genmove b\n#? [!41|43]\n",
    );
    let (code, out) = fx.run(&[t], &fx.opts());
    assert_eq!(code, 0, "{out}");
    assert_eq!(last_line(&out), "6 passed, 0 failed", "{out}");
    assert!(
        !out.contains("unexpected FAIL:") && !out.contains("unexpected PASS!"),
        "{out}"
    );
}

#[test]
fn unexpected_fail_exits_1_and_reports() {
    let fx = Fixture::new("fail");
    let t = fx.write(
        "b.tst",
        "10 genmove b\n#? [C3]\n11 fail now\n12 fail again\n#? [!C3]\n13 genmove w\n#? [42]\n",
    );
    let (code, out) = fx.run(std::slice::from_ref(&t), &fx.opts());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "{t} 10 unexpected FAIL: Correct 'C3', got '42' (command: genmove b)"
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "{t} 11 unexpected FAIL: got error 'cannot do that' (command: fail now)"
        )),
        "{out}"
    );
    assert!(
        out.contains("12 unexpected FAIL: Correct '!C3', got error 'cannot do that'"),
        "{out}"
    );
    assert!(out.contains("Totals: 4 tests, 3 unexpected FAIL"), "{out}");
    assert_eq!(last_line(&out), "1 passed, 3 failed", "{out}");
}

#[test]
fn expected_failures_and_unexpected_passes_do_not_fail_the_run() {
    let fx = Fixture::new("xfail");
    let t = fx.write(
        "c.tst",
        "1 genmove b\n#? [C3]*\n2 genmove b\n#? [42]*\n3 fail\n#? [x]*\n",
    );
    let (code, out) = fx.run(std::slice::from_ref(&t), &fx.opts());
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("{t} 2 unexpected PASS! (command: genmove b)")),
        "{out}"
    );
    assert!(!out.contains("unexpected FAIL:"), "{out}");
    assert!(
        out.contains("3 tests, 0 unexpected FAIL, 1 unexpected PASS, 2 expected fail"),
        "{out}"
    );
    // Two expected failures are as expected; the unexpected PASS is counted as failed
    // (though, as in gogui-regress, it does not change the exit code).
    assert_eq!(last_line(&out), "2 passed, 1 failed", "{out}");
}

#[test]
fn setup_errors_are_warnings_only() {
    let fx = Fixture::new("setup");
    let t = fx.write("d.tst", "fail setup\n1 genmove b\n#? [42]\n");
    let (code, out) = fx.run(std::slice::from_ref(&t), &fx.opts());
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!(
            "warning: {t}:1: command 'fail setup' failed: 'cannot do that'"
        )),
        "{out}"
    );
    assert!(out.contains("1 setup errors"), "{out}");
    assert_eq!(last_line(&out), "1 passed, 0 failed", "{out}");
}

#[test]
fn dying_engine_exits_2_and_next_file_still_runs() {
    let fx = Fixture::new("die");
    let t1 = fx.write("e1.tst", "1 genmove b\n2 die\n3 genmove b\n");
    let t2 = fx.write("e2.tst", "1 genmove b\n#? [42]\n");
    let (code, out) = fx.run(&[t1.clone(), t2], &fx.opts());
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(&format!("{t1} 2 unexpected FAIL: engine failure")),
        "{out}"
    );
    assert!(out.contains("engine died (exit status: 3)"), "{out}");
    assert!(out.contains("fatal: dying on purpose"), "{out}");
    assert!(out.contains("1 engine failures"), "{out}");
    assert_eq!(last_line(&out), "2 passed, 1 failed", "{out}");
}

#[test]
fn hanging_engine_is_killed_after_the_timeout() {
    let fx = Fixture::new("hang");
    let t = fx.write("f.tst", "1 genmove b\nhang\n2 genmove b\n");
    let mut opts = fx.opts();
    opts.timeout = Duration::from_secs(1);
    let start = Instant::now();
    let (code, out) = fx.run(&[t], &opts);
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "took {:?}",
        start.elapsed()
    );
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("no response within 1 s, engine killed"),
        "{out}"
    );
    assert_eq!(last_line(&out), "1 passed, 0 failed", "{out}");
}

#[test]
fn engine_that_cannot_start_exits_2() {
    let fx = Fixture::new("nostart");
    let t = fx.write("g.tst", "1 genmove b\n");
    let mut opts = fx.opts();
    opts.engine = vec![fx.dir.join("no-such-engine").to_string_lossy().into_owned()];
    let (code, out) = fx.run(&[t], &opts);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("cannot start engine"), "{out}");
}

#[test]
fn missing_file_or_bad_syntax_exits_2_before_running() {
    let fx = Fixture::new("badfile");
    let (code, out) = fx.run(
        &[fx.dir.join("nope.tst").to_string_lossy().into_owned()],
        &fx.opts(),
    );
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("cannot read test file"), "{out}");

    let good = fx.write("ok.tst", "1 die\n");
    let bad = fx.write("bad.tst", "1 genmove b\n\n#? [C3]\n");
    let (code, out) = fx.run(&[good, bad.clone()], &fx.opts());
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(&format!("error: {bad}:3: response pattern")),
        "{out}"
    );
    assert!(!out.contains("engine died"), "nothing may run: {out}");
}

#[test]
fn engine_runs_in_the_test_files_folder() {
    let fx = Fixture::new("cwd");
    fx.write("sub/data.txt", "hello from sub\n");
    let t = fx.write(
        "sub/h.tst",
        "1 cat data.txt\n#? [hello from sub]\n2 pwd\n#? [.*/sub]\n",
    );
    let (code, out) = fx.run(&[t], &fx.opts());
    assert_eq!(code, 0, "{out}");
    assert_eq!(last_line(&out), "2 passed, 0 failed", "{out}");
}

#[test]
fn suites_recurse_with_paths_relative_to_the_suite() {
    let fx = Fixture::new("suite");
    fx.write("s/one.tst", "1 genmove b\n#? [42]\n");
    fx.write(
        "s/deeper/two.tst",
        "1 genmove b\n#? [42]\n2 echo x\n#? [x]\n",
    );
    fx.write("s/deeper/inner.suite", "# inner\n\ntwo.tst\n");
    fx.write(
        "s/all.suite",
        "one.tst\n# comment\n  @deeper/inner.suite  \n\n",
    );
    let suite = format!("@{}", fx.dir.join("s/all.suite").display());
    let (code, out) = fx.run(&[suite], &fx.opts());
    assert_eq!(code, 0, "{out}");
    assert_eq!(last_line(&out), "3 passed, 0 failed", "{out}");

    fx.write("s/loop.suite", "@loop.suite\n");
    let suite = format!("@{}", fx.dir.join("s/loop.suite").display());
    let (code, out) = fx.run(&[suite], &fx.opts());
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("includes itself"), "{out}");

    let (code, out) = fx.run(&["@/nonexistent/x.suite".to_string()], &fx.opts());
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("cannot read test suite"), "{out}");
}

#[test]
fn verbose_lists_every_test() {
    let fx = Fixture::new("verbose");
    let t = fx.write("v.tst", "1 genmove b\n#? [42]\n2 genmove b\n#? [C3]*\n");
    let mut opts = fx.opts();
    opts.verbose = true;
    let (code, out) = fx.run(std::slice::from_ref(&t), &opts);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("{t} 1 passed")), "{out}");
    assert!(
        out.contains(&format!("{t} 2 failed (expected): Correct 'C3', got '42'")),
        "{out}"
    );
    assert!(out.contains(&format!("{t}: 2 tests,")), "{out}");
}

#[test]
fn argument_parsing() {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let (paths, o) = parse_args(&s(&[
        "--engine",
        "\"/opt/my go/engine\" --mode gtp",
        "--timeout=1.5",
        "-v",
        "a.tst",
        "@b.suite",
        "--",
        "--odd.tst",
    ]))
    .unwrap();
    assert_eq!(paths, s(&["a.tst", "@b.suite", "--odd.tst"]));
    assert_eq!(o.engine, s(&["/opt/my go/engine", "--mode", "gtp"]));
    assert!(!o.file_engine_args, "an engine given runs as given");
    assert_eq!(o.timeout, Duration::from_millis(1500));
    assert!(o.verbose);

    let (_, o) = parse_args(&s(&["x.tst"])).unwrap();
    assert_eq!(
        o.engine,
        vec![std::env::current_exe()
            .unwrap()
            .to_string_lossy()
            .into_owned()]
    );
    assert!(
        o.file_engine_args,
        "this koan binary takes each file's engine-args"
    );
    assert_eq!(o.timeout, DEFAULT_TIMEOUT);
    assert!(!o.verbose);

    assert!(parse_args(&s(&[])).is_err());
    assert!(parse_args(&s(&["--bogus", "x.tst"])).is_err());
    assert!(parse_args(&s(&["--timeout", "0", "x.tst"])).is_err());
    assert!(parse_args(&s(&["--timeout", "abc", "x.tst"])).is_err());
    assert!(parse_args(&s(&["x.tst", "--engine"])).is_err());
    assert!(parse_args(&s(&["--engine", "  ", "x.tst"])).is_err());
    assert!(parse_args(&s(&["--help"]))
        .unwrap_err()
        .contains("Usage: koan regress"));
}

#[test]
fn each_file_gets_its_engine_args_line_or_the_default() {
    let f = Fixture::new("engine-args");
    let with = f.write(
        "with.tst",
        "# A suite that needs its own options.\n# engine-args: --gogui-ruler --seed 'a b'\n1 args\n#? [--gogui-ruler --seed a b]\n",
    );
    let without = f.write(
        "without.tst",
        &format!("1 args\n#? [{}]\n", DEFAULT_ENGINE_ARGS),
    );
    let opts = RegressOptions {
        file_engine_args: true,
        ..f.opts()
    };
    let (code, out) = f.run(&[with.clone(), without], &opts);
    assert_eq!(code, 0, "{out}");
    // An engine given with --engine runs every file as given.
    let (code, out) = f.run(&[with], &f.opts());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("Correct '--gogui-ruler --seed a b', got ''"),
        "{out}"
    );
}

#[test]
fn engine_args_come_from_the_top_of_the_file() {
    assert_eq!(
        engine_args("# about\n# engine-args:  --threads 1 \n1 name\n"),
        Some("--threads 1")
    );
    assert_eq!(engine_args("1 name\n"), None);
    assert_eq!(
        engine_args("1\n2\n3\n4\n5\n# engine-args: --threads 1\n"),
        None
    );
}

#[test]
fn a_bad_engine_args_line_is_a_file_error() {
    let f = Fixture::new("bad-engine-args");
    let file = f.write("bad.tst", "# engine-args: --seed 'open\n1 args\n");
    let opts = RegressOptions {
        file_engine_args: true,
        ..f.opts()
    };
    let (code, out) = f.run(&[file], &opts);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains(":1: bad # engine-args:"), "{out}");
}
