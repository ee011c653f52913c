#!/usr/bin/env python3
"""A second opinion from GNU Go on koan's judged ko answers.

  gtp-scripts/ko-second-opinion.py [KOAN] [--n9 N] [--n19 N] [--boards] [--case GAME:MOVE ...]

Picks a deterministic sample of basic kos of the corpus (engine-tests/ko-corpus/9x9 and
19x19) that koan classifies (type known) with basis=judged, asks koan's
`ko-classify_detail` on each, and checks each answer on GNU Go 3.8 (/usr/games/gnugo):

- the judged walls: in the ko position (`loadsgf FILE MOVE`), `dragon_status` of each wall
  stone must be `alive` and `attack` must fail on its string (GNU Go's dragons are often
  larger than the string koan trusts);
- each of the eight answers, from the role's start position (the board, or the board after
  the open player's ko capture, with no simple-ko ban: a setup SGF, as GNU Go's `loadsgf`
  of the game would keep the ban). A `yes` plays koan's whole forcing line (the `line=`
  field of `ko-classify_detail`: Z's moves and the opponent's stubbornest replies in turn);
  a move of it that GNU Go refuses (a ko retake that GNU Go's simple ko forbids and the
  line's fixed-ko or Released Ko Rule allows) makes the answer `n/a`. A `yes` printed
  without a line (its reading was cut off) plays the first move; when that move is the ko
  capture, the script continues with the opponent's pass and Z's connection on the other
  ko point (its own guess, not koan's line: a failure there gives `n/a`). A `no` plays the
  natural try (Z plays the empty ko point: the connection in the closed role, the capture
  in the open role). After the line, with the opponent to move (or Z, when the line ends
  with the opponent's move; the checks read both sides' best play):
  - `yes`: every Z string on a target point must be safe (`owl_attack` and `attack` fail),
    every opponent string on a target point dead (`owl_defend` fails);
  - `no`: the try must fail: some Z string on a target point dies (`owl_attack` or `attack`
    succeeds) or, for the locale, some opponent string there lives (`owl_defend` succeeds).
  GNU Go's ko results (codes 2 and 3) give `n/a`: GNU Go reads under simple ko, the lines
  under the fixed-ko and released-ko rules; so does a win whose move takes the classified
  ko (Z retakes at once under the Released Ko Rule, which GNU Go does not know), and a move
  GNU Go refuses. A failing Z string that holds a point of a judged wall is named: koan's
  goal test counts such a string as uncapturable.

Prints one row per answer (case, answer, line, verdict, why) and the counts. The sample:
the positions after every move of every game that leave a basic ko (found here in Python as
koan finds them), in each game ordered by a hash of file and move; the games in order of a
hash of their names; round by round one candidate from each game is asked (at most three
tries a game a round) until N kos (default 30 on 9x9, 8 on 19x19) are judged and classified.
koan reads each ko with its default work budget (nodes, not seconds), so the answers are the
same under any load. --boards prints GNU Go's board after every disagreeing line.

--case GAME:MOVE (repeatable; GAME a file name of the 9x9 or 19x19 corpus, MOVE the number
of moves played) checks the kos of those positions instead of a sample, whatever their
basis: the way to check the answers a change to the classifier changed."""
import glob
import hashlib
import importlib.util
import os
import subprocess
import sys
import tempfile

COLS = "ABCDEFGHJKLMNOPQRST"
LETTERS = "abcdefghijklmnopqrs"


def load_corpus_tool():
    """gtp-scripts/ko-corpus.py as a module: its GTP client and SGF reader."""
    sys.dont_write_bytecode = True
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ko-corpus.py")
    spec = importlib.util.spec_from_file_location("ko_corpus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CORPUS = load_corpus_tool()
Gtp = CORPUS.Gtp
read_sgf = CORPUS.read_sgf


def try_ask(engine, cmd):
    """The response and whether it is a success (an error response is not raised)."""
    try:
        return engine.ask(cmd), True
    except RuntimeError as e:
        return str(e), False


class Board:
    """A plain Go board: points are (column, row), row 0 at the top as in SGF."""

    def __init__(self, size):
        self.size = size
        self.cells = {}

    def copy(self):
        b = Board(self.size)
        b.cells = dict(self.cells)
        return b

    def neighbours(self, p):
        c, r = p
        for q in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                yield q

    def string(self, p):
        color = self.cells[p]
        stones, libs, todo = {p}, set(), [p]
        while todo:
            x = todo.pop()
            for n in self.neighbours(x):
                v = self.cells.get(n)
                if v is None:
                    libs.add(n)
                elif v == color and n not in stones:
                    stones.add(n)
                    todo.append(n)
        return stones, libs

    def play(self, color, p):
        """Plays (no legality check beyond captures); the captured points."""
        self.cells[p] = color
        captured = []
        for n in self.neighbours(p):
            if self.cells.get(n) == other(color):
                stones, libs = self.string(n)
                if not libs:
                    captured.extend(stones)
                    for s in stones:
                        del self.cells[s]
        return captured

    def vertex(self, p):
        return COLS[p[0]] + str(self.size - p[1])

    def setup_sgf(self):
        ab = "".join(f"[{LETTERS[c]}{LETTERS[r]}]" for (c, r), v in sorted(self.cells.items())
                     if v == "B")
        aw = "".join(f"[{LETTERS[c]}{LETTERS[r]}]" for (c, r), v in sorted(self.cells.items())
                     if v == "W")
        return (f"(;GM[1]FF[4]SZ[{self.size}]KM[7]" + (f"AB{ab}" if ab else "")
                + (f"AW{aw}" if aw else "") + ")\n")


def other(color):
    return "W" if color == "B" else "B"


def find_kos(board):
    """Basic kos as koan finds them: (empty point p, stone q, open player)."""
    kos = []
    for c in range(board.size):
        for r in range(board.size):
            p = (c, r)
            if p in board.cells:
                continue
            for opn in "BW":
                for q in board.neighbours(p):
                    if board.cells.get(q) != other(opn):
                        continue
                    stones, libs = board.string(q)
                    if len(stones) != 1 or len(libs) != 1:
                        continue
                    b = board.copy()
                    captured = b.play(opn, p)
                    s2, l2 = b.string(p)
                    if captured == [q] and len(s2) == 1 and l2 == {q}:
                        kos.append((p, q, opn))
                        break
    return kos


def sgf_to_point(s, size):
    if s == "" or (s == "tt" and size <= 19):
        return None
    return (LETTERS.index(s[0]), LETTERS.index(s[1]))


def point_of(vertex, size):
    if vertex.lower() == "pass":
        return None
    return (COLS.index(vertex[0].upper()), size - int(vertex[1:]))


def key(text):
    return hashlib.sha1(text.encode()).hexdigest()


def candidates(path):
    """(move count, board, ko) for every position of the game that has a basic ko."""
    size, setup, moves = read_sgf(path)
    board, out = Board(size), []
    for color, s in setup:
        board.cells[sgf_to_point(s, size)] = color
    for i, (color, s) in enumerate(moves):
        p = sgf_to_point(s, size)
        if p is not None:
            board.play(color, p)
        for ko in find_kos(board):
            out.append((i + 1, board.copy(), ko))
    name = os.path.basename(path)
    out.sort(key=lambda c: key(f"{name}:{c[0]}:{c[2][0]}"))
    return out


def derive_type(ans):
    """Type and location from the eight answers (koan's report_from_answers)."""
    def a(z, role, target):
        return ans[(z, role, target)].split()[0]
    if any(a(z, "closed", "ko") == "unknown" for z in "BW"):
        return "unknown", "unknown"
    killers = [z for z in "BW" if a(z, "closed", "ko") == "yes"]
    if len(killers) == 2:
        ty = "fighting"
    elif not killers:
        ty = "disturbing-life"
    else:
        z = killers[0]
        o = other(z)
        dead = [a(z, "open", "ko"), a(z, "closed", "ko"),
                {"yes": "no", "no": "yes"}.get(a(o, "open", "ko"), "unknown"),
                {"yes": "no", "no": "yes"}.get(a(o, "closed", "ko"), "unknown")]
        if "unknown" in dead:
            ty = "unknown"
        elif all(d == "yes" for d in dead):
            ty = "dead-ko"
        else:
            ty = "disturbing-death"
    if any(a(z, "closed", "locale") == "no" for z in killers):
        loc = "external"
    elif any(a(z, "closed", "locale") == "unknown" for z in killers):
        loc = "unknown"
    else:
        loc = "internal"
    return ty, loc


def ask_koan(koan, path, move, ko, size):
    koan.ask(f"loadsgf {path} {move + 1}")
    out = koan.ask(f"ko-classify_detail {COLS[ko[0][0]]}{size - ko[0][1]}")
    ans, walls, basis = {}, [], None
    for line in out.split("\n"):
        f = line.split()
        if line.startswith("basis="):
            basis = f[0].split("=")[1]
            if len(f) > 1:
                walls = f[1].split("=")[1].split(",")
        elif len(f) >= 4:
            ans[(f[0], f[1], f[2])] = " ".join(f[3:])
    return ans, basis, walls


def role_start(board, ko, z, role):
    p, _, opn = ko
    start = board.copy()
    if (z == opn) != (role == "open"):
        start.play(opn, p)
    return start


def targets(board, ko, target):
    p, q, _ = ko
    pts = [p, q]
    if target == "locale":
        for k in (p, q):
            for n in board.neighbours(k):
                if n not in pts:
                    pts.append(n)
    return pts


def code(text):
    """GNU Go's result code of attack/defend answers: 0, 1 (win), 2 or 3 (by ko)."""
    return int(text.split()[0])


def strings_on(board, pts, color):
    heads, seen = [], set()
    for p in pts:
        if board.cells.get(p) == color and p not in seen:
            stones, _ = board.string(p)
            seen |= stones
            heads.append(p)
    return heads


def judge_line(gnugo, tmp, start, ko, z, target, answer, walls):
    """(line, verdict, why) for one answer, playing its line on GNU Go from `start`; `walls`
    are koan's judged wall stones (a failing string that holds one of their points is
    named, as koan's goal test counts such a string as uncapturable)."""
    size = start.size
    p, q, _ = ko
    empty = p if p not in start.cells else q
    fields = answer.split()
    line = []
    if answer.startswith("yes"):
        move = fields[1]
        mp = point_of(move, size)
        line_note = move
        for f in fields[2:]:
            if f.startswith("line="):
                line = [point_of(v, size) for v in f[len("line="):].split(",")]
    else:
        # The natural try: Z plays the empty ko point (connection or capture).
        mp = empty
        line_note = f"try {start.vertex(empty)}"
    with open(tmp, "w") as f:
        f.write(start.setup_sgf())
    gnugo.ask(f"loadsgf {tmp}")
    gnugo.ask("clear_cache")
    end = start.copy()
    guessed = False
    if line:
        # koan's whole forcing line, Z first: GNU Go plays every move; one it refuses is a
        # retake under simple ko that the line's fixed-ko rule (or the Released Ko Rule)
        # allows, and makes the line not applicable.
        names = []
        for i, m in enumerate(line):
            color = z if i % 2 == 0 else other(z)
            v = "pass" if m is None else start.vertex(m)
            names.append(v if i == 0 else f"{color} {v}")
            _, ok = try_ask(gnugo, f"play {color} {v}")
            if not ok:
                return " ".join(names), "n/a", \
                    f"GNU Go refuses {color} {v} (move {i + 1} of the line; simple ko)"
            if m is not None:
                end.play(color, m)
        line_note = "line " + " ".join(names)
        mp = line[0]
    elif mp is not None:
        _, ok = try_ask(gnugo, f"play {z} {start.vertex(mp)}")
        if not ok:
            return line_note, "n/a", f"GNU Go refuses {z} {start.vertex(mp)}"
        end.play(z, mp)
    other_point = q if mp == p else p
    if (not line and answer.startswith("yes") and mp == empty
            and other_point not in end.cells):
        # Z's first move is the ko capture and koan gave no whole line: Z connects next
        # unless the opponent resists locally; GNU Go is asked after the opponent's pass and
        # that connection.
        gnugo.ask(f"play {other(z)} pass")
        _, ok = try_ask(gnugo, f"play {z} {start.vertex(other_point)}")
        if not ok:
            return line_note, "n/a", f"GNU Go refuses {z} {start.vertex(other_point)}"
        end.play(z, other_point)
        guessed = True
        line_note += f" {other(z)} pass {z} {start.vertex(other_point)}"
    ko_empty = {end.vertex(x) for x in (p, q) if x not in end.cells}

    def judge(name, v, r, bad):
        """Files GNU Go's answer `r` to `name v`: a win (code 1) is `bad` unless its move
        takes the classified ko, which the Released Ko Rule lets Z retake at once."""
        c = code(r)
        move = r.split()[1] if len(r.split()) > 1 else ""
        if c == 1 and move.upper() in ko_empty:
            kos.append(f"{name} {v} -> {r} (takes the ko; Z retakes at once)")
        elif c == 1:
            bad.append(f"{name} {v} -> {r}")
        elif c in (2, 3):
            kos.append(f"{name} {v} -> {r} (ko)")
        return c

    pts = targets(end, ko, target)
    mine = strings_on(end, pts, z)
    theirs = strings_on(end, pts, other(z))
    kos, fails, holds, lives = [], [], [], []
    for s in mine:
        v = end.vertex(s)
        oa = judge("owl_attack", v, gnugo.ask(f"owl_attack {v}"), fails)
        ta = judge("attack", v, gnugo.ask(f"attack {v}"), fails)
        if oa == 0 and ta == 0:
            holds.append(f"{z} {v} safe")
    for s in theirs:
        v = end.vertex(s)
        if judge("owl_defend", v, gnugo.ask(f"owl_defend {v}"), lives) == 0:
            holds.append(f"{other(z)} {v} dead")
    fails += lives
    wall_points = {point_of(w, size) for w in walls}
    for x in mine:
        held = sorted(end.vertex(w) for w in end.string(x)[0] & wall_points)
        if held and any(f" {end.vertex(x)} " in f" {t} " for t in fails):
            fails.append(f"{z} {end.vertex(x)} holds judged wall point {','.join(held)}")
    if answer.startswith("yes"):
        if fails and guessed:
            return line_note, "n/a", "the continuation after the capture is a guess: " + \
                "; ".join(fails)
        if fails:
            return line_note, "disagree", "; ".join(fails)
        if kos:
            return line_note, "n/a", "; ".join(kos)
        if not mine and not theirs:
            return line_note, "n/a", "no string on the target to ask about"
        return line_note, "agree", "; ".join(holds)
    # A "no": the try must fail.
    if fails:
        return line_note, "agree", "try fails: " + "; ".join(fails)
    if kos:
        return line_note, "n/a", "; ".join(kos)
    return line_note, "disagree", "try holds: " + "; ".join(holds)


def main():
    opts = sys.argv[1:]
    args, i = [], 0
    while i < len(opts):
        if opts[i] in ("--n9", "--n19", "--case"):
            i += 2
        elif opts[i].startswith("--"):
            i += 1
        else:
            args.append(opts[i])
            i += 1
    koan_path = args[0] if args else "target/release/koan"

    def opt(name, default):
        return int(opts[opts.index(name) + 1]) if name in opts else default
    n9, n19 = opt("--n9", 30), opt("--n19", 8)
    chosen = [opts[i + 1] for i, o in enumerate(opts) if o == "--case"]
    boards = "--boards" in opts
    koan = Gtp([koan_path, "--threads", "1", "--quiet"])
    gnugo = Gtp([CORPUS.GNUGO, "--mode", "gtp"])
    tmpdir = tempfile.mkdtemp(prefix="ko-second-opinion-")
    tmp = os.path.join(tmpdir, "start.sgf")
    counts, wall_counts, by_kind, cases = {}, {}, {}, 0
    for size, want in ((9, n9), (19, n19)):
        d = os.path.join("engine-tests", "ko-corpus", f"{size}x{size}")
        games = sorted(glob.glob(os.path.join(d, "*.sgf")),
                       key=lambda g: key(os.path.basename(g)))
        pools = {g: candidates(g) for g in games}
        sample, asked = [], 0
        for c in chosen:
            name, move = c.rsplit(":", 1)
            g = os.path.join(d, name)
            if g not in pools:
                continue
            for m, board, ko in sorted(pools[g], key=lambda c: (c[0], c[2])):
                if m == int(move):
                    asked += 1
                    ans, basis, walls = ask_koan(koan, g, m, ko, size)
                    ty, loc = derive_type(ans) if len(ans) == 8 else ("unknown", "unknown")
                    sample.append((g, m, board, ko, ans, walls, ty, loc))
        while not chosen and len(sample) < want and any(pools.values()):
            for g in games:
                if len(sample) >= want:
                    break
                for _ in range(3):
                    if not pools[g]:
                        break
                    move, board, ko = pools[g].pop(0)
                    asked += 1
                    ans, basis, walls = ask_koan(koan, g, move, ko, size)
                    ty, loc = derive_type(ans) if len(ans) == 8 else ("unknown", "unknown")
                    if basis == "judged" and ty != "unknown":
                        sample.append((g, move, board, ko, ans, walls, ty, loc))
                        break
        print(f"# {size}x{size}: {len(sample)} judged kos from {asked} asked, "
              f"{len({s[0] for s in sample})} games")
        for g, move, board, ko, ans, walls, ty, loc in sample:
            cases += 1
            p, q, opn = ko
            case = f"{os.path.basename(g)}:{move} {board.vertex(p)}/{board.vertex(q)}"
            print(f"\n{case} open={opn} type={ty} location={loc} walls={','.join(walls)}")
            gnugo.ask(f"loadsgf {g} {move + 1}")
            gnugo.ask("clear_cache")
            for w in walls:
                st = gnugo.ask(f"dragon_status {w}")
                at = gnugo.ask(f"attack {w}")
                verdict = "agree" if st == "alive" and code(at) == 0 else "disagree"
                wall_counts[verdict] = wall_counts.get(verdict, 0) + 1
                print(f"  {case} | wall {w} | dragon_status {st}; attack {at} | {verdict}")
            for z in "BW":
                for role in ("open", "closed"):
                    for target in ("ko", "locale"):
                        a = ans[(z, role, target)]
                        name = f"{z} {role} {target} {a}"
                        if a == "unknown":
                            line, verdict, why = "-", "n/a", "koan's answer is unknown"
                        else:
                            start = role_start(board, ko, z, role)
                            line, verdict, why = judge_line(gnugo, tmp, start, ko, z, target, a,
                                                             walls)
                        counts[verdict] = counts.get(verdict, 0) + 1
                        kind = a.split()[0] + (" (whole line)" if " line=" in a else "")
                        by_kind.setdefault(kind, {})
                        by_kind[kind][verdict] = by_kind[kind].get(verdict, 0) + 1
                        print(f"  {case} | {name} | {line} | {verdict} | {why}")
                        if boards and verdict == "disagree":
                            print(gnugo.ask("showboard"))
    print(f"\n# {cases} kos; answers: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
          + "; walls: " + ", ".join(f"{k} {v}" for k, v in sorted(wall_counts.items())))
    for kind, c in sorted(by_kind.items()):
        print(f"#   {kind}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    koan.close()
    gnugo.close()
    if os.path.exists(tmp):
        os.remove(tmp)
    os.rmdir(tmpdir)


if __name__ == "__main__":
    main()
