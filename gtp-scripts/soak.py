#!/usr/bin/env python3
"""A soak test of koan's GTP engine: seeded random command lines (valid and broken, with and
without ids), every analysis command stopped by the next line, `# interrupt` during searches,
mutated SGF records for loadsgf, garbage bytes, huge arguments, and the end of input in the
middle of a search. Every answer must come within a deadline and be framed as GTP frames it
(`=[id] ` or `?[id] `, ended by an empty line, the id echoed); nothing may panic; the engine
must exit soon after its input ends.

    gtp-scripts/soak.py [--koan PATH] [--lines N] [--sgfs N] [--seed S] [--deadline SECS]

The defaults make the long soak (100,000 lines, 5,000 mutated records); tests/soak.rs runs
a short one in the test suite. Prints a summary; exit code 0 when nothing went wrong, 1
otherwise (each problem is printed with the lines that led to it).
"""
import argparse
import os
import random
import re
import select
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESPONSE_START = re.compile(rb"^[=?](\d*)( |$)")
COLOURS = ["b", "w", "black", "white", "B", "W", "x", ""]
ANALYSIS = ["lz-analyze", "kata-analyze", "analyze", "lz-genmove_analyze",
            "kata-genmove_analyze", "genmove_analyze"]


def vertex(rng, size):
    if rng.random() < 0.05:
        return rng.choice(["pass", "PASS", "Z99", "A0", "I5", "resign", "", "a1b2", "T26"])
    cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ"[: max(1, min(size, 25))]
    return f"{rng.choice(cols)}{rng.randint(1, max(1, size))}"


def seed_records():
    """The records the mutations start from: the repository's test records."""
    texts = []
    for folder in ["engine-tests/sgf", "engine-tests/ko", "engine-tests/ko-classify",
                   "engine-tests/score", "engine-tests/kgs"]:
        path = os.path.join(ROOT, folder)
        if not os.path.isdir(path):
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith(".sgf"):
                with open(os.path.join(path, name), "rb") as f:
                    texts.append(f.read())
    texts.append(b"(;SZ[9]AW[aa];B[ab];W[ee];B[ba];AE[ii])")
    return texts


def mutate(rng, text):
    data = bytearray(text)
    for _ in range(rng.randint(1, 8)):
        kind = rng.randint(0, 6)
        pos = rng.randint(0, max(0, len(data) - 1)) if data else 0
        if kind == 0 and data:
            data[pos] = rng.randint(0, 255)
        elif kind == 1:
            data[pos:pos] = bytes(rng.choice(b"()[];\\:ABWSZKMLPE19aszt") for _ in range(rng.randint(1, 6)))
        elif kind == 2 and data:
            del data[pos:pos + rng.randint(1, 10)]
        elif kind == 3:
            data = data[:pos]
        elif kind == 4 and data:
            end = min(len(data), pos + rng.randint(1, 200))
            data[pos:pos] = data[pos:end] * rng.randint(1, 20)
        elif kind == 5:
            data[pos:pos] = rng.choice([b"(;", b")", b"(;B[aa](;W[bb]", b"SZ[26]", b"SZ[0]",
                                        b"KM[1e308]", b"HA[400]", b"AB[aa:zz]", b"PL[X]"])
        else:
            data[pos:pos] = b"(" * rng.randint(1, 50) + b";C[x]" + b")" * rng.randint(0, 50)
    return bytes(data)


def make_sgfs(rng, count, folder):
    seeds = seed_records()
    paths = []
    for i in range(count):
        path = os.path.join(folder, f"m{i:05d}.sgf")
        with open(path, "wb") as f:
            f.write(mutate(rng, rng.choice(seeds)))
        paths.append(path)
    return paths


def command(rng, size, sgfs, folder):
    """One command line (bytes, no newline) and whether it starts a search that the next
    line (or an interrupt) should stop."""
    r = rng.random()
    c = rng.choice(COLOURS)
    v = vertex(rng, size)
    choices = [
        (8, lambda: f"play {c} {v}"),
        (4, lambda: f"genmove {c}"),
        (3, lambda: "undo"),
        (2, lambda: f"boardsize {rng.choice([2, 3, 5, 7, 9, 9, 9, 13, 19, 25, 26, 0, -1, 'x'])}"),
        (2, lambda: "clear_board"),
        (2, lambda: f"komi {rng.choice(['6.5', '0', '-3', '1e308', 'nan', '1000', 'x', '7.5'])}"),
        (3, lambda: f"loadsgf {rng.choice(sgfs)} {rng.choice(['', '', '3', '0', '-1', '99999'])}"),
        (1, lambda: f"printsgf {os.path.join(folder, 'out.sgf')}"),
        (2, lambda: "printsgf"),
        (2, lambda: f"is_legal {c} {v}"),
        (1, lambda: f"all_legal {c}"),
        (2, lambda: "final_score"),
        (1, lambda: f"final_status_list {rng.choice(['dead', 'alive', 'seki', 'x'])}"),
        (2, lambda: f"ko-rule {rng.choice(['simple', 'positional', 'situational', 'natural-situational', 'spight', 'fixed', 'basic-fixed', 'ing-spight', 'pass-for-ko', 'x'])}"),
        (2, lambda: f"rules {rng.choice(['japanese', 'chinese', 'aga', 'new_zealand', 'tromp-taylor', 'ing', 'spight', 'jasiek', 'wmsg2008', 'ko=fixed suicide=all', 'komi=1e9', 'x=y'])}"),
        (1, lambda: "ko-bans " + c),
        (1, lambda: "ko-hot_stones"),
        (1, lambda: "ko-classify"),
        (1, lambda: "showboard"),
        (1, lambda: rng.choice(["name", "version", "protocol_version", "list_commands", "help"])),
        (1, lambda: f"known_command {rng.choice(['genmove', 'x', 'kata-analyze'])}"),
        (1, lambda: f"fixed_handicap {rng.randint(-1, 10)}"),
        (1, lambda: f"time_settings {rng.randint(0, 5)} {rng.randint(0, 2)} {rng.randint(0, 2)}"),
        (1, lambda: f"time_left {c} {rng.randint(0, 5)} {rng.randint(0, 3)}"),
        (1, lambda: "kgs-genmove_cleanup " + c),
        (1, lambda: "gogui-rules_legal_moves"),
        (1, lambda: "gogui-rules_captured_count"),
        (1, lambda: "gogui-rules_final_result"),
        (1, lambda: "gogui-analyze_commands"),
        (3, lambda: f"{rng.choice(ANALYSIS)} {c} {rng.choice(['', '1', '10', '50', 'interval 5', 'x'])}"),
        (1, lambda: "x" * rng.choice([10, 1000, 100000])),
        (1, lambda: f"play {c} " + "Q" * rng.choice([100, 100000])),
        (1, lambda: bytes(rng.randint(1, 255) for _ in range(rng.randint(1, 40))).replace(b"\n", b" ")),
        (1, lambda: rng.choice(["quit_not", "   ", "# a comment", "\t\t", "\r"])),
    ]
    total = sum(w for w, _ in choices)
    pick = r * total
    for w, make in choices:
        pick -= w
        if pick <= 0:
            line = make()
            break
    if isinstance(line, str):
        line = line.encode()
    word = line.split(b" ")[0]
    # 2: an analysis, which runs until the next line; 1: a search that ends by itself.
    searches = 2 if word in {b"lz-analyze", b"kata-analyze", b"analyze"} else int(
        word in {a.encode() for a in ANALYSIS} or line.startswith(b"genmove"))
    if rng.random() < 0.3:
        line = f"{rng.randint(0, 99999)} ".encode() + line
    return line, searches


class Engine:
    def __init__(self, koan, args):
        self.proc = subprocess.Popen([koan] + args, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buf = b""
        self.err_chunks = []
        os.set_blocking(self.proc.stdout.fileno(), False)
        os.set_blocking(self.proc.stderr.fileno(), False)

    def send(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def drain_stderr(self):
        try:
            chunk = self.proc.stderr.read()
            if chunk:
                self.err_chunks.append(chunk[-20000:])
        except (BlockingIOError, TypeError):
            pass

    def response(self, deadline):
        """The next whole response (bytes up to its empty line), or None after `deadline`."""
        end = time.monotonic() + deadline
        while b"\n\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.proc.stdout, self.proc.stderr], [], [], left)
            if self.proc.stderr in ready:
                self.drain_stderr()
            if self.proc.stdout in ready:
                chunk = self.proc.stdout.read()
                if chunk == b"":
                    return None
                if chunk:
                    self.buf += chunk
        text, self.buf = self.buf.split(b"\n\n", 1)
        return text

    def close_and_wait(self, deadline):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        end = time.monotonic() + deadline
        while self.proc.poll() is None and time.monotonic() < end:
            self.drain_stderr()
            time.sleep(0.01)
        exited = self.proc.poll() is not None
        if not exited:
            self.proc.kill()
            self.proc.wait()
        self.drain_stderr()
        return exited

    def stderr(self):
        return b"".join(self.err_chunks)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--koan", default=os.path.join(ROOT, "target/release/koan"))
    ap.add_argument("--lines", type=int, default=100_000)
    ap.add_argument("--sgfs", type=int, default=5_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deadline", type=float, default=20.0,
                    help="seconds an answer may take (default 20)")
    ap.add_argument("--session", type=int, default=2_000,
                    help="lines before the input is closed and a new engine started")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    folder = tempfile.mkdtemp(prefix="koan-soak-")
    sgfs = make_sgfs(rng, a.sgfs, folder)
    engine_args = ["--threads", "1", "--playouts", "60", "--score-time", "0.3", "--gogui-ruler"]
    problems = []
    sent = answered = sessions = searches_stopped = 0
    slowest, slowest_line = 0.0, b""
    history = []
    started = time.monotonic()

    def problem(what):
        problems.append(what + "\n  last lines: " + repr(history[-5:]))
        print("PROBLEM:", problems[-1][:2000], file=sys.stderr)

    engine = None
    size = 19
    while sent < a.lines:
        if engine is None:
            engine = Engine(a.koan, engine_args)
            sessions += 1
            session_lines = 0
        line, searches = command(rng, size, sgfs, folder)
        m = re.match(rb"^(\d+ )?boardsize (\d+)$", line)
        if m and 2 <= int(m.group(2)) <= 25:
            size = int(m.group(2))
        history.append(line[:200])
        sent += 1
        session_lines += 1
        t = time.monotonic()
        try:
            engine.send(line + b"\n")
            if searches == 2 or (searches and rng.random() < 0.5):
                # Stop it: an interrupt, or the next command arriving at once or a moment later.
                time.sleep(rng.choice([0, 0, 0.005, 0.05]))
                stops = [b"name\n"] if searches == 2 else [b"# interrupt\n", b"name\n"]
                stop_line = rng.choice(stops)
                engine.send(stop_line)
                searches_stopped += 1
                stop_answer = stop_line == b"name\n"
            else:
                stop_answer = False
        except BrokenPipeError:
            problem("the engine closed its input")
            engine = None
            continue
        stripped = line.split(b"#")[0].strip(b" \t\r\x00")
        # A line of only white space and control characters gets no answer.
        expect = any(b > 32 and b != 127 for b in stripped)
        if expect:
            r = engine.response(a.deadline)
            took = time.monotonic() - t
            if took > slowest:
                slowest, slowest_line = took, line[:80]
            if r is None:
                problem(f"no answer within {a.deadline} s to {line[:120]!r}")
                engine.close_and_wait(1)
                engine = None
                continue
            answered += 1
            first = r.split(b"\n", 1)[0]
            mm = RESPONSE_START.match(first)
            # The id as the engine sees it: after GTP's removal of control characters.
            clean = bytes(b for b in line if b >= 32 or b == 9)
            idm = re.match(rb"^\s*(\d+)[ \t]", clean)
            if not mm:
                problem(f"badly framed answer {first[:120]!r} to {line[:120]!r}")
            elif idm and mm.group(1) != idm.group(1):
                problem(f"answer {first[:60]!r} does not echo the id of {line[:60]!r}")
        if stop_answer:
            if engine.response(a.deadline) is None:
                problem("no answer to the name that stopped a search")
            else:
                answered += 1
        if session_lines >= a.session or rng.random() < 0.0005:
            # End of input, often in the middle of a search: the engine must exit soon.
            if rng.random() < 0.5:
                engine.send(b"genmove b\n")
            if not engine.close_and_wait(a.deadline):
                problem(f"did not exit within {a.deadline} s after its input ended")
            err = engine.stderr()
            if b"panicked" in err:
                problem("panic on stderr: " + err[err.find(b"panicked") - 200:][:600].decode("utf-8", "replace"))
            engine = None
    if engine is not None:
        if not engine.close_and_wait(a.deadline):
            problem(f"did not exit within {a.deadline} s after its input ended")
        if b"panicked" in engine.stderr():
            problem("panic on stderr")
    took = time.monotonic() - started
    print(f"soak: seed {a.seed}, {sent} lines sent, {answered} answers, {a.sgfs} mutated records, "
          f"{sessions} engine sessions (each ended by closing its input), {searches_stopped} "
          f"searches stopped by the next line or an interrupt; slowest answer {slowest:.2f} s "
          f"({slowest_line!r}); "
          f"{took:.0f} s in all; {len(problems)} problems")
    ok = 1 if not problems else 0
    print(f"{ok} passed, {1 - ok} failed")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
