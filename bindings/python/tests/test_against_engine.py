"""Random games on 4x4 to 6x6 under every ko rule and every suicide rule: position by
position, the package's legal moves for both players equal the engine's (`koan`'s GTP
`all_legal`), and the package refuses a move exactly when the engine does.

The engine binary is $KOAN_BIN, else the workspace's target/release/koan or
target/debug/koan (`cargo build` makes it)."""

import os
import pathlib
import random
import subprocess

import pytest

import koan_go
from koan_go import Game

ROOT = pathlib.Path(__file__).resolve().parents[3]
MOVES_PER_GAME = 80
GAMES_PER_SIZE = 4


def engine_path():
    named = os.environ.get("KOAN_BIN")
    if named:
        return pathlib.Path(named)
    for build in ["release", "debug"]:
        path = ROOT / "target" / build / "koan"
        if path.exists():
            return path
    pytest.fail("no koan binary: build it with `cargo build` or name it in KOAN_BIN")


class Engine:
    """koan over GTP."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [str(path), "--threads", "1", "--playouts", "10"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True,
        )

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            assert line, f"koan ended on {command!r}"
            if line == "\n" and lines:
                break
            if line != "\n":
                lines.append(line.rstrip("\n"))
        first = lines[0]
        ok = first.startswith("=")
        text = "\n".join([first[1:].strip()] + lines[1:]).strip()
        return ok, text

    def must(self, command):
        ok, text = self.ask(command)
        assert ok, f"{command}: {text}"
        return text

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def engine():
    e = Engine(engine_path())
    yield e
    e.close()


@pytest.mark.parametrize("suicide", koan_go.SUICIDE_RULES)
@pytest.mark.parametrize("ko", koan_go.KO_RULES)
def test_legal_moves_equal_the_engines(engine, ko, suicide):
    rng = random.Random(f"{ko}/{suicide}")
    compared = 0
    for size in [4, 5, 6] * GAMES_PER_SIZE:
        game = Game(size=size, rules="chinese", ko=ko, suicide=suicide)
        engine.must(f"boardsize {size}")
        engine.must("clear_board")
        engine.must(f"rules chinese suicide={suicide}")
        engine.must(f"ko-rule {ko}")
        for number in range(1, MOVES_PER_GAME + 1):
            color = game.to_move
            for who in ["B", "W"]:
                mine = game.legal_moves(who)
                theirs = engine.must(f"all_legal {who}").split()
                assert mine == theirs, f"{size}x{size} after {game.moves}: {who}"
                compared += 1
            # Mostly legal moves, sometimes a refused one, sometimes a pass.
            pick = rng.random()
            bans = [v for v, _ in game.ko_bans(color)]
            if pick < 0.08 or not game.legal_moves(color):
                vertex = "pass"
            elif pick < 0.2 and bans:
                vertex = rng.choice(bans)
            elif pick < 0.3:
                vertex = rng.choice([f"{'ABCDEFGH'[x]}{y}" for x in range(size) for y in range(1, size + 1)])
            else:
                vertex = rng.choice(game.legal_moves(color))
            refused = game.why_illegal(color, vertex)
            ok, why = engine.ask(f"play {color} {vertex}")
            assert ok == (refused is None), f"{color} {vertex}: package {refused!r}, engine {why!r}"
            if ok:
                game.play(color, vertex)
            if game.is_over():
                break
    assert compared >= 500
