// Type-checked by types.test.mjs against index.d.ts (never run): the API as a TypeScript
// program uses it, and a few misuses the declarations must refuse.
import koan, { Game, IllegalMoveError, KO_RULES, type Ko, type Refusal, type Score } from '../index.js';

const game: Game = new Game({ size: 9, rules: 'japanese', ko: 'fixed', suicide: 'multi', komi: 6.5 });
game.play('B', 'E5').play('W', [2, 2]).play(1, 'pass');
const legal: boolean = game.isLegal('black', 'D4');
const why: string | null = game.whyIllegal('W', 'D4');
const refusal: Refusal | null = game.refusal('W', 'D4');
const moves: string[] = game.legalMoves('B');
const signs: Array<Array<1 | -1 | 0>> = game.signMap();
const score: Score = game.score({ dead: ['E5', [2, 2]] });
const kos: Ko[] = game.kos();
const copy: Game = Game.fromSgf(game.toSgf(), { ko: 'positional' }).setRules({ rules: { ko: 'SIMPLE' } }).clone();
const toMove: 'B' | 'W' = copy.toMove;
const rules: readonly string[] = KO_RULES;
try {
  game.play('W', 'E5');
} catch (e) {
  if (e instanceof IllegalMoveError) {
    const reason: 'occupied' | 'suicide' | 'ko' | 'superko' | 'fixed-ko' | 'ing-spight' | 'pass-for-ko' | 'pass-rule' = e.reason;
    console.log(reason, e.message, e.vertex);
  }
}
koan.Game.fromSgf('(;SZ[9])').undo;
console.log(legal, why, refusal, moves, signs, score.result, kos.length, toMove, rules);

// @ts-expect-error: a ko rule koan does not have
new Game({ ko: 'superduper' });
// @ts-expect-error: colours are B/W, black/white or signs
game.play('red', 'E5');
// @ts-expect-error: a vertex is a string or [x, y]
game.play('B', 44);
