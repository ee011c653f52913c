// The package's legal moves equal the reference judge's (tests/ko_reference: a naive judge
// independent of the engine), position by position, in the random games of
// engine-tests/reference/legal-moves.json: 4x4 to 6x6 under every ko rule and every suicide
// rule. `cargo test --test ko_rules_reference fixture` fails when that file is not what the
// reference judge says today.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Game, KO_RULES } from '../index.js';
import { ENGINE_TESTS } from './helpers.mjs';

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const fixture = JSON.parse(readFileSync(join(ENGINE_TESTS, 'reference', 'legal-moves.json'), 'utf8'));

/** The GTP vertices of a fixture set: bit (row - 1) * size + column of the hexadecimal mask. */
function vertices(mask, size) {
  const bits = BigInt(`0x${mask}`);
  const out = [];
  for (let p = 0; p < size * size; p++) {
    if ((bits >> BigInt(p)) & 1n) out.push(`${LETTERS[p % size]}${Math.floor(p / size) + 1}`);
  }
  return out.sort();
}

test('legal moves equal the reference judge\'s in random games under every rule', (t) => {
  const seen = new Set();
  let compared = 0;
  for (const g of fixture.games) {
    const name = `${g.size}x${g.size} ko=${g.ko} suicide=${g.suicide}`;
    seen.add(`${g.ko}/${g.suicide}`);
    const game = new Game({ size: g.size, ko: g.ko, suicide: g.suicide });
    try {
      g.legal.forEach((sets, k) => {
        ['B', 'W'].forEach((color, i) => {
          if (sets[i] === null) return; // the reference could not decide
          const ours = game.legalMoves(color).sort();
          assert.deepEqual(ours, vertices(sets[i], g.size), `${name}, ${color} after ${k} moves: ${g.moves.slice(0, k).join(', ')}`);
          compared++;
        });
        if (k < g.moves.length) {
          const [color, vertex] = g.moves[k].split(' ');
          game.play(color, vertex);
        }
      });
    } finally {
      game.free();
    }
  }
  // Every ko rule under every suicide rule, and thousands of sets.
  assert.equal(seen.size, KO_RULES.length * 3);
  assert.ok(compared > 7000, `${compared} sets compared`);
  t.diagnostic(`${compared} legal sets compared with the reference judge`);
});
