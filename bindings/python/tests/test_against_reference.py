"""Random games on 4x4 to 6x6 under every ko rule and every suicide rule: position by
position, the package's legal moves for both players equal the reference judge's
(tests/ko_reference, a naive judge independent of the engine), as
engine-tests/reference/legal-moves.json records them. `cargo test --test ko_rules_reference
fixture` fails when that file is not what the reference judge says today."""

import json
import pathlib

import koan_go
from koan_go import Game

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURE = ROOT / "engine-tests" / "reference" / "legal-moves.json"
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def vertices(mask, size):
    """The GTP vertices of a fixture set: bit (row - 1) * size + column of the mask."""
    bits = int(mask, 16)
    return sorted(
        f"{LETTERS[p % size]}{p // size + 1}" for p in range(size * size) if bits >> p & 1
    )


def test_legal_moves_equal_the_reference_judges():
    games = json.loads(FIXTURE.read_text())["games"]
    seen = set()
    compared = 0
    for g in games:
        size = g["size"]
        seen.add((g["ko"], g["suicide"]))
        game = Game(size=size, ko=g["ko"], suicide=g["suicide"])
        for k, sets in enumerate(g["legal"]):
            for color, mask in zip(["B", "W"], sets):
                if mask is None:  # the reference could not decide
                    continue
                ours = sorted(game.legal_moves(color))
                assert ours == vertices(mask, size), (
                    f"{size}x{size} ko={g['ko']} suicide={g['suicide']}, {color} after "
                    f"{k} moves: {g['moves'][:k]}"
                )
                compared += 1
            if k < len(g["moves"]):
                color, vertex = g["moves"][k].split()
                game.play(color, vertex)
    assert seen == {(ko, s) for ko in koan_go.KO_RULES for s in koan_go.SUICIDE_RULES}
    assert compared > 7000
