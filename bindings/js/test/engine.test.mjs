// The package's legal moves equal the engine's (GTP all_legal), position by position, in
// seeded random games on 4x4 to 6x6 under every ko rule and every suicide rule, passes
// included (pass-for-ko and Spight's superko turn on them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, KO_RULES } from '../index.js';
import { gtpSession, rng } from './helpers.mjs';

const SUICIDE = ['forbidden', 'multi', 'all'];
const SIZES = [4, 5, 6];

test('legal moves equal the engine\'s in random games under every rule', async (t) => {
  const engine = gtpSession();
  let positions = 0;
  let bans = 0;
  try {
    for (const size of SIZES) {
      for (const ko of KO_RULES) {
        for (const suicide of SUICIDE) {
          const name = `${size}x${size} ko=${ko} suicide=${suicide}`;
          const random = rng(size * 1000 + KO_RULES.indexOf(ko) * 10 + SUICIDE.indexOf(suicide));
          const game = new Game({ size, ko, suicide });
          await engine.send(`boardsize ${size}`);
          await engine.send('clear_board');
          await engine.send(`rules ko=${ko} suicide=${suicide}`);
          let lastPass = false;
          for (let move = 0; move < 3 * size * size; move++) {
            for (const color of ['B', 'W']) {
              const ours = game.legalMoves(color).sort();
              const theirs = (await engine.send(`all_legal ${color}`)).split(/\s+/).filter(Boolean).sort();
              assert.deepEqual(ours, theirs, `${name}, ${color} after ${JSON.stringify(game.moves)}`);
              positions++;
            }
            const color = game.toMove;
            const legal = game.legalMoves(color);
            for (const [y, row] of game.signMap().entries()) {
              for (const [x, sign] of row.entries()) {
                const why = sign === 0 ? game.refusal(color, [x, y]) : null;
                if (why && why.reason !== 'suicide') bans++;
              }
            }
            let vertex;
            if (legal.length === 0 || (!lastPass && random() < 0.06)) {
              if (lastPass) break; // a second pass would end the game
              vertex = 'pass';
            } else {
              vertex = legal[Math.floor(random() * legal.length)];
            }
            game.play(color, vertex);
            await engine.send(`play ${color} ${vertex}`);
            lastPass = vertex === 'pass';
          }
          game.free();
        }
      }
    }
  } finally {
    await engine.close();
  }
  t.diagnostic(`${positions} positions compared, ${bans} ko bans met`);
  // The games met the rules: many positions, and ko bans among them.
  assert.ok(positions > 5000, `only ${positions} positions compared`);
  assert.ok(bans > 100, `only ${bans} ko bans met`);
});
