// The ko-rules explorer: a board on koan's rules core (the npm package koan-go, loaded as
// the classic script koan-go.js so that the page opens from the file system).
'use strict';

(function () {
  const SVG = 'http://www.w3.org/2000/svg';
  const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
  const $ = (id) => document.getElementById(id);

  let api; // the koan-go API, once loaded
  let game; // the Game on the board
  let redo = []; // the moves taken back, last taken back last: {color, vertex}
  let current = { preset: 'chinese', ko: 'positional', suicide: 'forbidden', scoring: 'area', komi: 7.5 };
  let classifyTimer = null;

  const gtp = (x, y, size) => `${LETTERS[x]}${size - y}`;

  function status(text, ok) {
    $('status').textContent = text || '';
    $('status').className = ok ? 'ok' : '';
  }

  // The rules as koan reads them: the preset, then the choices that differ from it.
  function rulesText() {
    return `${current.preset} ko=${current.ko} suicide=${current.suicide} scoring=${current.scoring}`;
  }

  function fillSelect(select, values, labels) {
    select.textContent = '';
    for (const v of values) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = labels ? labels[v] || v : v;
      select.appendChild(o);
    }
  }

  function showRules() {
    $('preset').value = current.preset;
    $('ko').value = current.ko;
    $('suicide').value = current.suicide;
    $('scoring').value = current.scoring;
    $('komi').value = current.komi;
    const r = game.rules;
    $('rules-text').textContent = `ko=${r.ko} suicide=${r.suicide} scoring=${r.scoring} komi=${r.komi} end=${r.end} pass=${r.pass}`;
  }

  // Takes the game's rules into the selectors (after loading a record).
  function adoptRules() {
    const r = game.rules;
    current = { preset: r.preset || current.preset, ko: r.ko, suicide: r.suicide, scoring: r.scoring, komi: r.komi };
  }

  function applyRules() {
    try {
      game.setRules({ rules: rulesText(), komi: Number(current.komi) });
      status(`Rules: ${rulesText()}`, true);
    } catch (e) {
      status(e.message);
    }
    render();
  }

  function newGame(size) {
    if (game) game.free();
    game = new api.Game({ size, rules: rulesText(), komi: Number(current.komi) });
    redo = [];
    $('example-note').textContent = '';
    status('');
    render();
  }

  // Loads a record; `rules` (an example's) replaces the record's, keeping its komi.
  function loadSgf(text, note, rules) {
    let loaded;
    try {
      loaded = api.Game.fromSgf(text);
      if (rules) loaded.setRules({ rules, komi: loaded.komi });
    } catch (e) {
      status(e.message);
      return false;
    }
    if (game) game.free();
    game = loaded;
    redo = [];
    adoptRules();
    $('size').value = String(game.size);
    $('example-note').textContent = note || '';
    status(`Loaded a ${game.size}x${game.size} record with ${game.moves.length} moves.`, true);
    render();
    return true;
  }

  function play(vertex) {
    const color = game.toMove;
    try {
      game.play(color, vertex);
      redo = [];
      status(`${color} ${vertex}`, true);
    } catch (e) {
      status(e.message);
    }
    render();
  }

  function undo() {
    const last = game.moves[game.moves.length - 1];
    if (!last) {
      status('Nothing to undo.');
      return;
    }
    game.undo();
    redo.push(last);
    status('', true);
    render();
  }

  function redoOne() {
    const next = redo[redo.length - 1];
    if (!next) {
      status('Nothing to redo.');
      return;
    }
    try {
      game.play(next.color, next.vertex);
      redo.pop();
      status('', true);
    } catch (e) {
      status(`Cannot redo under these rules: ${e.message}`);
    }
    render();
  }

  // Goes back or forward to just after move `k`.
  function goTo(k) {
    while (game.moves.length > k) undo();
    while (game.moves.length < k && redo.length > 0) {
      const before = game.moves.length;
      redoOne();
      if (game.moves.length === before) break;
    }
  }

  // The empty points `color` may not play, each with the refusal: [{vertex, x, y, reason, message}].
  function bansOf(g, color) {
    const out = [];
    const map = g.signMap();
    for (let y = 0; y < map.length; y++) {
      for (let x = 0; x < map.length; x++) {
        if (map[y][x] !== 0) continue;
        const r = g.refusal(color, [x, y]);
        if (r) out.push({ vertex: r.vertex, x, y, reason: r.reason, message: r.message });
      }
    }
    return out;
  }

  // "W C3 is illegal: recreates the position after move 8 (W C3): positional superko"
  // -> "recreates the position after move 8 (W C3): positional superko".
  function why(message) {
    const i = message.indexOf(' is illegal: ');
    return i >= 0 ? message.slice(i + ' is illegal: '.length) : message;
  }

  function el(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  function drawBoard(bans) {
    const svg = $('board');
    const n = game.size;
    const cell = n <= 9 ? 44 : n <= 13 ? 36 : 28;
    const margin = cell;
    const side = margin * 2 + cell * (n - 1);
    svg.setAttribute('width', side);
    svg.setAttribute('height', side);
    svg.setAttribute('viewBox', `0 0 ${side} ${side}`);
    svg.textContent = '';
    const at = (i) => margin + i * cell;
    for (let i = 0; i < n; i++) {
      el('line', { class: 'line', x1: at(0), y1: at(i), x2: at(n - 1), y2: at(i) }, svg);
      el('line', { class: 'line', x1: at(i), y1: at(0), x2: at(i), y2: at(n - 1) }, svg);
      const col = el('text', { class: 'label', x: at(i), y: margin / 2.6 }, svg);
      col.textContent = LETTERS[i];
      const col2 = el('text', { class: 'label', x: at(i), y: side - margin / 2.6 }, svg);
      col2.textContent = LETTERS[i];
      const row = el('text', { class: 'label', x: margin / 2.6, y: at(i) }, svg);
      row.textContent = String(n - i);
      const row2 = el('text', { class: 'label', x: side - margin / 2.6, y: at(i) }, svg);
      row2.textContent = String(n - i);
    }
    for (const [x, y] of starPoints(n)) el('circle', { class: 'star', cx: at(x), cy: at(y), r: 3 }, svg);
    const map = game.signMap();
    const moves = game.moves;
    const last = moves[moves.length - 1];
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const s = map[y][x];
        if (s === 0) continue;
        const c = s === 1 ? 'B' : 'W';
        el('circle', { class: `stone stone-${c}`, cx: at(x), cy: at(y), r: cell * 0.47, 'data-stone': gtp(x, y, n) }, svg);
        if (last && last.vertex === gtp(x, y, n)) {
          el('circle', { class: `last last-${c}`, cx: at(x), cy: at(y), r: cell * 0.22 }, svg);
        }
      }
    }
    const r = cell * 0.22;
    for (const b of bans) {
      const g = el('g', { class: `ban ban-${b.reason}`, 'data-banned': b.vertex, 'data-reason': b.reason }, svg);
      const cx = at(b.x);
      const cy = at(b.y);
      if (b.reason === 'suicide') {
        el('line', { class: 'ban-suicide', x1: cx - r / 2, y1: cy - r / 2, x2: cx + r / 2, y2: cy + r / 2 }, g);
        el('line', { class: 'ban-suicide', x1: cx - r / 2, y1: cy + r / 2, x2: cx + r / 2, y2: cy - r / 2 }, g);
      } else {
        el('rect', { class: 'ban-box', x: cx - cell * 0.4, y: cy - cell * 0.4, width: cell * 0.8, height: cell * 0.8, rx: 4 }, g);
        el('line', { class: 'ban-cross', x1: cx - r, y1: cy - r, x2: cx + r, y2: cy + r }, g);
        el('line', { class: 'ban-cross', x1: cx - r, y1: cy + r, x2: cx + r, y2: cy - r }, g);
      }
    }
    // The click targets, on top, each with the refusal (if any) as its hover text.
    const byVertex = new Map(bans.map((b) => [b.vertex, b]));
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const v = gtp(x, y, n);
        const rect = el('rect', { class: map[y][x] === 0 ? 'point empty' : 'point', x: at(x) - cell / 2, y: at(y) - cell / 2, width: cell, height: cell, 'data-vertex': v }, svg);
        const title = el('title', {}, rect);
        const b = byVertex.get(v);
        title.textContent = b ? `${v}: ${why(b.message)}` : map[y][x] !== 0 ? v : `${v}: ${game.toMove} may play here`;
        rect.addEventListener('click', () => play(v));
      }
    }
  }

  function starPoints(n) {
    if (n < 7) return [];
    const e = n < 13 ? 2 : 3;
    const pts = [e, n - 1 - e];
    const out = [];
    for (const x of pts) for (const y of pts) out.push([x, y]);
    if (n % 2 === 1) out.push([(n - 1) / 2, (n - 1) / 2]);
    if (n >= 19) {
      const m = (n - 1) / 2;
      out.push([e, m], [n - 1 - e, m], [m, e], [m, n - 1 - e]);
    }
    return out;
  }

  function drawBans(bans) {
    const list = $('bans');
    list.textContent = '';
    const shown = bans.filter((b) => b.reason !== 'suicide');
    const suicides = bans.length - shown.length;
    for (const b of shown) {
      const li = document.createElement('li');
      li.dataset.vertex = b.vertex;
      li.dataset.reason = b.reason;
      const v = document.createElement('span');
      v.className = 'v';
      v.textContent = b.vertex;
      li.append(v, `: ${why(b.message)}`);
      list.appendChild(li);
    }
    if (suicides > 0) {
      const li = document.createElement('li');
      li.className = 'hint';
      li.textContent = `${suicides} suicide${suicides > 1 ? 's' : ''} (marked with a small cross): ${bans.filter((b) => b.reason === 'suicide').map((b) => b.vertex).join(' ')}`;
      list.appendChild(li);
    }
    if (bans.length === 0) {
      const li = document.createElement('li');
      li.className = 'hint';
      li.textContent = `${game.toMove} may play on every empty point.`;
      list.appendChild(li);
    }
  }

  function drawMoves() {
    const list = $('moves');
    list.textContent = '';
    const moves = game.moves;
    const all = moves.concat([...redo].reverse());
    all.forEach((m, i) => {
      const li = document.createElement('li');
      li.textContent = `${m.color} ${m.vertex}`;
      if (i === moves.length - 1) li.className = 'current';
      if (i >= moves.length) li.className = 'undone';
      li.title = 'Go to the position after this move';
      li.addEventListener('click', () => goTo(i + 1));
      list.appendChild(li);
    });
  }

  // For each of the nine ko rules, the points it bans for the player to move, the game's
  // moves and other rules kept.
  function drawCompare() {
    const table = $('compare');
    table.textContent = '';
    const head = table.insertRow();
    for (const h of ['ko rule', `bans for ${game.toMove}`]) {
      const th = document.createElement('th');
      th.textContent = h;
      head.appendChild(th);
    }
    for (const ko of api.KO_RULES) {
      const copy = game.clone();
      let bans = [];
      try {
        copy.setRules({ ko });
        bans = bansOf(copy, game.toMove).filter((b) => b.reason !== 'suicide');
      } finally {
        copy.free();
      }
      const row = table.insertRow();
      row.dataset.rule = ko;
      if (ko === game.rules.ko) row.className = 'current';
      row.insertCell().textContent = ko;
      const cell = row.insertCell();
      cell.dataset.bans = bans.map((b) => b.vertex).join(' ');
      if (bans.length === 0) {
        cell.className = 'none';
        cell.textContent = 'nothing';
      }
      for (const b of bans) {
        const chip = document.createElement('span');
        chip.className = 'chip';
        chip.textContent = b.vertex;
        chip.title = why(b.message);
        cell.appendChild(chip);
      }
    }
  }

  function drawKos() {
    const list = $('kos');
    list.textContent = '';
    // Which position the list describes: the number of moves played.
    list.dataset.move = String(game.moves.length);
    let kos;
    // On a copy: a failure inside the classifier must not take the board with it.
    const copy = game.clone();
    try {
      kos = copy.kos();
    } catch (e) {
      const li = document.createElement('li');
      li.textContent = e.message;
      list.appendChild(li);
      return;
    } finally {
      copy.free();
    }
    if (kos.length === 0) {
      const li = document.createElement('li');
      li.className = 'hint';
      li.textContent = 'No basic ko on the board.';
      list.appendChild(li);
    }
    for (const k of kos) {
      const li = document.createElement('li');
      li.dataset.points = k.points.join(' ');
      const extra = k.reason ? ` (unknown: ${k.reason})` : '';
      li.innerHTML = '';
      const b = document.createElement('b');
      b.textContent = `${k.points[0]}/${k.points[1]}`;
      li.append(b, ` open for ${k.open}: ${k.type}, ${k.location}, ${k.basis}${extra}`);
      const line = document.createElement('div');
      line.className = 'mono hint';
      line.textContent = k.line;
      li.appendChild(line);
      list.appendChild(li);
    }
  }

  function scheduleKos() {
    clearTimeout(classifyTimer);
    const list = $('kos');
    list.textContent = '';
    delete list.dataset.move;
    if (!$('auto-classify').checked) return;
    const li = document.createElement('li');
    li.className = 'hint';
    li.textContent = 'Reading…';
    list.appendChild(li);
    // After the board is painted: a classification may read for a while.
    classifyTimer = setTimeout(drawKos, 30);
  }

  function render() {
    const bans = bansOf(game, game.toMove);
    drawBoard(bans);
    drawBans(bans);
    drawMoves();
    drawCompare();
    showRules();
    const n = game.moves.length;
    const c = game.captures;
    $('to-move').textContent = `${game.toMove === 'B' ? 'Black' : 'White'} to move · move ${n + 1} · captures: Black ${c.B}, White ${c.W}${game.isOver() ? ' · the game is over' : ''}`;
    $('sgf-download').hidden = true;
    scheduleKos();
  }

  function setUp() {
    fillSelect($('preset'), api.PRESETS);
    fillSelect($('ko'), api.KO_RULES);
    $('preset').addEventListener('change', () => {
      const preset = $('preset').value;
      const r = new api.Game({ size: 2, rules: preset }).rules;
      current = { preset, ko: r.ko, suicide: r.suicide, scoring: r.scoring, komi: r.komi };
      applyRules();
    });
    for (const key of ['ko', 'suicide', 'scoring']) {
      $(key).addEventListener('change', () => {
        current[key] = $(key).value;
        applyRules();
      });
    }
    $('komi').addEventListener('change', () => {
      current.komi = Number($('komi').value);
      applyRules();
    });
    $('undo').addEventListener('click', undo);
    $('redo').addEventListener('click', redoOne);
    $('pass').addEventListener('click', () => play('pass'));
    $('new').addEventListener('click', () => newGame(Number($('size').value)));
    $('size').addEventListener('change', () => newGame(Number($('size').value)));
    $('classify').addEventListener('click', drawKos);
    $('auto-classify').addEventListener('change', scheduleKos);
    document.addEventListener('keydown', (e) => {
      if (e.target.tagName === 'TEXTAREA' || e.target.tagName === 'INPUT') return;
      if (e.key === 'ArrowLeft') undo();
      if (e.key === 'ArrowRight') redoOne();
    });
    for (const ex of KOAN_EXAMPLES) {
      const b = document.createElement('button');
      b.textContent = ex.title;
      b.dataset.example = ex.id;
      b.title = `engine-tests/${ex.file}`;
      b.addEventListener('click', () => {
        if (loadSgf(ex.sgf, ex.note, ex.rules)) {
          $('sgf-text').value = ex.sgf;
        }
      });
      $('examples').appendChild(b);
    }
    $('sgf-load').addEventListener('click', () => loadSgf($('sgf-text').value));
    $('sgf-file').addEventListener('change', () => {
      const file = $('sgf-file').files[0];
      if (!file) return;
      const reader = new FileReader();
      reader.onload = () => {
        $('sgf-text').value = reader.result;
        loadSgf(reader.result, file.name);
      };
      reader.readAsText(file);
    });
    $('sgf-save').addEventListener('click', () => {
      const text = game.toSgf();
      $('sgf-text').value = text;
      const a = $('sgf-download');
      a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-go-sgf' }));
      a.download = 'koan-explorer.sgf';
      a.hidden = false;
      a.click();
    });
  }

  koanGo.then(
    (loaded) => {
      api = loaded;
      $('loading').hidden = true;
      $('app').hidden = false;
      setUp();
      newGame(9);
      // For tests and the curious: the page's state.
      window.explorer = { api, get game() { return game; }, loadSgf, play, undo, redo: redoOne };
    },
    (e) => {
      $('loading').textContent = `The rules core did not load: ${e.message}`;
    },
  );
})();
