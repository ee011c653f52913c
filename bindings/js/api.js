// koan-go's JavaScript API over the raw WebAssembly bindings (src/lib.rs).
//
// This file is shared by the ES module (index.js, for Node and bundlers) and by the
// explorer's classic script (built by tools/bundle.mjs), so it holds one factory and
// imports nothing: `makeApi(raw)` takes the raw bindings and returns the public classes.

/**
 * Builds the public API over `raw`, the wasm-bindgen exports of the koan-go-js crate.
 * @param {object} raw
 */
function makeApi(raw) {
  /** A move the rules refuse: `reason` is a short code, `message` says why in words. */
  class IllegalMoveError extends Error {
    constructor(message, reason, color, vertex) {
      super(message);
      this.name = 'IllegalMoveError';
      /** `occupied`, `suicide`, `ko`, `superko`, `fixed-ko`, `ing-spight`, `pass-for-ko`, `pass-rule`. */
      this.reason = reason;
      /** The colour that tried the move, `B` or `W`. */
      this.color = color;
      /** The move as a GTP vertex (`D4`, `pass`). */
      this.vertex = vertex;
    }
  }

  /** A failure inside the rules core itself (a bug): the game that met it should be dropped. */
  class KoanInternalError extends Error {
    constructor(message) {
      super(message);
      this.name = 'KoanInternalError';
    }
  }

  // Runs a raw call. The raw layer throws plain Errors for bad input; a Rust panic turns
  // into a WebAssembly trap (RuntimeError), which is rethrown with the panic's message so
  // that Node and the page go on.
  function guard(call) {
    try {
      return call();
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        let why = '';
        try {
          why = raw.lastPanic();
        } catch (_) {
          // The module may be unusable after the trap; the trap's own message stays.
        }
        throw new KoanInternalError(`koan internal error: ${why || e.message}`);
      }
      throw e;
    }
  }

  // Colours: 'B', 'W', 'black', 'white' (any case), or @sabaki/go-board's signs 1 and -1.
  function colorText(color) {
    if (color === 1) return 'B';
    if (color === -1) return 'W';
    if (typeof color !== 'string') {
      throw new TypeError(`invalid color ${JSON.stringify(color)} (expected "B", "W", "black", "white", 1 or -1)`);
    }
    return color;
  }

  // Vertices: GTP strings ('D4', 'pass') or @sabaki/go-board's [x, y] (x from the left,
  // y from the top, both from 0). Anything else is a TypeError; range checks are the core's.
  function vertexArgs(vertex) {
    if (typeof vertex === 'string') return [vertex, -1, -1];
    if (Array.isArray(vertex) && vertex.length === 2 && vertex.every(Number.isSafeInteger)) {
      return [null, vertex[0], vertex[1]];
    }
    throw new TypeError(`invalid vertex ${JSON.stringify(vertex)} (expected a GTP vertex such as "D4" or "pass", or [x, y])`);
  }

  function optionalString(value, what) {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') {
      throw new TypeError(`${what} must be a string, not ${JSON.stringify(value)}`);
    }
    return value;
  }

  // Game options as the raw constructor takes them: rules as text (a preset, key=value
  // words or a JSON object; an object is sent as JSON).
  function rawOptions(options, defaults) {
    if (options === undefined || options === null) options = {};
    if (typeof options !== 'object' || Array.isArray(options)) {
      throw new TypeError('options must be an object such as {size: 19, rules: "chinese"}');
    }
    const known = ['size', 'rules', 'ko', 'suicide', 'komi'];
    for (const key of Object.keys(options)) {
      if (!known.includes(key)) throw new TypeError(`unknown option '${key}' (${known.join(', ')})`);
    }
    let size = options.size ?? defaults.size;
    if (size !== undefined && !Number.isInteger(size)) {
      throw new TypeError(`size must be an integer, not ${JSON.stringify(size)}`);
    }
    let rules = options.rules ?? defaults.rules;
    if (rules !== undefined && rules !== null && typeof rules === 'object') rules = JSON.stringify(rules);
    rules = optionalString(rules, 'rules');
    const ko = optionalString(options.ko, 'ko');
    const suicide = optionalString(options.suicide, 'suicide');
    const komi = options.komi;
    if (komi !== undefined && komi !== null && typeof komi !== 'number') {
      throw new TypeError(`komi must be a number, not ${JSON.stringify(komi)}`);
    }
    return { size, rules, ko, suicide, komi: komi ?? undefined };
  }

  function illegal(color, vertex, refusal) {
    const r = JSON.parse(refusal);
    return new IllegalMoveError(r.message, r.reason, r.color, r.vertex ?? vertex);
  }

  /**
   * A game of Go under one ruleset: the board, the moves and the ko rules' memory.
   * Colours are "B"/"W" (also "black"/"white", or 1/-1); vertices GTP strings ("D4",
   * "pass") or [x, y] as @sabaki/go-board numbers them.
   */
  class Game {
    /**
     * @param {{size?: number, rules?: string|object, ko?: string, suicide?: string, komi?: number}} [options]
     */
    constructor(options) {
      if (options instanceof raw.RawGame) {
        // Game.fromSgf's way in.
        this._raw = options;
        return;
      }
      const o = rawOptions(options, { size: 19, rules: 'chinese' });
      this._raw = guard(() => new raw.RawGame(o.size, o.rules, o.ko, o.suicide, o.komi));
    }

    /**
     * A game from an SGF record, read as koan's loadsgf reads it: `options.rules` when its RU
     * names none (or rules koan does not know), `ko`, `suicide` and `komi` over the record's.
     */
    static fromSgf(text, options) {
      if (typeof text !== 'string') throw new TypeError('Game.fromSgf takes the record as a string');
      const o = rawOptions(options, {});
      if (o.size !== undefined) throw new TypeError('the size of a record is its SZ');
      return new Game(guard(() => raw.RawGame.fromSgf(text, o.rules, o.ko, o.suicide, o.komi)));
    }

    /**
     * Changes the rules from the next move on: the moves stay, and every move from now is
     * judged under the new rules against the whole history. `rules` replaces the ruleset,
     * `ko` and `suicide` override it; komi changes only when `komi` is given. Returns the game.
     */
    setRules(options) {
      const o = rawOptions(options, {});
      if (o.size !== undefined) throw new TypeError('setRules cannot change the board size');
      guard(() => this._raw.setRules(o.rules, o.ko, o.suicide, o.komi));
      return this;
    }

    /** An independent copy of the game (its moves, rules and ko memory). */
    clone() {
      return new Game(guard(() => this._raw.copy()));
    }

    /** The board's size. */
    get size() {
      return guard(() => this._raw.size());
    }

    /** The colour to move, "B" or "W". */
    get toMove() {
      return guard(() => this._raw.toMove());
    }

    /** The moves played, oldest first: {color, vertex} with GTP vertices ("pass" for a pass). */
    get moves() {
      return JSON.parse(guard(() => this._raw.movesJson()));
    }

    /** Stones captured so far: {B: stones Black took, W: stones White took}. */
    get captures() {
      return JSON.parse(guard(() => this._raw.capturesJson()));
    }

    /** The ruleset in force: {ko, suicide, scoring, komi, end, pass, preset}. */
    get rules() {
      return JSON.parse(guard(() => this._raw.rulesJson()));
    }

    /** The komi. */
    get komi() {
      return this.rules.komi;
    }

    /**
     * Plays a move; throws IllegalMoveError (with .reason) if the rules refuse it, and an
     * Error or TypeError for bad input. Returns the game.
     */
    play(color, vertex) {
      const c = colorText(color);
      const [v, x, y] = vertexArgs(vertex);
      const refusal = guard(() => this._raw.play(c, v, x, y));
      if (refusal !== undefined && refusal !== null) throw illegal(c, v, refusal);
      return this;
    }

    /** Whether `color` may play `vertex` now. */
    isLegal(color, vertex) {
      return this.whyIllegal(color, vertex) === null;
    }

    /** Why `color` may not play `vertex` now, in words, or null when the move is legal. */
    whyIllegal(color, vertex) {
      const refusal = this.refusal(color, vertex);
      return refusal === null ? null : refusal.message;
    }

    /**
     * Why `color` may not play `vertex` now as {reason, message, color, vertex}, or null when
     * the move is legal.
     */
    refusal(color, vertex) {
      const c = colorText(color);
      const [v, x, y] = vertexArgs(vertex);
      const refusal = guard(() => this._raw.whyIllegal(c, v, x, y));
      return refusal === undefined || refusal === null ? null : JSON.parse(refusal);
    }

    /** The legal board plays of `color` (default: the player to move) as GTP vertices, passes excluded. */
    legalMoves(color) {
      const c = colorText(color ?? this.toMove);
      return guard(() => this._raw.legalMoves(c));
    }

    /** Takes back the last move; throws an Error when there is none. Returns the game. */
    undo() {
      guard(() => this._raw.undo());
      return this;
    }

    /** The colour of the stone on `vertex`, "B" or "W", or null when it is empty. */
    stoneAt(vertex) {
      const [v, x, y] = vertexArgs(vertex);
      const s = guard(() => this._raw.stoneAt(v, x, y));
      return s === '' ? null : s;
    }

    /** @sabaki/go-board's `get`: the sign at [x, y] (or a GTP vertex): 1 black, -1 white, 0 empty. */
    get(vertex) {
      const s = this.stoneAt(vertex);
      return s === 'B' ? 1 : s === 'W' ? -1 : 0;
    }

    /** The board as rows from the top, each a list of "B", "W" or null. */
    board() {
      const text = guard(() => this._raw.boardText());
      const n = this.size;
      const rows = [];
      for (let y = 0; y < n; y++) {
        const row = [];
        for (let x = 0; x < n; x++) {
          const ch = text[y * n + x];
          row.push(ch === 'B' ? 'B' : ch === 'W' ? 'W' : null);
        }
        rows.push(row);
      }
      return rows;
    }

    /** The board as @sabaki/go-board's signMap: rows from the top, 1 black, -1 white, 0 empty. */
    signMap() {
      return this.board().map((row) => row.map((s) => (s === 'B' ? 1 : s === 'W' ? -1 : 0)));
    }

    /** Whether the game is over by its ruleset's end rule (two passes, ...). */
    isOver() {
      return guard(() => this._raw.isOver());
    }

    /** The record as SGF, RU written as printsgf writes it. */
    toSgf() {
      return guard(() => this._raw.toSgf());
    }

    /**
     * The count by the ruleset's scoring (area or territory), with the strings of the stones
     * in `options.dead` (vertices) taken off as dead, or, without `dead`, the stones koan
     * judges dead. Returns {points, winner, margin, result, dead, judged, scoring, komi}.
     */
    score(options) {
      const dead = options && options.dead;
      if (dead === undefined || dead === null) {
        return JSON.parse(guard(() => this._raw.scoreJson(undefined)));
      }
      if (!Array.isArray(dead)) throw new TypeError('score({dead}) takes a list of vertices');
      const gtp = dead.map((v) => {
        if (typeof v === 'string') return v;
        const [, x, y] = vertexArgs(v);
        return guard(() => this._raw.gtpOf(x, y));
      });
      return JSON.parse(guard(() => this._raw.scoreJson(JSON.stringify(gtp))));
    }

    /**
     * The basic kos on the board with Jasiek's type (the ko-classify answers): each
     * {points, type, location, basis, reason, ...}.
     */
    kos() {
      return JSON.parse(guard(() => this._raw.kosJson()));
    }

    /** Frees the game's memory in the WebAssembly module at once (otherwise the garbage collector does). */
    free() {
      const r = this._raw;
      this._raw = null;
      try {
        if (r) r.free();
      } catch (_) {
        // A game that met a KoanInternalError stays borrowed: its memory is left as it is.
      }
    }
  }

  /** The nine ko rules' names, as `ko` takes them. */
  const KO_RULES = Object.freeze(JSON.parse(raw.koRulesJson()));
  /** The rules presets' names, as `rules` takes them. */
  const PRESETS = Object.freeze(JSON.parse(raw.presetsJson()));

  /** Internal: makes the rules core panic, to test that a panic becomes an Error. */
  function testPanic(message) {
    return guard(() => raw.testPanic(String(message)));
  }

  return { Game, IllegalMoveError, KoanInternalError, KO_RULES, PRESETS, testPanic };
}

export { makeApi };
