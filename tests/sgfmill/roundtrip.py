"""RU and game information through koan and back, read and written by sgfmill (a Python SGF
library other Go tools use). Usage: roundtrip.py KOAN WORKDIR. Installs sgfmill with pip if
it is missing. Prints PROBLEM lines and exits 1 when something is off."""
import os
import subprocess
import sys

try:
    import sgfmill  # noqa: F401
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "sgfmill"], check=True)
from sgfmill import sgf

koan, work = sys.argv[1], sys.argv[2]
problems = []


def gtp(commands):
    out = subprocess.run([koan, "--threads", "1", "--quiet"], input="\n".join(commands + ["quit"]) + "\n",
                         capture_output=True, text=True, timeout=60).stdout
    return [r for r in out.split("\n\n") if r]


# (what a program writes in RU, the preset koan must take, the name koan writes back)
CASES = [
    ("Japanese", "japanese", "Japanese"),
    ("japanese", "japanese", "Japanese"),
    ("Chinese", "chinese", "Chinese"),
    ("chinese", "chinese", "Chinese"),
    ("AGA", "aga", "AGA"),
    ("NZ", "new_zealand", "NZ"),
    ("New Zealand", "new_zealand", "NZ"),
    ("GOE", "ing", "GOE"),
    ("korean", "japanese", "Japanese"),
    ("tromp-taylor", "tromp-taylor", "Tromp-Taylor"),
]
for i, (written, preset, standard) in enumerate(CASES):
    game = sgf.Sgf_game(size=9)
    root = game.get_root()
    root.set("RU", written)
    root.set("KM", 0.5)
    root.set("PB", "Black player")
    root.set("PW", "White player")
    root.set("DT", "2026-11-25")
    root.set("EV", "sgfmill round trip")
    root.set("C", "a comment on the root")
    node = game.extend_main_sequence()
    node.set_move("b", (4, 4))
    node.set("C", "the first move")
    node = game.extend_main_sequence()
    node.set_move("w", (2, 6))
    src = os.path.join(work, f"in{i}.sgf")
    out = os.path.join(work, f"out{i}.sgf")
    with open(src, "wb") as f:
        f.write(game.serialise())
    answers = gtp([f"loadsgf {src}", "rules", f"printsgf {out}"])
    if len(answers) < 3 or not answers[1].startswith("= ") or f"preset={preset}" not in answers[1].replace("preset=custom", "x"):
        # `rules` names the preset only with the preset's own komi; compare the rule words.
        rules_line = answers[1] if len(answers) > 1 else ""
        want = gtp([f"rules {preset}", "rules"])[1].split(" komi=")[0]
        if rules_line.split(" komi=")[0] != want:
            problems.append(f"RU[{written}]: koan's rules are {rules_line!r}, expected {want!r}")
    try:
        with open(out, "rb") as f:
            back = sgf.Sgf_game.from_bytes(f.read())
    except Exception as e:  # noqa: BLE001
        problems.append(f"RU[{written}]: sgfmill cannot read koan's record: {e}")
        continue
    r = back.get_root()
    for key, want in [("RU", standard), ("PB", "Black player"), ("PW", "White player"),
                      ("DT", "2026-11-25"), ("EV", "sgfmill round trip"), ("C", "a comment on the root")]:
        got = r.get(key) if r.has_property(key) else None
        if got != want:
            problems.append(f"RU[{written}]: {key} came back as {got!r}, expected {want!r}")
    if r.get("KM") != 0.5:
        problems.append(f"RU[{written}]: KM came back as {r.get('KM')!r}")
    moves = [n.get_move() for n in back.get_main_sequence()[1:]]
    if moves != [("b", (4, 4)), ("w", (2, 6))]:
        problems.append(f"RU[{written}]: the moves came back as {moves}")
    first = back.get_main_sequence()[1]
    if not first.has_property("C") or first.get("C") != "the first move":
        problems.append(f"RU[{written}]: the first move's comment was lost")

for p in problems:
    print("PROBLEM:", p)
print(f"{len(CASES)} records, {len(problems)} problems")
sys.exit(1 if problems else 0)
