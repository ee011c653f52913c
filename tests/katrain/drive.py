"""KaTrain's own engine class, katrain.core.engine.KataGoEngine, driving `koan analysis`
headless: every position of a whole game is analysed through KaTrain's GameNode.analyze (the
call KaTrain makes when it reviews a game), and KaTrain's own code reads the answers (scores,
win rates, points lost, candidate moves, policy ranking, ownership). Then a pondering
analysis is stopped through KaTrain's terminate, and the engine is started a second time
the way KaTrain starts KataGo itself (`EXE analysis -model M -config C -override-config ...`).

Usage: drive.py KOAN WORKDIR. Installs katrain with pip when it is missing (run it in a
virtual environment). Prints PROBLEM lines and exits 1 when something is off; the last line
says how many positions were analysed."""
import os
import shlex
import subprocess
import sys
import time

koan, work = sys.argv[1], sys.argv[2]
# Kivy (which KaTrain's modules import) reads its arguments, logs and configuration on import:
# keep it off the command line, quiet, and in the work folder. No window is ever opened.
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KIVY_HOME"] = os.path.join(work, "kivy")

try:
    import katrain  # noqa: F401
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "katrain"], check=True)

from pysgf import Move  # noqa: E402  (installed with katrain)

from katrain.core.constants import OUTPUT_ERROR  # noqa: E402
from katrain.core.engine import KataGoEngine  # noqa: E402
from katrain.core.game_node import GameNode  # noqa: E402
from katrain.core.utils import find_package_resource  # noqa: E402

# The same 9x9 game as tests/analysis_engine.rs.
GAME = ("C3 C2 B2 B1 A2 B3 B4 A4 A5 B5 C4 C5 D5 D4 D3 E4 E3 F3 F2 E2 E1 D2 D1 C1 C3 C4 C6 A6 B6 "
        "A7 B7 B8 C8 C9 D9 B9 G6 F1 G2 G1 H1 H2 G3 H3 G4 H4 H5 J5 J6 J4 E1 D1 F1 A1 J2 A3 J3 H3 "
        "H4 F4").split()
VISITS = 40
# With KataGo's network (KaTrain's own, the model KaTrain passes) koan evaluates a few
# positions a second on the CPU: a short review.
NETWORK_VISITS = 2
problems = []


class Headless:
    """Stands where KaTrain's app stands for the engine: collects its log and its popups."""

    def __init__(self):
        self.errors = []
        self.popups = []
        self.lines = []

    def log(self, message, level=0):
        self.lines.append(str(message))
        if level == OUTPUT_ERROR:
            self.errors.append(str(message))

    def __call__(self, message, *args):  # KaTrain's popups: the engine recovery popup
        self.popups.append((message, args))

    def update_state(self):
        pass


def engine_config(**extra):
    # The engine settings KaTrain keeps in its config.json (section "engine").
    config = {
        "max_visits": VISITS,
        "fast_visits": 10,
        "max_time": 8.0,
        "wide_root_noise": 0.04,
        "_enable_ownership": True,
        "allow_recovery": True,
    }
    config.update(extra)
    return config


def wait_for(what, condition, seconds=120):
    start = time.time()
    while not condition():
        if time.time() - start > seconds:
            problems.append(f"timed out waiting for {what}")
            return False
        time.sleep(0.05)
    return True


def game_nodes():
    root = GameNode(properties={"SZ": 9, "KM": 6.5, "RU": "japanese"})
    nodes = [root]
    for i, vertex in enumerate(GAME):
        nodes.append(nodes[-1].play(Move.from_gtp(vertex, player="BW"[i % 2])))
    return nodes


def review_game(engine, app, visits):
    nodes = game_nodes()
    for node in nodes:
        node.analyze(engine)
    if not wait_for(
        "the whole game's analysis", lambda: all(n.analysis_complete for n in nodes), 600
    ):
        return 0
    for i, node in enumerate(nodes):
        where = f"move {i}"
        if node.root_visits != visits:
            problems.append(f"{where}: {node.root_visits} visits, asked for {visits}")
        if not isinstance(node.score, float) or not 0.0 <= node.winrate <= 1.0:
            problems.append(f"{where}: score {node.score!r}, win rate {node.winrate!r}")
        if len(node.ownership or []) != 81 or len(node.policy or []) != 82:
            problems.append(f"{where}: ownership or policy of the wrong length")
        candidates = node.candidate_moves
        if not candidates or any("pointsLost" not in c for c in candidates):
            problems.append(f"{where}: KaTrain finds no candidate moves")
        ranking = node.policy_ranking
        if not ranking or ranking[0][0] <= 0:
            problems.append(f"{where}: no policy ranking")
        if i > 0 and node.points_lost is None:
            problems.append(f"{where}: KaTrain cannot tell the points lost")
    # KaTrain's "find alternatives": the same position with the moves already seen avoided.
    node = nodes[10]
    seen = set(node.analysis["moves"])
    before = len(seen)
    node.analyze(engine, find_alternatives=True)
    wait_for("alternatives", lambda: engine.is_idle())
    if len(node.analysis["moves"]) <= before:
        problems.append("find alternatives added no move")
    return len(nodes)


def ponder_and_stop(engine):
    # Pondering: unlimited visits, reports during the search, stopped by a terminate.
    node = game_nodes()[20]
    node.analyze(engine, ponder=True)
    if wait_for("a report during pondering", lambda: node.analysis_exists, 60):
        engine.stop_pondering()
        if wait_for("the end of pondering", lambda: engine.is_idle(), 60):
            if not node.analysis_complete:
                problems.append("a stopped ponder query did not complete its node's analysis")


def run(config, label):
    app = Headless()
    engine = KataGoEngine(app, config)
    if engine.katago_process is None:
        problems.append(f"{label}: KaTrain could not start {config}")
        return 0
    analysed = review_game(engine, app, config["max_visits"])
    ponder_and_stop(engine)
    engine.shutdown(finish=True)
    for e in app.errors:
        problems.append(f"{label}: KaTrain logged an error: {e}")
    for p in app.popups:
        problems.append(f"{label}: KaTrain opened a popup: {p}")
    return analysed


# KaTrain's custom engine command: the command line, run by a shell. `exec` makes the shell
# become koan, so that KaTrain's terminate at shutdown reaches koan (dash, Debian's sh, would
# otherwise keep koan as its child, and koan would wait for input that never comes).
custom = engine_config(
    backend="custom", altcommand=f"exec {shlex.quote(koan)} analysis --threads 2 --quiet"
)
total = run(custom, "custom command")
# KaTrain's local engine: koan as the KataGo executable, with KaTrain's own network and
# analysis config.
local = engine_config(
    max_visits=NETWORK_VISITS,
    backend="local",
    katago=koan,
    model=find_package_resource("katrain/models/b10c384h6nbttflrs.bin.gz"),
    config=find_package_resource("katrain/KataGo/analysis_config.cfg"),
)
total += run(local, "KataGo executable")

for p in problems:
    print("PROBLEM", p)
print(f"{total} positions analysed through KaTrain, {len(problems)} problems")
sys.exit(1 if problems else 0)
