// Records read with Sabaki's own libraries (@sabaki/sgf parses, @sabaki/go-board plays the
// moves) and through the package: the same moves and the same final position, for every
// record of engine-tests/ that koan loads (the rule suites' and the ko corpus's games);
// and the package's own records read back by @sabaki/sgf.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import sgf from '@sabaki/sgf';
import GoBoard from '@sabaki/go-board';
import { Game } from '../index.js';
import { ENGINE_TESTS, gtp, wallClockTodo } from './helpers.mjs';

// The records koan refuses on purpose (sgf.tst): impossible moves, broken text.
const BROKEN = ['sgf/occupied.sgf', 'sgf/off-board.sgf', 'sgf/garbage.sgf', 'sgf/truncated.sgf'];

function records(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return records(path);
    return name.endsWith('.sgf') ? [path] : [];
  });
}

// The main line as Sabaki reads it: the final board (setup and moves played by
// @sabaki/go-board, captures and all) and the moves after the last setup.
function sabakiReplay(text) {
  const [root] = sgf.parse(text);
  const size = Number((root.data.SZ || ['19'])[0]);
  let board = GoBoard.fromDimensions(size);
  let moves = [];
  const points = (values) => (values || []).flatMap((v) => sgf.parseCompressedVertices(v));
  for (let node = root; node; node = node.children[0]) {
    const d = node.data;
    if (d.AB || d.AW || d.AE) {
      moves = [];
      for (const [sign, key] of [[1, 'AB'], [-1, 'AW'], [0, 'AE']]) {
        for (const v of points(d[key])) board = board.set(v, sign);
      }
    }
    for (const [sign, key] of [[1, 'B'], [-1, 'W']]) {
      if (!d[key]) continue;
      const value = d[key][0];
      const color = sign === 1 ? 'B' : 'W';
      if (value === '' || (value === 'tt' && size <= 19)) {
        moves.push({ color, vertex: 'pass' });
      } else {
        const v = sgf.parseVertex(value);
        board = board.makeMove(sign, v);
        moves.push({ color, vertex: gtp(v, size) });
      }
    }
  }
  return { size, signMap: board.signMap, moves };
}

const all = records(ENGINE_TESTS).filter((p) => !BROKEN.includes(relative(ENGINE_TESTS, p)));

test('every record of engine-tests replays to the position Sabaki reads', () => {
  assert.ok(all.length > 90, `only ${all.length} records found`);
  let moves = 0;
  for (const path of all) {
    const text = readFileSync(path, 'utf8');
    const want = sabakiReplay(text);
    const game = Game.fromSgf(text);
    const name = relative(ENGINE_TESTS, path);
    assert.equal(game.size, want.size, name);
    assert.deepEqual(game.moves, want.moves, name);
    assert.deepEqual(game.signMap(), want.signMap, name);
    moves += want.moves.length;
    game.free();
  }
  assert.ok(moves > 3000, `only ${moves} moves replayed`);
});

// A finished game's record holds its result, which counts the position.
test('records the package writes read back in Sabaki and in the package', { todo: wallClockTodo(Game) }, () => {
  for (const path of all.filter((p) => p.includes('ko-corpus')).slice(0, 20)) {
    const game = Game.fromSgf(readFileSync(path, 'utf8'));
    const written = game.toSgf();
    const again = sabakiReplay(written);
    const name = relative(ENGINE_TESTS, path);
    assert.deepEqual(again.moves, game.moves, name);
    assert.deepEqual(again.signMap, game.signMap(), name);
    const [root] = sgf.parse(written);
    assert.equal(Number(root.data.KM[0]), game.komi, name);
    assert.ok(root.data.RU, name);
    const back = Game.fromSgf(written);
    assert.deepEqual(back.moves, game.moves, name);
    assert.deepEqual(back.rules, game.rules, name);
  }
});

test('records koan refuses are refused here too, with a message', () => {
  for (const name of BROKEN) {
    assert.throws(() => Game.fromSgf(readFileSync(join(ENGINE_TESTS, name), 'utf8')), /SGF/, name);
  }
});
