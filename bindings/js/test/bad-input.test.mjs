// Bad input of every kind throws an Error (or a TypeError) with a message; nothing aborts
// Node, a panic inside the rules core included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, IllegalMoveError, KoanInternalError, testPanic } from '../index.js';

function throwsWith(call, pattern, kind = Error) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof kind, `${e} is not a ${kind.name}`);
    assert.ok(!(e instanceof IllegalMoveError), `${e} is bad input, not an illegal move`);
    assert.match(e.message, pattern);
    return true;
  });
}

test('board sizes out of 2..25 are refused', () => {
  for (const size of [0, 1, 26, 1000, -3, 1e300]) {
    throwsWith(() => new Game({ size }), /board size .* out of range/);
  }
  for (const size of [2.5, NaN, Infinity, '19', false]) {
    throwsWith(() => new Game({ size }), /size must be/, TypeError);
  }
  assert.equal(new Game({ size: 2 }).size, 2);
  assert.equal(new Game({ size: 25 }).size, 25);
});

test('unknown rules, ko rules, suicide rules and komi are refused', () => {
  throwsWith(() => new Game({ rules: 'klingon' }), /unknown rules 'klingon'/);
  throwsWith(() => new Game({ rules: 'ko=nonsense' }), /nonsense/);
  throwsWith(() => new Game({ rules: '{"ko":' }), /not valid JSON/);
  throwsWith(() => new Game({ rules: { ko: 'NOPE' } }), /NOPE/);
  throwsWith(() => new Game({ ko: 'superduper' }), /unknown ko rule 'superduper'/);
  throwsWith(() => new Game({ suicide: 'sometimes' }), /sometimes/);
  throwsWith(() => new Game({ komi: 1e9 }), /komi .* out of range/);
  throwsWith(() => new Game({ komi: '6.5' }), /komi must be a number/, TypeError);
  throwsWith(() => new Game({ rules: 42 }), /rules must be a string/, TypeError);
  throwsWith(() => new Game({ colour: 'B' }), /unknown option 'colour'/, TypeError);
  throwsWith(() => new Game('19'), /options must be an object/, TypeError);
});

test('malformed vertices and colours are refused, the game unchanged', () => {
  const game = new Game({ size: 9 });
  for (const v of ['Z1', 'A0', 'A10', 'I5', '', 'D', '4D', 'pas', 'T19']) {
    throwsWith(() => game.play('B', v), /invalid vertex/);
    throwsWith(() => game.isLegal('B', v), /invalid vertex/);
  }
  for (const v of [[9, 0], [0, 9], [-1, 0], [0, -1], [1e15, 2]]) {
    throwsWith(() => game.play('B', v), /off a 9x9 board/);
  }
  for (const v of [[1], [1, 2, 3], [1.5, 2], ['a', 'b'], null, undefined, 44, {}]) {
    throwsWith(() => game.play('B', v), /invalid vertex/, TypeError);
  }
  for (const c of ['red', '', 'bw', 'X']) {
    throwsWith(() => game.play(c, 'D4'), /invalid color/);
    throwsWith(() => game.legalMoves(c), /invalid color/);
  }
  for (const c of [0, 2, null, {}, true]) {
    throwsWith(() => game.play(c, 'D4'), /invalid color/, TypeError);
  }
  assert.equal(game.moves.length, 0);
  game.play('B', 'D4');
  assert.equal(game.moves.length, 1);
});

test('broken SGF is refused with what was wrong', () => {
  for (const text of ['', 'garbage', '(;GM[1]SZ[9];B[dd]', '(;SZ[0])', '(;SZ[40])', '(;SZ[9];B[dd];W[dd])', '(;SZ[9];B[zz])']) {
    throwsWith(() => Game.fromSgf(text), /SGF/);
  }
  throwsWith(() => Game.fromSgf(42), /takes the record as a string/, TypeError);
  throwsWith(() => Game.fromSgf('(;SZ[9])', { size: 9 }), /size of a record/, TypeError);
  throwsWith(() => Game.fromSgf('(;SZ[9])', { rules: 'klingon' }), /unknown rules/);
});

test('undo on an empty game throws, and the game goes on', () => {
  const game = new Game({ size: 9 });
  throwsWith(() => game.undo(), /nothing to undo/);
  game.play('B', 'E5').undo();
  throwsWith(() => game.undo(), /nothing to undo/);
  game.play('B', 'E5');
  assert.equal(game.stoneAt('E5'), 'B');
});

test('dead stones to count must be stones', () => {
  const game = new Game({ size: 9 });
  throwsWith(() => game.score({ dead: ['E5'] }), /no stone on E5/);
  throwsWith(() => game.score({ dead: ['Q99'] }), /invalid vertex/);
  throwsWith(() => game.score({ dead: 'E5' }), /list of vertices/, TypeError);
});

test('a panic in the rules core is an Error with its message, and Node goes on', () => {
  assert.throws(() => testPanic('deliberate'), (e) => {
    assert.ok(e instanceof KoanInternalError);
    assert.ok(e instanceof Error);
    assert.match(e.message, /^koan internal error: deliberate \(at .*lib\.rs:\d+\)$/);
    return true;
  });
  // The module still serves new games.
  const game = new Game({ size: 9 });
  game.play('B', 'E5');
  assert.equal(game.stoneAt('E5'), 'B');
});
