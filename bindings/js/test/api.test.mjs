// The package's API in its own words: the basic ko under two ko rules, refusals, vertices
// as GTP and [x, y], the board, undo, SGF both ways, the count and the ko types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, IllegalMoveError, KO_RULES, PRESETS } from '../index.js';
import { wallClockTodo } from './helpers.mjs';

const todo = wallClockTodo(Game);

// The basic ko of the core's example: after B D3 White may not retake at C3 at once.
function basicKo(options) {
  const game = new Game({ size: 5, ...options });
  for (const [b, w] of [['B3', 'D2'], ['C2', 'D4'], ['C4', 'E3'], ['A5', 'C3']]) {
    game.play('B', b).play('W', w);
  }
  return game.play('B', 'D3');
}

test('the immediate retake of a basic ko is refused with a reason and the earlier move', () => {
  const game = basicKo({ rules: 'chinese' });
  assert.equal(game.isLegal('W', 'C3'), false);
  const why = game.whyIllegal('W', 'C3');
  assert.match(why, /after move 8/);
  assert.throws(() => game.play('W', 'C3'), (e) => {
    assert.ok(e instanceof IllegalMoveError);
    assert.ok(e instanceof Error);
    assert.equal(e.name, 'IllegalMoveError');
    assert.equal(e.reason, 'superko');
    assert.equal(e.color, 'W');
    assert.equal(e.vertex, 'C3');
    assert.equal(e.message, why);
    return true;
  });
  assert.equal(game.refusal('W', 'C3').reason, 'superko');
  assert.ok(!game.legalMoves('W').includes('C3'));
  // The refusal left the game as it was.
  assert.equal(game.moves.length, 9);
  assert.equal(game.toMove, 'W');
});

test('under simple ko the retake is a "ko" refusal, under fixed ko it is legal', () => {
  assert.equal(basicKo({ rules: 'japanese' }).refusal('W', 'C3').reason, 'ko');
  const fixed = basicKo({ ko: 'fixed' });
  assert.equal(fixed.rules.ko, 'fixed');
  assert.equal(fixed.whyIllegal('W', 'C3'), null);
  assert.ok(fixed.legalMoves('W').includes('C3'));
  fixed.play('W', 'C3');
  assert.equal(fixed.stoneAt('D3'), null);
});

test('occupied points and forbidden suicide have their own reasons', () => {
  const game = new Game({ size: 5 });
  game.play('B', 'A2').play('W', 'E5').play('B', 'B1');
  assert.equal(game.refusal('W', 'A2').reason, 'occupied');
  assert.equal(game.refusal('W', 'A1').reason, 'suicide');
  // Where suicide is allowed, the stone is played and removed: the position after move 3
  // again, which positional superko bans and simple ko does not.
  const all = new Game({ size: 5, suicide: 'all', ko: 'simple' });
  all.play('B', 'A2').play('W', 'E5').play('B', 'B1');
  assert.equal(all.whyIllegal('W', 'A1'), null);
  all.setRules({ ko: 'positional' });
  assert.match(all.whyIllegal('W', 'A1'), /recreates the position after move 3/);
  all.setRules({ ko: 'simple' }).play('W', 'A1');
  assert.equal(all.stoneAt('A1'), null);
  assert.equal(all.moves.length, 4);
});

test('[x, y] vertices and signs work as in @sabaki/go-board', () => {
  const game = new Game({ size: 9, komi: 0.5 });
  game.play(1, [2, 6]); // C3
  game.play('white', [6, 2]); // G7
  assert.equal(game.stoneAt('C3'), 'B');
  assert.equal(game.stoneAt([6, 2]), 'W');
  assert.equal(game.get([2, 6]), 1);
  assert.equal(game.get('G7'), -1);
  assert.equal(game.get('E5'), 0);
  const map = game.signMap();
  assert.equal(map.length, 9);
  assert.equal(map[6][2], 1);
  assert.equal(map[2][6], -1);
  assert.equal(map.flat().filter((s) => s !== 0).length, 2);
  assert.deepEqual(game.board()[6][2], 'B');
  assert.deepEqual(game.moves, [{ color: 'B', vertex: 'C3' }, { color: 'W', vertex: 'G7' }]);
  assert.equal(game.komi, 0.5);
});

test('legal moves are GTP vertices in board order, passes excluded', () => {
  const game = new Game({ size: 2 });
  assert.deepEqual(game.legalMoves('B').sort(), ['A1', 'A2', 'B1', 'B2']);
  game.play('B', 'A1');
  assert.deepEqual(game.legalMoves().sort(), ['A2', 'B1', 'B2']);
  assert.ok(game.isLegal('W', 'pass'));
});

test('undo takes back moves, captures and the ko rules memory', () => {
  const game = basicKo({});
  assert.equal(game.captures.B, 1);
  game.undo();
  assert.equal(game.captures.B, 0);
  assert.equal(game.toMove, 'B');
  assert.equal(game.stoneAt('C3'), 'W');
  while (game.moves.length > 0) game.undo();
  assert.ok(game.signMap().flat().every((s) => s === 0));
});

test('SGF written and read back gives the same game, RU included', () => {
  const game = basicKo({ rules: 'japanese', komi: 6.5 });
  const sgf = game.toSgf();
  assert.match(sgf, /RU\[Japanese\]/i);
  assert.match(sgf, /KM\[6\.5\]/);
  const again = Game.fromSgf(sgf);
  assert.deepEqual(again.moves, game.moves);
  assert.deepEqual(again.signMap(), game.signMap());
  assert.equal(again.rules.ko, 'simple');
  assert.equal(again.refusal('W', 'C3').reason, 'ko');
  // Options override the record's rules.
  const fixed = Game.fromSgf(sgf, { ko: 'fixed' });
  assert.equal(fixed.whyIllegal('W', 'C3'), null);
});

test('rules: presets, key=value words, KataGo JSON and objects', () => {
  assert.equal(KO_RULES.length, 9);
  assert.ok(PRESETS.includes('japanese'));
  for (const preset of PRESETS) assert.equal(new Game({ size: 5, rules: preset }).rules.preset, preset);
  assert.equal(new Game({ rules: 'japanese ko=fixed' }).rules.ko, 'fixed');
  assert.equal(new Game({ rules: { ko: 'SITUATIONAL', scoring: 'TERRITORY', suicide: false } }).rules.ko, 'situational');
  assert.equal(new Game({ rules: { ko: 'spight', suicide: 'multi' } }).rules.suicide, 'multi');
  for (const ko of KO_RULES) assert.equal(new Game({ size: 5, ko }).rules.ko, ko);
  const g = new Game({ size: 9, rules: 'tromp-taylor' });
  assert.equal(g.rules.scoring, 'area');
  assert.equal(g.rules.suicide, 'all');
});

test('score counts by the rules, with the dead stones named or judged', { todo }, () => {
  const game = new Game({ size: 5, rules: 'chinese', komi: 0.5 });
  for (const v of ['C1', 'C2', 'C3', 'C4', 'C5']) game.play('B', v).play('W', 'pass');
  const s = game.score({ dead: [] });
  // Black owns the whole board: 25 points against White's komi.
  assert.equal(s.points, 24.5);
  assert.equal(s.winner, 'B');
  assert.equal(s.result, 'B+24.5');
  assert.equal(s.judged, false);
  game.play('B', 'pass').play('W', 'A1');
  const named = game.score({ dead: ['A1'] });
  assert.deepEqual(named.dead, ['A1']);
  assert.equal(named.points, 24.5);
  const judged = game.score();
  assert.equal(judged.judged, true);
  assert.equal(judged.result, 'B+24.5');
});

test('kos gives Jasiek\'s type of each basic ko', { todo }, () => {
  const game = basicKo({});
  const kos = game.kos();
  assert.equal(kos.length, 1);
  assert.deepEqual([...kos[0].points].sort(), ['C3', 'D3']);
  assert.equal(kos[0].open, 'W');
  assert.equal(typeof kos[0].type, 'string');
  assert.ok(['exact', 'judged'].includes(kos[0].basis));
});
