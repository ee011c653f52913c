#!/usr/bin/env python3
"""A corpus of real kos and koan's ko-classify figures on it.

  gtp-scripts/ko-corpus.py play DIR [GAMES] [SIZE]   GNU Go against itself, levels 1, 5 and
      10 in turn, seeds 1.. (deterministic), each game played to two passes (or 300 moves);
      one SGF per game in DIR.
  gtp-scripts/ko-corpus.py versus DIR OPPONENT [GAMES] [SIZE] [KOAN]   koan (3,000 playouts a
      move, one thread, never resigning) against OPPONENT, `gnugo` (GNU Go level 5) or
      `pachi` (Pachi 12.90 at 3,000 playouts a move, one thread, never resigning; $PACHI or
      /work/pachi/pachi), colours alternating, seeds 1.. (deterministic), each game played to
      two passes (or 300 moves on 9x9, 600 on 19x19); one SGF per game in DIR.
  gtp-scripts/ko-corpus.py pachi DIR [GAMES] [SIZE]   Pachi against itself (3,000 playouts
      a move, one thread, never resigning, seeds 1..), each game played to two passes (or
      300 moves on 9x9, 600 on 19x19); one SGF per game in DIR ($PACHI or /work/pachi/pachi).
  With `--handicap N` anywhere, `play`, `versus` and `pachi` play handicap games: Black's N
      stones where GTP's fixed_handicap puts them, White first, komi 0.5; the origin in the
      file name gains `-hN` (`gnugo-l5-h3-9x9-001.sgf`).
  gtp-scripts/ko-corpus.py classify DIR [KOAN]       replays every SGF of DIR in koan and,
      after every move that leaves a basic ko on the board, asks `ko-classify`; prints one
      line per ko and the summary: kos found, classified exact / judged / unknown (whole
      games and their last third; a ko counts as classified when its type is known, and
      the figure of kos with both type and location known follows), time per call
      (median, 95th percentile, max) in wall-clock time and in the engine's CPU time (from
      /proc, in clock ticks: what a call costs whatever the machine's load), per origin
      (the file name's prefix before the board size). Extra koan arguments may follow KOAN.
      Records with setup stones (AB/AW, as handicap games have) start from them.

GNU Go is /usr/games/gnugo (Debian package gnugo); Pachi is built by
../shared/anchors/build-pachi.sh."""
import glob
import os
import re
import statistics
import subprocess
import sys
import time

GNUGO = "/usr/games/gnugo"


class Gtp:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("engine died on " + cmd)
            if line.strip() == "" and lines:
                break
            if line.strip() == "" and not lines:
                continue
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if text.startswith("?"):
            raise RuntimeError(f"{cmd}: {text}")
        return text[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        self.p.wait()


def sgf_point(v, size):
    if v.lower() == "pass":
        return ""
    col = "ABCDEFGHJKLMNOPQRST".index(v[0].upper())
    row = size - int(v[1:])
    return "abcdefghijklmnopqrs"[col] + "abcdefghijklmnopqrs"[row]


def gtp_vertex(p, size):
    if p == "" or p == "tt" and size <= 19:
        return "pass"
    col = "abcdefghijklmnopqrs".index(p[0])
    row = "abcdefghijklmnopqrs".index(p[1])
    return "ABCDEFGHJKLMNOPQRST"[col] + str(size - row)


HANDICAP = 0


def start(engines, size):
    """Sets `engines` up for a game: board, komi, and the handicap stones if any. Returns
    the colour to move first and the SGF root's setup properties."""
    komi = 0.5 if HANDICAP else 7
    stones = []
    for eng in engines:
        eng.ask(f"boardsize {size}")
        eng.ask("clear_board")
        eng.ask(f"komi {komi}")
        if HANDICAP:
            stones = eng.ask(f"fixed_handicap {HANDICAP}").split()
    if not HANDICAP:
        return "B", "KM[7]"
    ab = "".join(f"[{sgf_point(v, size)}]" for v in stones)
    return "W", f"KM[0.5]HA[{HANDICAP}]AB{ab}"


def tag():
    return f"-h{HANDICAP}" if HANDICAP else ""


def self_play(argv, name, player, size, limit):
    """One game of the engine `argv` against itself, played to two passes (a resignation
    counts as a pass) or `limit` moves, written to the file `name`."""
    eng = Gtp(argv)
    color, root = start([eng], size)
    moves, passes = [], 0
    while passes < 2 and len(moves) < limit:
        v = eng.ask(f"genmove {color}")
        if v.lower() == "resign":
            v = "pass"
        passes = passes + 1 if v.lower() == "pass" else 0
        moves.append((color, sgf_point(v, size)))
        color = "W" if color == "B" else "B"
    eng.close()
    body = "".join(f";{c}[{p}]" for c, p in moves)
    with open(name, "w") as f:
        f.write(f"(;GM[1]FF[4]SZ[{size}]{root}RU[Chinese]PB[{player}]PW[{player}]{body})\n")
    print(name, len(moves), "moves", file=sys.stderr)


def play(out, games, size):
    os.makedirs(out, exist_ok=True)
    for g in range(1, games + 1):
        level = [1, 5, 10][g % 3]
        argv = [GNUGO, "--mode", "gtp", "--level", str(level), "--seed", str(g),
                "--chinese-rules"]
        name = os.path.join(out, f"gnugo-l{level}{tag()}-{size}x{size}-{g:03}.sgf")
        self_play(argv, name, f"GNU Go {level}", size, 300)


def opponent_argv(name, seed):
    if name == "gnugo":
        return [GNUGO, "--mode", "gtp", "--level", "5", "--seed", str(seed), "--chinese-rules"]
    if name == "pachi":
        pachi = os.environ.get("PACHI", "/work/pachi/pachi")
        return [pachi, "-s", str(seed), "-t", "=3000",
                "threads=1,resign_threshold=0,pondering=0"]
    raise SystemExit(f"unknown opponent {name!r}: gnugo or pachi")


def versus(out, opponent, games, size, koan):
    os.makedirs(out, exist_ok=True)
    limit = 300 if size <= 9 else 600
    for g in range(1, games + 1):
        engines = {
            "koan": Gtp([koan, "--threads", "1", "--playouts", "3000", "--seed", str(g),
                         "--resign-threshold", "0", "--quiet"]),
            opponent: Gtp(opponent_argv(opponent, g)),
        }
        black, white = ("koan", opponent) if g % 2 == 1 else (opponent, "koan")
        color, root = start(engines.values(), size)
        moves, passes = [], 0
        while passes < 2 and len(moves) < limit:
            mover = black if color == "B" else white
            other = white if color == "B" else black
            v = engines[mover].ask(f"genmove {color}")
            if v.lower() == "resign":
                v = "pass"
            engines[other].ask(f"play {color} {v}")
            passes = passes + 1 if v.lower() == "pass" else 0
            moves.append((color, sgf_point(v, size)))
            color = "W" if color == "B" else "B"
        for eng in engines.values():
            eng.close()
        body = "".join(f";{c}[{p}]" for c, p in moves)
        name = os.path.join(out, f"koan-{opponent}{tag()}-{size}x{size}-{g:03}.sgf")
        with open(name, "w") as f:
            f.write(f"(;GM[1]FF[4]SZ[{size}]{root}RU[Chinese]PB[{black}]PW[{white}]{body})\n")
        print(name, len(moves), "moves", file=sys.stderr)


def pachi_selfplay(out, games, size):
    os.makedirs(out, exist_ok=True)
    for g in range(1, games + 1):
        name = os.path.join(out, f"pachi{tag()}-{size}x{size}-{g:03}.sgf")
        self_play(opponent_argv("pachi", g), name, "Pachi", size, 300 if size <= 9 else 600)


def read_sgf(path):
    """The board size, the setup stones of the root ([(colour, point)]) and the moves."""
    text = open(path).read()
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    root = text.split(";B[", 1)[0].split(";W[", 1)[0]
    setup = []
    for prop, color in (("AB", "B"), ("AW", "W")):
        m = re.search(prop + r"((?:\[[a-s]{2}\])+)", root)
        if m:
            setup += [(color, p) for p in re.findall(r"\[([a-s]{2})\]", m.group(1))]
    moves = re.findall(r";([BW])\[([a-s]{0,2})\]", text)
    return size, setup, moves


def cpu_seconds(pid):
    """The CPU time (user and system) process `pid` has used so far, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def origin(name):
    """A corpus file's origin: its name before the board size (`koan-pachi` in
    `koan-pachi-9x9-003.sgf`, `gnugo-l5` in `gnugo-l5-19x19-001.sgf`)."""
    return re.split(r"-\d+x\d+-", name)[0]


def classify(d, koan, extra=()):
    eng = Gtp([koan, "--threads", "1", "--playouts", "100", *extra])
    rows = []  # (file, move, in_last_third, line, seconds)
    for path in sorted(glob.glob(os.path.join(d, "*.sgf"))):
        size, setup, moves = read_sgf(path)
        eng.ask(f"boardsize {size}")
        eng.ask("clear_board")
        black = [gtp_vertex(p, size) for c, p in setup if c == "B"]
        if black and len(black) == len(setup):
            eng.ask("set_free_handicap " + " ".join(black))
        elif setup:
            raise SystemExit(f"{path}: setup stones other than Black's handicap")
        for i, (c, p) in enumerate(moves):
            v = gtp_vertex(p, size)
            try:
                eng.ask(f"play {c} {v}")
            except RuntimeError:
                break
            t = time.monotonic()
            c = cpu_seconds(eng.p.pid)
            out = eng.ask("ko-classify")
            dt = time.monotonic() - t
            dc = cpu_seconds(eng.p.pid) - c
            for line in filter(None, out.split("\n")):
                last = (i + 1) * 3 >= len(moves) * 2
                rows.append((os.path.basename(path), i + 1, last, line, dt, dc))
                print(f"{os.path.basename(path)} move {i + 1}: {line} ({dt * 1000:.0f} ms, "
                      f"cpu {dc * 1000:.0f} ms)")
    eng.close()

    def summary(rs, what):
        n = len(rs)
        known = [r for r in rs if "type=unknown" not in r[3]]
        ex = sum(1 for r in known if "basis=exact" in r[3])
        ju = sum(1 for r in known if "basis=judged" in r[3])
        pct = 100 * len(known) / n if n else 0
        both = [r for r in known if "location=unknown" not in r[3]]
        pct2 = 100 * len(both) / n if n else 0
        print(f"{what}: {n} kos, {ex} exact, {ju} judged, {n - len(known)} unknown "
              f"({pct:.0f}% classified); type and location known: {len(both)} "
              f"({pct2:.1f}%)")

    summary(rows, "whole games")
    summary([r for r in rows if r[2]], "last third")
    for o in sorted({origin(r[0]) for r in rows}):
        summary([r for r in rows if r[2] and origin(r[0]) == o], f"  last third, {o}")
    for what, k in (("time", 4), ("cpu time", 5)):
        times = sorted(r[k] for r in rows)
        if times:
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(f"{what} per ko-classify call with a ko: median "
                  f"{statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
                  f"max {times[-1] * 1000:.0f} ms ({len(times)} kos)")
    reasons = {}
    for r in rows:
        m = re.search(r"reason=(\w+)", r[3])
        if m:
            reasons[m.group(1)] = reasons.get(m.group(1), 0) + 1
    print("unknown reasons:", reasons)


if __name__ == "__main__":
    if "--handicap" in sys.argv:
        i = sys.argv.index("--handicap")
        HANDICAP = int(sys.argv[i + 1])
        del sys.argv[i:i + 2]
    if len(sys.argv) < 3 or sys.argv[1] not in ("play", "versus", "pachi", "classify"):
        print(__doc__)
        sys.exit(2)
    if sys.argv[1] == "versus":
        if len(sys.argv) < 4:
            print(__doc__)
            sys.exit(2)
        versus(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 12,
               int(sys.argv[5]) if len(sys.argv) > 5 else 9,
               sys.argv[6] if len(sys.argv) > 6 else "target/release/koan")
    elif sys.argv[1] == "pachi":
        pachi_selfplay(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 12,
                       int(sys.argv[4]) if len(sys.argv) > 4 else 9)
    elif sys.argv[1] == "play":
        play(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 12,
             int(sys.argv[4]) if len(sys.argv) > 4 else 9)
    else:
        classify(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "target/release/koan",
                 sys.argv[4:])
