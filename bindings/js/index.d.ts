// TypeScript declarations of koan-go (index.js).

/** A colour: "B"/"W", "black"/"white" (any case), or @sabaki/go-board's signs 1 and -1. */
export type Color = 'B' | 'W' | 'b' | 'w' | 'black' | 'white' | 'Black' | 'White' | 1 | -1;

/**
 * A move's place: a GTP vertex ("D4", "q16", "pass"; the letters skip I), or [x, y] as
 * @sabaki/go-board numbers points (x the column from the left, y the row from the top, from 0).
 */
export type Vertex = string | [number, number];

/** The nine ko rules, as `ko` takes them. */
export type KoRule =
  | 'simple'
  | 'positional'
  | 'situational'
  | 'natural-situational'
  | 'spight'
  | 'fixed'
  | 'basic-fixed'
  | 'pass-for-ko'
  | 'ing-spight';

/** Which rule refuses a move. */
export type Reason =
  | 'occupied'
  | 'suicide'
  | 'ko'
  | 'superko'
  | 'fixed-ko'
  | 'ing-spight'
  | 'pass-for-ko'
  | 'pass-rule';

export interface GameOptions {
  /** The board's size, 2 to 25 (default 19). */
  size?: number;
  /**
   * The ruleset: a preset ("chinese" (default), "japanese", "aga", "new_zealand",
   * "tromp-taylor", "ing", "spight", "jasiek", "wmsg2008"), key=value words as GTP's `rules`
   * takes them ("japanese ko=fixed"), KataGo's rules JSON, or an object of either's keys.
   */
  rules?: string | Record<string, string | number | boolean>;
  /** Overrides the ruleset's ko rule. */
  ko?: KoRule;
  /** Overrides the ruleset's suicide rule: "forbidden", "multi" (multi-stone only) or "all". */
  suicide?: 'forbidden' | 'multi' | 'all';
  /** Overrides the ruleset's komi. */
  komi?: number;
}

/** A move refused by the rules, with why. */
export interface Refusal {
  reason: Reason;
  /** In words, naming the earlier move whose position would repeat where there is one. */
  message: string;
  color: 'B' | 'W';
  vertex: string;
}

/** A move of the record. */
export interface Move {
  color: 'B' | 'W';
  /** A GTP vertex, or "pass". */
  vertex: string;
}

/** The ruleset in force. */
export interface Rules {
  ko: KoRule;
  suicide: 'forbidden' | 'multi' | 'all';
  scoring: 'area' | 'territory';
  komi: number;
  /** How the game ends: "two-passes" or Spight's "second-pass". */
  end: string;
  /** The pass rule: "free" or "wmsg2008". */
  pass: string;
  /** The preset these rules are, if they are one. */
  preset: string | null;
}

/** A count by the rules' scoring. */
export interface Score {
  /** Black's points less White's, komi included: positive when Black wins. */
  points: number;
  /** "B", "W", or null for a draw. */
  winner: 'B' | 'W' | null;
  /** By how many points the winner wins (0 for a draw). */
  margin: number;
  /** The result as SGF's RE writes it: "B+3.5", "W+0.5", "0". */
  result: string;
  /** The stones taken off as dead, GTP vertices in board order. */
  dead: string[];
  /** True when koan judged which stones are dead; false when they were named. */
  judged: boolean;
  scoring: 'area' | 'territory';
  komi: number;
}

/** A basic ko on the board and its type by Jasiek's definitions (koan's ko-classify). */
export interface Ko {
  /** The ko's two points: the empty point where the capture is played, then the stone it would capture. */
  points: [string, string];
  /** The player for whom the ko is open (who may capture now). */
  open: 'B' | 'W';
  /** The type: "fighting", "disturbing-life", "disturbing-death", "dead-ko", ... or "unknown". */
  type: string;
  /** "internal", "external" or "unknown". */
  location: string;
  /** "exact" for a proof; "judged" when the reading stopped at groups judged alive. */
  basis: string;
  /** Why the type or location is unknown ("time", "region", "wall", "search"), or null. */
  reason: string | null;
  /** The players who are closed killers. */
  closedKillers: Array<'B' | 'W'>;
  /** The players who are strong killers. */
  strongKillers: Array<'B' | 'W'>;
  /** The whole ko-classify line. */
  line: string;
}

/** A move the rules refuse (an Error): `reason` is the short code, `message` says why in words. */
export class IllegalMoveError extends Error {
  readonly name: 'IllegalMoveError';
  readonly reason: Reason;
  readonly color: 'B' | 'W';
  readonly vertex: string;
}

/** A failure inside the rules core (a bug, never bad input): drop the game that met it. */
export class KoanInternalError extends Error {
  readonly name: 'KoanInternalError';
}

/**
 * A game of Go under one ruleset: the board, the moves and the ko rules' memory. Every
 * move is judged against the whole history under the ruleset's ko rule.
 *
 * Bad input (a size out of 2..25, unknown rules, a malformed vertex or colour, a broken
 * record, an undo with nothing to undo) throws an Error or a TypeError with a message.
 */
export class Game {
  constructor(options?: GameOptions);
  /**
   * A game from an SGF record, read as koan's loadsgf reads it: `rules` when its RU names none
   * (or rules koan does not know), `ko`, `suicide` and `komi` over the record's.
   */
  static fromSgf(text: string, options?: Omit<GameOptions, 'size'>): Game;
  /**
   * Changes the rules from the next move on: the moves stay, and every move from now is judged
   * under the new rules against the whole history. `rules` replaces the ruleset, `ko` and
   * `suicide` override it; komi changes only when `komi` is given.
   */
  setRules(options: Omit<GameOptions, 'size'>): this;
  /** An independent copy of the game (moves, rules, ko memory). */
  clone(): Game;
  readonly size: number;
  /** The colour to move. */
  readonly toMove: 'B' | 'W';
  /** The moves played, oldest first. */
  readonly moves: Move[];
  /** Stones captured so far: B the stones Black took, W those White took. */
  readonly captures: { B: number; W: number };
  readonly rules: Rules;
  readonly komi: number;
  /** Plays a move; throws IllegalMoveError when the rules refuse it. */
  play(color: Color, vertex: Vertex): this;
  isLegal(color: Color, vertex: Vertex): boolean;
  /** Why the move is illegal, in words, or null when it is legal. */
  whyIllegal(color: Color, vertex: Vertex): string | null;
  /** Why the move is illegal with its reason code, or null when it is legal. */
  refusal(color: Color, vertex: Vertex): Refusal | null;
  /** The legal board plays of `color` (default: the player to move), GTP vertices, passes excluded. */
  legalMoves(color?: Color): string[];
  /** Takes back the last move; throws when there is none. */
  undo(): this;
  stoneAt(vertex: Vertex): 'B' | 'W' | null;
  /** @sabaki/go-board's `get`: 1 black, -1 white, 0 empty. */
  get(vertex: Vertex): 1 | -1 | 0;
  /** Rows from the top, each point "B", "W" or null. */
  board(): Array<Array<'B' | 'W' | null>>;
  /** @sabaki/go-board's signMap: rows from the top, 1 black, -1 white, 0 empty. */
  signMap(): Array<Array<1 | -1 | 0>>;
  isOver(): boolean;
  toSgf(): string;
  /**
   * The count by the ruleset's scoring, with the strings of the `dead` stones taken off, or,
   * without `dead`, the stones koan judges dead.
   */
  score(options?: { dead?: Vertex[] }): Score;
  /** Every basic ko on the board with its type (koan's ko-classify). */
  kos(): Ko[];
  /** Frees the game's WebAssembly memory now rather than at garbage collection. */
  free(): void;
}

/** The nine ko rules' names. */
export const KO_RULES: readonly KoRule[];
/** The rules presets' names. */
export const PRESETS: readonly string[];
/** Internal, for tests: makes the rules core panic; throws KoanInternalError. */
export function testPanic(message: string): never;

declare const api: {
  Game: typeof Game;
  IllegalMoveError: typeof IllegalMoveError;
  KoanInternalError: typeof KoanInternalError;
  KO_RULES: typeof KO_RULES;
  PRESETS: typeof PRESETS;
  testPanic: typeof testPanic;
};
export default api;
