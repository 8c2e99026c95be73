// app.js - nonet's page: the grid, the game and the controls. Every call
// into the library goes to the Web Worker (worker.js); this thread only
// draws and keeps the game. The DOM contract is in web/README.md.

const SYMS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const $ = (id) => document.getElementById(id);
const SAVE_KEY = 'nonet-game';
const THEME_KEY = 'nonet-theme';
const ALL_SYMMETRIES = ['none', 'rot180', 'rot90', 'mirror', 'flip', 'diagonal', 'antidiagonal'];
const SQUARE_ONLY = new Set(['rot90', 'diagonal', 'antidiagonal']);
const START = {
  puzzle: '49.2.5...361.7........6.....8.1.64...4.....5...35.8.2.....9........1.563...8.3.71',
  solution: '497285316361974285852361794589126437246739158713548629135697842978412563624853971',
  seed: 7,
  level: 'medium',
  symmetry: 'rot180',
};

// positionText comes from nonet.js, loaded on the side: the grid never waits for it.
let nonetModule = null;
const nonetModuleReady = import('./nonet.js')
  .then((m) => (nonetModule = m))
  .catch(() => null);

/* ---------- shapes, symbols, lines ---------- */

function defaultShape(n) {
  let br = 1;
  for (let r = 1; r * r <= n; r++) if (n % r === 0) br = r;
  return [br, n / br];
}
const sym = (d) => SYMS[d - 1] || '?';
const bit = (d) => 2 ** (d - 1); // up to 35 digits: beyond 32 bits, so no shifts
const has = (m, d) => Math.floor(m / bit(d)) % 2 === 1;
function bitsOf(m, n) {
  const out = [];
  for (let d = 1; d <= n; d++) if (has(m, d)) out.push(d);
  return out;
}
const fromDigits = (ds) => ds.reduce((m, d) => m + bit(d), 0);
const fmtRating = (r) => (typeof r === 'number' ? r.toFixed(1) : String(r));
// Levels rate 9x9 puzzles only (the page's Make panel says so): a record of
// another size may carry one (the library rates every size), never shown.
const sideOf = (rec) => {
  const m = /^(\d+)x(\d+)$/.exec((rec && rec.size) || '');
  return m ? +m[1] * +m[2] : G.n;
};
const levelOf = (rec) => (rec && rec.level && sideOf(rec) === 9 ? rec.level : null);
const ref = (i, n = G.n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;

// A record's line ('.' blanks, its own symbols) as digits. Puzzles above 9x9
// may use 0-F (0 the first digit): `zero` says so.
function parseLine(line, n, zero = false) {
  if (typeof line !== 'string' || line.length !== n * n) return null;
  const out = new Array(n * n).fill(0);
  for (let i = 0; i < line.length; i++) {
    const ch = line[i].toUpperCase();
    if (ch === '.' || (!zero && ch === '0')) continue;
    const d = zero ? '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.indexOf(ch) + 1 : SYMS.indexOf(ch) + 1;
    if (d < 1 || d > n) return null;
    out[i] = d;
  }
  return out;
}
const toLine = (cells) => cells.map((d) => (d ? sym(d) : '.')).join('');
// The pencil-mark line: n symbols a cell, a symbol while a candidate, else '.'.
function parseMarks(line, n) {
  if (typeof line !== 'string' || line.length !== n * n * n) return null;
  const out = new Array(n * n).fill(0);
  for (let i = 0; i < n * n; i++)
    for (let k = 0; k < n; k++) if (line[i * n + k] !== '.') out[i] += bit(k + 1);
  return out;
}
function cellIndex(refText, n) {
  const m = /r(\d+)c(\d+)/i.exec(refText || '');
  if (!m) return -1;
  const r = +m[1] - 1;
  const c = +m[2] - 1;
  return r >= 0 && r < n && c >= 0 && c < n ? r * n + c : -1;
}

/* ---------- geometry ---------- */

let geo = null;
function geometry(br, bc) {
  const n = br * bc;
  const units = [];
  for (let r = 0; r < n; r++) units.push({ kind: 'row', k: r + 1, cells: [...Array(n)].map((_, c) => r * n + c) });
  for (let c = 0; c < n; c++) units.push({ kind: 'column', k: c + 1, cells: [...Array(n)].map((_, r) => r * n + c) });
  for (let b = 0; b < n; b++) {
    const r0 = Math.floor(b / br) * br; // boxes: br rows of boxes, each bc wide
    const c0 = (b % br) * bc;
    const cells = [];
    for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) cells.push((r0 + r) * n + c0 + c);
    units.push({ kind: 'box', k: b + 1, cells });
  }
  const peers = [...Array(n * n)].map(() => new Set());
  for (const u of units) for (const a of u.cells) for (const b of u.cells) if (a !== b) peers[a].add(b);
  return { br, bc, n, units, peers: peers.map((s) => [...s]) };
}
function unitCells(name) {
  const m = /^(row|column|col|box)\s*(\d+)/i.exec(name || '');
  if (!m) return [];
  const kind = m[1].toLowerCase() === 'col' ? 'column' : m[1].toLowerCase();
  const u = geo.units.find((x) => x.kind === kind && x.k === +m[2]);
  return u ? u.cells : [];
}
function candidates(cells, i) {
  let m = 0;
  const seen = new Set(geo.peers[i].map((p) => cells[p]));
  for (let d = 1; d <= geo.n; d++) if (!seen.has(d)) m += bit(d);
  return m;
}
function conflicts(cells) {
  const bad = new Set();
  for (const u of geo.units) {
    const at = new Map();
    for (const i of u.cells) {
      const d = cells[i];
      if (!d) continue;
      if (at.has(d)) {
        bad.add(i);
        bad.add(at.get(d));
      } else at.set(d, i);
    }
  }
  return bad;
}

/* ---------- the game ---------- */

const G = {
  br: 3, bc: 3, n: 9,
  givens: [], cells: [], marks: [],
  solution: null, elapsed: 0, solved: false, editing: false,
  seed: null, level: null, symmetry: null, rating: null, label: '',
  baseMarks: null, // pencil marks the puzzle came with (part of the puzzle)
  practice: null, // a practice puzzle's { technique, hardest, rounds } (nw_needs)
};
let sel = 0;
let pencil = false;
let undoStack = [];
let redoStack = [];
// The hint shown: { key, text (the position asked), rec, step, withMarks,
// marks (the marks it was found with, or null), level (1 the technique and
// where to look, 2 the pattern's cells, 3 the move), info (the library's
// hint object at that level) }
let hint = null;
let wrongCell = -1;
let explainView = null; // { rec, steps, k, pos: [{cells, marks}] }
let seedAuto = false;
let practiceSeedAuto = false;

const snapshot = () => ({
  givens: G.givens.slice(), cells: G.cells.slice(), marks: G.marks.slice(), editing: G.editing,
});
function restore(s) {
  G.givens = s.givens.slice();
  G.cells = s.cells.slice();
  G.marks = s.marks.slice();
  if (G.editing !== s.editing) setEditing(s.editing);
}
const posKey = () => G.cells.join(',') + '|' + G.marks.join(',');

function change(fn) {
  const before = snapshot();
  fn();
  if (JSON.stringify(before) === JSON.stringify(snapshot())) return false;
  undoStack.push(before);
  if (undoStack.length > 500) undoStack.shift();
  redoStack = [];
  afterChange();
  return true;
}
function afterChange() {
  hint = null;
  wrongCell = -1;
  checkSolved();
  save();
  render();
}
function undo() {
  if (explainView) closeExplain();
  if (!undoStack.length) return say('Nothing to undo.');
  redoStack.push(snapshot());
  restore(undoStack.pop());
  G.solved = false;
  afterChange();
}
function redo() {
  if (explainView) closeExplain();
  if (!redoStack.length) return say('Nothing to redo.');
  undoStack.push(snapshot());
  restore(redoStack.pop());
  afterChange();
}

function newGame(br, bc, givens, opts = {}) {
  const n = br * bc;
  G.br = br; G.bc = bc; G.n = n;
  G.givens = givens.slice();
  G.cells = opts.cells ? opts.cells.slice() : givens.slice();
  G.marks = opts.marks ? opts.marks.map((m, i) => (G.cells[i] ? 0 : m)) : new Array(n * n).fill(0);
  G.solution = opts.solution || null;
  G.elapsed = opts.elapsed || 0;
  G.solved = !!opts.solved;
  G.seed = opts.seed ?? null;
  G.level = n === 9 ? (opts.level ?? null) : null;
  G.symmetry = opts.symmetry ?? null;
  G.rating = opts.rating ?? null;
  G.label = opts.label || '';
  G.baseMarks = opts.baseMarks || null;
  G.practice = opts.practice || null;
  undoStack = opts.undo || [];
  redoStack = [];
  notice('');
  hint = null;
  wrongCell = -1;
  if (explainView) closeExplain(true);
  setEditing(!!opts.editing);
  if (!geo || geo.br !== br || geo.bc !== bc) buildGrid(br, bc);
  sel = Math.max(0, G.cells.findIndex((d) => !d));
  $('rating').textContent = G.rating || '—';
  showPractice();
  const sizeSel = $('size');
  if ([...sizeSel.options].some((o) => o.value === `${br}x${bc}`)) {
    sizeSel.value = `${br}x${bc}`;
    sizeChanged();
  }
  // a link in the address bar names the game it opened, not this one
  if (!opts.fromLink && /[?&]p=/.test(location.search)) {
    try {
      history.replaceState(null, '', location.pathname);
    } catch (e) {
      /* file:// */
    }
  }
  save();
  render();
  if (!G.solution && !G.editing && !opts.noCount) findSolution().catch(() => {});
}

function setEditing(on) {
  G.editing = on;
  $('lock').hidden = !on;
}

// The puzzle (givens, and the marks it came with) as text for the library.
const puzzleText = () => position(G.givens, G.baseMarks && G.baseMarks.map((m, i) => (G.givens[i] ? 0 : m)));
// The record of the first puzzle the library read.
const pick = (recs) => recs[0] || { status: 'error', message: 'no puzzle in the text' };

async function findSolution(report = false) {
  const key = G.givens.join(',');
  const rec = pick(await ask('count', { text: await puzzleText(), limit: 2 }, report ? 'counting' : ''));
  if (G.givens.join(',') !== key) return rec;
  if (rec.status === 'unique') {
    G.solution = parseLine(rec.solution, G.n);
    save();
  } else if (!report) say(countWords(rec));
  return rec;
}
function countWords(rec) {
  switch (rec.status) {
    case 'unique': return 'This puzzle is unique: it has exactly one solution.';
    case 'multiple': return 'This puzzle has more than one solution.';
    case 'no solution': return 'This puzzle has no solution.';
    case 'invalid': return 'Invalid: some clues conflict' + (rec.message ? ` (${rec.message})` : '.');
    default: return rec.message || rec.status;
  }
}

function checkSolved() {
  if (G.editing || G.cells.some((d) => !d)) return (G.solved = false);
  if (conflicts(G.cells).size) return (G.solved = false);
  if (G.solution && G.cells.some((d, i) => d !== G.solution[i])) return (G.solved = false);
  if (!G.solved) {
    G.solved = true;
    say(`Solved in ${clock(G.elapsed)}!`);
  }
  return true;
}

/* ---------- saving ---------- */

function save() {
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify({
      v: 1, br: G.br, bc: G.bc,
      givens: toLine(G.givens), cells: toLine(G.cells), marks: G.marks,
      solution: G.solution ? toLine(G.solution) : null,
      elapsed: G.elapsed, solved: G.solved, editing: G.editing,
      seed: G.seed, level: G.level, symmetry: G.symmetry, rating: G.rating, label: G.label,
      baseMarks: G.baseMarks, practice: G.practice,
      undo: undoStack.slice(-100).map((s) => [toLine(s.givens), toLine(s.cells), s.marks, s.editing]),
    }));
  } catch (e) {
    /* private mode or full: the game just is not kept */
  }
}
function loadSaved() {
  try {
    const s = JSON.parse(localStorage.getItem(SAVE_KEY) || 'null');
    if (!s || s.v !== 1) return null;
    const n = s.br * s.bc;
    const givens = parseLine(s.givens, n);
    const cells = parseLine(s.cells, n);
    if (!givens || !cells || !Array.isArray(s.marks) || s.marks.length !== n * n) return null;
    const undo = (s.undo || []).map(([g, c, m, e]) => ({ givens: parseLine(g, n), cells: parseLine(c, n), marks: m, editing: !!e }))
      .filter((x) => x.givens && x.cells && Array.isArray(x.marks) && x.marks.length === n * n);
    return { ...s, n, givensArr: givens, cellsArr: cells, solutionArr: s.solution ? parseLine(s.solution, n) : null, undoArr: undo };
  } catch (e) {
    return null;
  }
}
function startSaved(s, fromLink = false) {
  newGame(s.br, s.bc, s.givensArr, {
    cells: s.cellsArr, marks: s.marks, solution: s.solutionArr, elapsed: s.elapsed, solved: s.solved,
    editing: s.editing, seed: s.seed, level: s.level, symmetry: s.symmetry, rating: s.rating, label: s.label,
    undo: s.undoArr, fromLink,
    baseMarks: Array.isArray(s.baseMarks) && s.baseMarks.length === s.n * s.n ? s.baseMarks : null,
    practice: s.practice && typeof s.practice.technique === 'string' ? s.practice : null,
  });
}

/* ---------- the worker ---------- */

let worker = null;
let seq = 0;
const pending = new Map();
let workerReady = false;

function startWorker() {
  workerReady = false;
  try {
    worker = new Worker('worker.js', { type: 'module' });
  } catch (e) {
    worker = null;
    say('This browser cannot run the solver (module workers): play still works.');
    return;
  }
  worker.onmessage = (e) => {
    const m = e.data || {};
    const p = pending.get(m.id);
    if (!p) return;
    if (m.progress) {
      p.steps = m.progress.steps;
      showBusy();
      return;
    }
    pending.delete(m.id);
    showBusy();
    if (m.error) p.reject(new Error(m.error));
    else p.resolve('svg' in m ? m.svg : m.about ?? m.records);
  };
  worker.onerror = (e) => {
    if (e.preventDefault) e.preventDefault();
    const err = new Error(`the solver failed${e.message ? ': ' + e.message : ''}`);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    showBusy();
  };
  ask('about', {}, '').then((about) => {
    workerReady = true;
    useAbout(about);
    if ($('status').dataset.loading) say('Ready.');
  }, (err) => say(`The solver did not load: ${err.message}`));
}

function ask(op, args = {}, label = '') {
  if (!worker) return Promise.reject(new Error('no solver in this browser'));
  const id = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, label, start: performance.now(), steps: null });
    worker.postMessage({ id, op, ...args });
    showBusy();
  });
}

function cancelWork() {
  if (worker) worker.terminate();
  const err = new Error('cancelled');
  err.cancelled = true;
  for (const p of pending.values()) p.reject(err);
  pending.clear();
  startWorker();
  showBusy();
  say('Cancelled.');
}

let busyTimer = 0;
function showBusy() {
  const jobs = [...pending.values()].filter((p) => p.label);
  const prog = $('progress');
  $('cancel').hidden = jobs.length === 0;
  if (!jobs.length) {
    prog.textContent = '';
    clearInterval(busyTimer);
    busyTimer = 0;
    return;
  }
  const p = jobs[0];
  const secs = ((performance.now() - p.start) / 1000).toFixed(1);
  prog.textContent = `${p.label}…${p.steps != null ? ` ${p.steps} steps` : ''} (${secs} s)`;
  if (!busyTimer) busyTimer = setInterval(showBusy, 200);
}

// Runs a page action, saying what went wrong (cancelling is not an error).
function act(fn) {
  return async (...a) => {
    try {
      await fn(...a);
    } catch (err) {
      if (!err || !err.cancelled) say(`Sorry: ${(err && err.message) || err}`);
    }
  };
}

// The position as text for the library (nonet.js's positionText: a size
// line, then the one-line or pencil-mark form).
async function position(cells, marks) {
  if (!nonetModule) await nonetModuleReady;
  if (nonetModule && nonetModule.positionText) return nonetModule.positionText(G.br, G.bc, cells, marks);
  return `${G.br}x${G.bc}\n${toLine(cells)}\n`;
}

function useAbout(about) {
  if (!about) return;
  const levels = (about.levels || []).map((l) => (typeof l === 'string' ? l : l.name)).filter(Boolean);
  if (levels.length) {
    const lv = $('level');
    const cur = lv.value;
    lv.replaceChildren(...levels.map((name) => new Option(name, name)), new Option('rating range…', 'range'));
    lv.value = levels.includes(cur) ? cur : levels[Math.min(1, levels.length - 1)];
  }
  const syms = (about.symmetries || []).map((s) => (typeof s === 'string' ? s : s.name)).filter((s) => s && s !== 'random');
  if (syms.length) symmetryNames = syms;
  sizeChanged();
  practiceTechniques(about.techniques || [], about.bases || []);
}

/* ---------- the grid ---------- */

let cellEls = [];
function buildGrid(br, bc) {
  geo = geometry(br, bc);
  const n = br * bc;
  const grid = $('grid');
  grid.style.setProperty('--n', n);
  grid.style.setProperty('--bc', bc);
  grid.style.setProperty('--br', br);
  grid.dataset.size = `${br}x${bc}`;
  grid.setAttribute('aria-label', `Sudoku grid, ${n} by ${n}`);
  cellEls = [];
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'grow';
    for (let c = 0; c < n; c++) {
      const el = document.createElement('div');
      el.setAttribute('role', 'gridcell');
      el.className = 'cell';
      el.dataset.row = r;
      el.dataset.col = c;
      if ((c + 1) % bc === 0 && c + 1 < n) el.classList.add('bx');
      if ((r + 1) % br === 0 && r + 1 < n) el.classList.add('by');
      el.tabIndex = -1;
      row.append(el);
      cellEls.push(el);
    }
    rows.push(row);
  }
  grid.replaceChildren(...rows);
  buildPad(n);
  // the digit keys of this size in the visible keyboard help
  const k = (t) => `<kbd>${t}</kbd>`;
  $('keys-digits').innerHTML = n <= 9 ? `${k(1)}–${k(sym(n))}` : `${k(1)}–${k(9)}, ${k(sym(10))}${n > 10 ? '–' + k(sym(n)) : ''}`;
}

function buildPad(n) {
  const pad = $('pad');
  const btns = [];
  for (let d = 1; d <= n; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = sym(d);
    b.dataset.digit = d;
    b.setAttribute('aria-label', `place ${sym(d)}`);
    btns.push(b);
  }
  const clr = document.createElement('button');
  clr.type = 'button';
  clr.textContent = '⌫';
  clr.dataset.digit = 0;
  clr.setAttribute('aria-label', 'clear the cell');
  clr.className = 'clear';
  btns.push(clr);
  pad.replaceChildren(...btns);
  pad.style.setProperty('--cols', n + 1 <= 10 ? n + 1 : Math.ceil((n + 1) / 2));
}

// What the grid shows: the game, or a step of the explanation; step is
// what its cells shade (data-hint), drawn and level what the library draws.
function shown() {
  if (explainView) {
    const p = explainView.pos[explainView.k];
    const step = explainView.steps[explainView.k];
    return { cells: p.cells, marks: p.marks, step, drawn: step, level: 3 };
  }
  if (!hint) return { cells: G.cells, marks: G.marks, step: null, drawn: null, level: 3 };
  return { cells: G.cells, marks: G.marks, step: hintShading(hint), drawn: hint.step, level: hint.level };
}

// What a hint below level 3 lets the grid shade, from the library's hint
// object: the region's houses (level 1), the pattern's houses, cells and
// candidates by role (level 2); never a candidate the step places or
// eliminates.
function hintShading(h) {
  if (h.level >= 3 || !h.info) return h.step;
  const info = h.info;
  if (h.level === 1) return { units: (info.region && info.region.houses) || [] };
  return { units: (info.houses || []).map((x) => x.house), pattern: info.cells || [] };
}

function hintMap(step) {
  const kind = new Map();
  const elim = new Map();
  const pat = new Map();
  const place = new Map();
  if (!step) return { kind, elim, pat, place };
  const n = G.n;
  const rank = { placement: 4, elimination: 3, pattern: 2, unit: 1 };
  const put = (i, k) => {
    if (i >= 0 && (!kind.has(i) || rank[kind.get(i)] < rank[k])) kind.set(i, k);
  };
  for (const u of step.units || []) for (const i of unitCells(u)) put(i, 'unit');
  for (const p of step.pattern || []) {
    const i = cellIndex(p.cell, n);
    put(i, 'pattern');
    if (i >= 0) pat.set(i, (pat.get(i) || 0) + fromDigits((p.digits || []).filter((d) => !has(pat.get(i) || 0, d))));
  }
  for (const e of step.eliminations || []) {
    const i = cellIndex(e.cell, n);
    put(i, 'elimination');
    if (i >= 0) elim.set(i, (elim.get(i) || 0) + fromDigits((e.digits || []).filter((d) => !has(elim.get(i) || 0, d))));
  }
  for (const p of step.placements || []) {
    const i = cellIndex(p.cell, n);
    put(i, 'placement');
    if (i >= 0) place.set(i, p.digit);
  }
  return { kind, elim, pat, place };
}

function render() {
  if (!geo) return;
  const { n, br, bc } = geo;
  const view = shown();
  const bad = conflicts(view.cells);
  const hm = hintMap(view.step);
  // while a step is shown (a hint, an explanation's step) the selected
  // digit's cells and the selection's row, column and box are not shaded:
  // the step's cells are what to look at
  const quiet = !!view.step;
  const selDigit = quiet ? 0 : view.cells[sel];
  const selR = Math.floor(sel / n);
  const selC = sel % n;
  const selB = Math.floor(selR / br) * br + Math.floor(selC / bc);
  for (let i = 0; i < n * n; i++) {
    const el = cellEls[i];
    const d = view.cells[i];
    const given = !!G.givens[i] && G.givens[i] === d;
    const r = Math.floor(i / n);
    const c = i % n;
    const marks = d ? 0 : view.marks[i] || 0;
    el.dataset.value = d ? sym(d) : '';
    el.dataset.marks = bitsOf(marks, n).map(sym).join('');
    setAttr(el, 'data-given', given ? 'true' : null);
    setAttr(el, 'aria-readonly', given ? 'true' : null);
    setAttr(el, 'data-conflict', bad.has(i) ? 'true' : null);
    setAttr(el, 'data-hint', hm.kind.get(i) || null);
    setAttr(el, 'data-wrong', i === wrongCell ? 'true' : null);
    setAttr(el, 'aria-selected', i === sel ? 'true' : null);
    el.tabIndex = i === sel ? 0 : -1;
    el.classList.toggle('same', !!d && d === selDigit && i !== sel);
    const b = Math.floor(r / br) * br + Math.floor(c / bc);
    el.classList.toggle('peer', !quiet && i !== sel && (r === selR || c === selC || b === selB));
    el.classList.toggle('entry', !!d && !given);
    // content
    let html = '';
    const shownDigits = []; // the candidates drawn: the marks, and a hint's digits
    if (d) html = `<span class="v" aria-hidden="true">${sym(d)}</span>`;
    else {
      const e = hm.elim.get(i) || 0;
      const p = hm.pat.get(i) || 0;
      const pl = hm.place.get(i) || 0;
      let inner = '';
      for (let k = 1; k <= n; k++) {
        const on = has(marks, k) || has(e, k) || has(p, k) || pl === k;
        if (!on) {
          inner += '<span></span>';
          continue;
        }
        shownDigits.push(sym(k));
        const cls = pl === k ? 'pl' : has(e, k) ? 'el' : has(p, k) ? 'pt' : k === selDigit ? 'sd' : '';
        inner += ` <span${cls ? ` class="${cls}"` : ''}>${sym(k)}</span>`;
      }
      if (shownDigits.length) html = `<span class="m" aria-hidden="true">${inner}</span>`;
    }
    if (el._html !== html) {
      el.innerHTML = html;
      el._html = html;
    }
    // words
    let label = `row ${r + 1}, column ${c + 1}, `;
    if (d) label += `${sym(d)}${given ? ', given' : ''}`;
    else label += shownDigits.length ? `empty, candidates ${shownDigits.join(' ')}` : 'empty';
    if (bad.has(i)) label += ', conflict';
    if (i === wrongCell) label += ', wrong';
    const hk = hm.kind.get(i);
    if (hk) {
      label += `, hint: ${hk}`;
      if (hm.place.has(i)) label += ` ${sym(hm.place.get(i))}`;
      if (hm.elim.has(i)) label += `, remove ${bitsOf(hm.elim.get(i), n).map(sym).join(' ')}`;
    }
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  }
  // controls
  $('pencil').setAttribute('aria-pressed', String(pencil));
  $('undo').disabled = !undoStack.length;
  $('redo').disabled = !redoStack.length;
  $('timer').textContent = clock(G.elapsed);
  $('puzzle-label').textContent = puzzleLabel() + (G.editing ? ' · entering givens' : '');
  $('pad').classList.toggle('pencil', pencil);
  drawStep(view.drawn, view.level);
}
function setAttr(el, name, v) {
  if (v == null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}
function puzzleLabel() {
  const size = `${G.n}×${G.n}`;
  const level = G.n === 9 ? G.level : null;
  if (G.practice && G.seed != null) return `${size} · seed ${G.seed} · practice: ${G.practice.technique}`;
  if (G.seed != null) return `${size} · seed ${G.seed}${level ? ' · ' + level : ''}`;
  return G.label ? `${size} · ${G.label}` : size;
}

function select(i, focus = true) {
  if (i < 0 || i >= G.n * G.n) return;
  sel = i;
  render();
  if (focus) cellEls[i].focus();
}

/* ---------- the step's drawing ---------- */

// While a step is shown (a hint, a step of the explanation) the grid's
// place holds the library's drawing of it (nonet_step_svg, asked of the
// worker): its candidates by role, its houses, every link of a chain, a
// legend, and its words (<title>, <desc>, also in #step-desc). The page
// draws no step itself; where a drawing cannot be had, the grid shows
// the step's cells (data-hint) instead.
const drawing = { step: null, level: 3 };

// The pencil-mark line of a position (n symbols a cell, '.' where a digit
// is no candidate), as the library's records write it.
const marksLine = (cells, marks) =>
  cells.map((d, i) => [...Array(G.n)].map((_, k) => (!d && has(marks[i] || 0, k + 1) ? sym(k + 1) : '.')).join('')).join('');

// What the library draws: the position the step was found in (its marks,
// or none: every candidate the units allow), the puzzle's givens, the step,
// and a hint's level below 3 (nonet_step_hint_svg: the region, or the
// pattern's cells, and nothing the step concludes).
function stepRequest(step, level = 3) {
  const at = explainView ? explainView.pos[explainView.k] : { cells: G.cells, marks: hint && hint.marks };
  const request = { size: `${G.br}x${G.bc}`, cells: toLine(at.cells), givens: toLine(G.givens), step, id: 'step' };
  if (at.marks) request.marks = marksLine(at.cells, at.marks);
  if (level < 3) request.level = level;
  return request;
}

function drawStep(step, level = 3) {
  if (step === drawing.step && level === drawing.level) return;
  drawing.step = step;
  drawing.level = level;
  if (!step) return showDrawing(null);
  $('step-view').setAttribute('aria-busy', 'true');
  const current = () => drawing.step === step && drawing.level === level;
  ask('svg', { request: stepRequest(step, level) }, '').then(
    (svg) => current() && showDrawing(svg),
    () => current() && showDrawing(null),
  );
}

function showDrawing(text) {
  const view = $('step-view');
  const grid = $('grid');
  view.removeAttribute('aria-busy');
  const doc = text && new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc && doc.documentElement;
  if (!svg || svg.nodeName !== 'svg' || doc.querySelector('parsererror')) {
    const had = !view.hidden;
    view.hidden = true;
    $('step-drawing').replaceChildren();
    grid.hidden = false;
    // focus left with the drawing: back to the selected cell
    const at = document.activeElement;
    if (had && (!at || at === document.body || view.contains(at))) cellEls[sel].focus();
    return;
  }
  $('step-drawing').replaceChildren(document.importNode(svg, true));
  const desc = svg.querySelector('desc');
  $('step-desc').textContent = desc ? desc.textContent : '';
  $('step-close').textContent = explainView ? 'Back to my game' : 'Back to the grid';
  view.hidden = false;
  grid.hidden = true;
}

// Leaves the step shown: the explanation, or the hint (not applied).
function leaveStep() {
  if (explainView) closeExplain();
  else {
    hint = null;
    render();
    say('Back to the grid: the hint is not applied.');
  }
  cellEls[sel].focus();
}

/* ---------- input ---------- */

function input(d) {
  if (explainView) return say('This is the explanation: press “Back to my game” (or Escape) to play.');
  const i = sel;
  if (G.editing) {
    const was = G.givens[i];
    change(() => {
      G.givens[i] = d;
      G.cells[i] = d;
      G.marks[i] = 0;
    });
    if (was !== d) G.solution = null;
    return;
  }
  if (G.givens[i]) return say(`${ref(i)} is a given.`);
  if (pencil && d) {
    if (G.cells[i]) return say(`${ref(i)} holds a digit: clear it to pencil marks.`);
    change(() => {
      G.marks[i] = has(G.marks[i], d) ? G.marks[i] - bit(d) : G.marks[i] + bit(d);
    });
    return;
  }
  if (!d && !G.cells[i]) {
    change(() => (G.marks[i] = 0));
    return;
  }
  change(() => {
    G.cells[i] = d;
    if (d) G.marks[i] = 0;
  });
}

function keyDigit(key) {
  if (key.length !== 1) return -1;
  const d = SYMS.indexOf(key.toUpperCase()) + 1;
  return d >= 1 && d <= G.n ? d : -1;
}

function onKey(e) {
  const t = e.target;
  const inField = t instanceof Element && t.closest('input, textarea, select, [contenteditable]');
  const inGrid = t instanceof Element && t.closest('#grid');
  if ((e.ctrlKey || e.metaKey) && !e.altKey) {
    if (inField) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) undo();
    else if (k === 'y' || (k === 'z' && e.shiftKey)) redo();
    else return;
    e.preventDefault();
    return;
  }
  if (inField || e.altKey || e.metaKey || e.ctrlKey) return;
  const n = G.n;
  if (inGrid) {
    const r = Math.floor(sel / n);
    const c = sel % n;
    const moves = {
      ArrowUp: [r - 1, c], ArrowDown: [r + 1, c], ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1],
      Home: [r, 0], End: [r, n - 1],
    };
    if (moves[e.key]) {
      let [nr, nc] = moves[e.key];
      if (e.key === 'Home' && e.ctrlKey) nr = 0;
      nr = Math.min(n - 1, Math.max(0, nr));
      nc = Math.min(n - 1, Math.max(0, nc));
      select(nr * n + nc);
      e.preventDefault();
      return;
    }
  }
  const d = keyDigit(e.key);
  if (d > 0) {
    input(d);
    e.preventDefault();
    return;
  }
  if (e.key === 'Backspace' || e.key === 'Delete' || (inGrid && (e.key === '0' || e.key === '.' || e.key === ' '))) {
    input(0);
    e.preventDefault();
    return;
  }
  if (e.key === 'Escape' && explainView) {
    closeExplain();
    e.preventDefault();
    return;
  }
  if (e.key === 'Escape' && hint) {
    leaveStep();
    e.preventDefault();
    return;
  }
  if (e.key === 'p' || e.key === 'P') {
    togglePencil();
    e.preventDefault();
  } else if (e.key === 'h' || e.key === 'H') {
    doHint();
    e.preventDefault();
  }
}

function togglePencil() {
  pencil = !pencil;
  render();
  say(pencil ? 'Pencil mode: digits toggle candidates.' : 'Pen mode: digits are placed.');
}

/* ---------- status ---------- */

function say(text) {
  delete $('status').dataset.loading;
  $('status').textContent = text;
}
// A message that stays until it is dismissed or another puzzle is loaded
// (#notice, role="alert"): a share link the page could not read.
function notice(text) {
  const box = $('notice');
  if (!text) return box.replaceChildren();
  const p = document.createElement('p');
  p.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Dismiss';
  close.addEventListener('click', () => {
    box.replaceChildren();
    if (cellEls[sel]) cellEls[sel].focus();
  });
  box.replaceChildren(p, close);
}
function clock(ms) {
  const s = Math.floor(ms / 1000);
  const m = Math.floor(s / 60);
  return `${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/* ---------- learn: hint ---------- */

const allEmptyMarked = () => G.cells.every((d, i) => d || G.marks[i]);

const doHint = act(async () => {
  if (explainView) closeExplain();
  if (G.editing) return say('Lock the givens first (the “Lock givens” button).');
  const key = posKey();
  if (hint && hint.key === key) return hint.level < 3 ? nextLevel() : applyHint();
  if (G.solution) {
    const i = G.cells.findIndex((d, j) => d && !G.givens[j] && d !== G.solution[j]);
    if (i >= 0) {
      wrongCell = i;
      hint = null;
      select(i, false);
      return say(`${ref(i)}: ${sym(G.cells[i])} is wrong.`);
    }
  }
  const withMarks = allEmptyMarked() && G.cells.some((d) => !d);
  let marks = null;
  if (withMarks) {
    // marks can only hold what the placed digits allow
    marks = G.marks.map((m, i) => {
      if (G.cells[i]) return 0;
      const c = candidates(G.cells, i);
      return fromDigits(bitsOf(m, G.n).filter((d) => has(c, d)));
    });
    if (G.solution) {
      const i = marks.findIndex((m, j) => !G.cells[j] && !has(m, G.solution[j]));
      if (i >= 0) {
        wrongCell = i;
        select(i, false);
        return say(`${ref(i)}: the marks have lost the digit that belongs there.`);
      }
    }
  }
  const text = await position(G.cells, marks);
  const rec = pick(await ask('hint', { text, level: 1 }, 'thinking'));
  const usedMarks = withMarks;
  if (posKey() !== key) return;
  wrongCell = -1;
  if (rec.step && rec.status !== 'error') {
    hint = { key, text, rec, step: rec.step, withMarks: usedMarks, marks, level: 1, info: rec.hint || null };
    render();
    say(levelWords(hint));
    return;
  }
  hint = null;
  if (rec.status === 'solved' && rec.result && usedMarks) {
    // the cells left hold one pencil mark each: the library read them as
    // placed, so they are what is left to write in
    const res = parseLine(rec.result, G.n);
    if (res && res.some((d, i) => d && !G.cells[i])) {
      change(() => {
        for (let i = 0; i < G.n * G.n; i++) if (!G.cells[i] && res[i]) G.cells[i] = res[i];
        G.marks = G.marks.map((m, i) => (G.cells[i] ? 0 : m));
      });
      say('The last empty cells each had one pencil mark left: placed them.');
      return;
    }
  }
  render();
  say(hintWords(rec));
});

// The next press of Hint tells more of the same step: the library's hint
// at the next level (asked again of the same position: the ladder finds
// the same step).
async function nextLevel() {
  const h = hint;
  const rec = pick(await ask('hint', { text: h.text, level: h.level + 1 }, 'thinking'));
  if (hint !== h || posKey() !== h.key) return;
  if (!rec.step || !rec.hint || rec.step.text !== h.step.text) {
    hint = null;
    render();
    return say('The position changed: press Hint for a new hint.');
  }
  hint = { ...h, rec, step: rec.step, level: h.level + 1, info: rec.hint };
  render();
  say(levelWords(hint));
}

// A hint's words at its level, for #status (read by screen readers).
function levelWords(h) {
  const words = h.info ? h.info.text : h.step.text;
  if (h.level === 1) return `Hint 1 of 3: ${words}. Press Hint again for the cells to look at.`;
  if (h.level === 2) return `Hint 2 of 3: ${words}. Press Hint again for the move.`;
  return `Hint 3 of 3: ${h.step.text} (${h.step.technique}, ${fmtRating(h.step.difficulty)}). Press Hint again to apply it.`;
}

function hintWords(rec) {
  switch (rec.status) {
    case 'solved': return 'Solved: nothing is left to do.';
    case 'stuck': return 'Stuck: none of the techniques I know applies here.';
    case 'multiple': return 'This position has more than one solution: no logical step can decide it.';
    case 'no solution': return 'This position has no solution: an entry or a mark is wrong.';
    case 'invalid': return 'Invalid: some digits (or marks) conflict.' + (rec.message ? ` ${rec.message}` : '');
    default: return rec.message || `No hint (${rec.status}).`;
  }
}

function applyHint() {
  const { rec, step, withMarks } = hint;
  const n = G.n;
  const res = parseLine(rec.result, n) || parseLine(rec.result, n, true);
  const recMarks = parseMarks(rec.marks, n);
  const elims = (step.eliminations || []).map((e) => [cellIndex(e.cell, n), e.digits || []]);
  change(() => {
    if (res) for (let i = 0; i < n * n; i++) if (!G.givens[i] && res[i]) G.cells[i] = res[i];
    for (const p of step.placements || []) {
      const i = cellIndex(p.cell, n);
      if (i >= 0 && !G.givens[i]) G.cells[i] = p.digit;
    }
    if (recMarks && (withMarks || elims.length)) {
      G.marks = recMarks.map((m, i) => (G.cells[i] ? 0 : m));
    } else {
      if (elims.length && !withMarks) {
        // the step's eliminations need candidates to act on
        G.marks = G.cells.map((d, i) => (d ? 0 : candidates(G.cells, i)));
      }
      for (const [i, ds] of elims) if (i >= 0) for (const d of ds) if (has(G.marks[i], d)) G.marks[i] -= bit(d);
      G.marks = G.marks.map((m, i) => (G.cells[i] ? 0 : m));
    }
  });
  say(`Applied: ${step.text}`);
}

/* ---------- learn: explain ---------- */

function applyStep(cells, marks, step) {
  const n = G.n;
  for (const p of step.placements || []) {
    const i = cellIndex(p.cell, n);
    if (i < 0) continue;
    cells[i] = p.digit;
    marks[i] = 0;
    for (const j of geo.peers[i]) if (has(marks[j], p.digit)) marks[j] -= bit(p.digit);
  }
  for (const e of step.eliminations || []) {
    const i = cellIndex(e.cell, n);
    if (i >= 0) for (const d of e.digits || []) if (has(marks[i], d)) marks[i] -= bit(d);
  }
}

const doExplain = act(async () => {
  const text = await puzzleText();
  const key = G.givens.join(',');
  const rec = pick(await ask('explain', { text }, 'explaining'));
  if (key !== G.givens.join(',')) return;
  const steps = rec.steps || [];
  if (!steps.length) return say(rec.status === 'unique' || rec.status === 'solved' ? 'Nothing to explain: no step is needed.' : countWords(rec));
  const cells = G.givens.slice();
  const marks = cells.map((d, i) => {
    if (d) return 0;
    const c = candidates(cells, i);
    return G.baseMarks && G.baseMarks[i] ? fromDigits(bitsOf(c, G.n).filter((x) => has(G.baseMarks[i], x))) : c;
  });
  const pos = [];
  for (const s of steps) {
    pos.push({ cells: cells.slice(), marks: marks.slice() });
    applyStep(cells, marks, s);
  }
  explainView = { rec, steps, k: 0, pos };
  wrongCell = -1;
  hint = null;
  const list = $('explain-list');
  // each step says its technique (data-technique); a practice puzzle's
  // technique is marked in the list (a bar and a word) and named above it
  const practised = G.practice ? G.practice.technique : null;
  const uses = [];
  list.replaceChildren(...steps.map((s, k) => {
    const li = document.createElement('li');
    li.dataset.technique = s.technique;
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = s.text;
    if (practised && s.technique === practised) {
      li.dataset.practice = 'true';
      const tag = document.createElement('span');
      tag.className = 'step-tag';
      tag.textContent = 'practice';
      b.append(tag);
      uses.push(k + 1);
    }
    b.addEventListener('click', () => showStep(k));
    li.append(b);
    return li;
  }));
  const used = $('explain-practice');
  used.hidden = !practised;
  if (practised) {
    used.textContent = uses.length
      ? `${practised}, the technique practised: step${uses.length > 1 ? 's' : ''} ${listWords(uses)} of ${steps.length} (marked “practice”).`
      : `${practised}, the technique practised: no step of this path uses it.`;
  }
  $('explain-panel').hidden = false;
  if (rec.rating != null) $('rating').textContent = ratingWords(rec);
  let note = `${steps.length} steps`;
  if (rec.status === 'stuck') note += `; then stuck (needs ${rec.needs || 'more than I know'})`;
  explainView.note = `Explained: ${note}.`;
  showStep(0);
});

function showStep(k) {
  if (!explainView) return;
  const N = explainView.steps.length;
  k = Math.max(0, Math.min(N - 1, k));
  explainView.k = k;
  const s = explainView.steps[k];
  $('explain-step').textContent = `step ${k + 1} of ${N}`;
  const words = `${s.text} (${s.technique}, ${fmtRating(s.difficulty)})`;
  $('explain-text').textContent = words;
  say(`${explainView.note ? explainView.note + ' ' : ''}Step ${k + 1} of ${N}: ${words}`);
  explainView.note = '';
  $('explain-prev').disabled = k === 0;
  $('explain-next').disabled = k === N - 1;
  const items = $('explain-list').children;
  for (let j = 0; j < items.length; j++) {
    if (j === k) items[j].firstChild.setAttribute('aria-current', 'step');
    else items[j].firstChild.removeAttribute('aria-current');
  }
  const cur = items[k];
  if (cur) {
    const list = $('explain-list');
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - 8;
  }
  render();
}

function closeExplain(quiet = false) {
  explainView = null;
  $('explain-panel').hidden = true;
  $('explain-list').replaceChildren();
  $('explain-practice').hidden = true;
  if (!quiet) {
    render();
    say('Back to your game.');
  }
}

/* ---------- learn: rate, unique, solve ---------- */

function ratingWords(rec) {
  if (rec.status === 'stuck' || (rec.rating == null && rec.at_least != null)) {
    return `at least ${fmtRating(rec.at_least)}${rec.needs ? ` (needs ${rec.needs})` : ''}`;
  }
  if (rec.rating != null) return `${fmtRating(rec.rating)} ${levelOf(rec) || ''}: ${rec.hardest || ''}`.replace(' :', ':');
  return countWords(rec);
}

const doRate = act(async () => {
  const key = G.givens.join(',');
  const rec = pick(await ask('rate', { text: await puzzleText(), ceiling: 0 }, 'rating'));
  if (key !== G.givens.join(',')) return;
  const words = ratingWords(rec);
  $('rating').textContent = words;
  if (rec.rating != null || rec.status === 'stuck') {
    G.rating = words;
    save();
    say(`Rating: ${words}.`);
  } else say(words);
});

const doUnique = act(async () => {
  const rec = await findSolution(true);
  say(rec.status === 'unique' ? 'unique: this puzzle has exactly one solution.'
    : rec.status === 'multiple' ? 'more than one solution: this puzzle is not unique.'
      : rec.status === 'no solution' ? 'no solution: these givens cannot be completed.'
        : countWords(rec));
});

const doSolve = act(async () => {
  if (explainView) closeExplain(true);
  if (!G.solution) {
    const rec = await findSolution(true);
    if (!G.solution) return say(countWords(rec));
  }
  if (G.editing) setEditing(false);
  const wasSolved = G.solved;
  change(() => {
    G.cells = G.solution.slice();
    G.marks = G.marks.map(() => 0);
  });
  if (!wasSolved) say('Solved by nonet. Undo takes it back.');
});

const doLock = act(async () => {
  if (!G.givens.some((d) => d)) return say('Type some givens first.');
  undoStack.push(snapshot());
  redoStack = [];
  setEditing(false);
  G.cells = G.givens.slice();
  G.marks = G.marks.map(() => 0);
  G.elapsed = 0;
  G.solved = false;
  G.label = 'your puzzle';
  save();
  render();
  const rec = await findSolution(true);
  say(`Givens locked. ${countWords(rec)}`);
});

function doAutofill() {
  if (explainView) closeExplain(true);
  if (G.editing) return say('Lock the givens first.');
  const ok = change(() => {
    G.marks = G.cells.map((d, i) => (d ? 0 : candidates(G.cells, i)));
  });
  say(ok ? 'Candidates filled in.' : 'The candidates are already filled in.');
}

/* ---------- make ---------- */

let symmetryNames = ALL_SYMMETRIES;
function selectedShape() {
  const [br, bc] = $('size').value.split('x').map(Number);
  return [br, bc];
}
function sizeChanged() {
  const [br, bc] = selectedShape();
  const nine = br * bc === 9;
  // no level menu (and no rating range) where there are no levels: a note says why
  $('level').hidden = !nine;
  $('level-label').hidden = !nine;
  $('level-note').hidden = nine;
  $('rating-range').hidden = !nine || $('level').value !== 'range';
  const symSel = $('symmetry');
  const cur = symSel.value;
  const fit = symmetryNames.filter((s) => br === bc || !SQUARE_ONLY.has(s));
  if ([...symSel.options].map((o) => o.value).join() !== fit.join()) {
    symSel.replaceChildren(...fit.map((s) => new Option(s, s)));
  }
  symSel.value = fit.includes(cur) ? cur : fit.includes('rot180') ? 'rot180' : fit[0];
}
const randomSeed = () => Math.floor(Math.random() * 2 ** 31) + 1;

function genSettings() {
  const [br, bc] = selectedShape();
  const settings = { boxRows: br, boxCols: bc, symmetry: $('symmetry').value, level: br * bc === 9 ? $('level').value : null };
  if (settings.level === 'range') {
    // SE ratings in tenths; an empty bound is none
    const tenths = (id) => Math.round((parseFloat($(id).value) || 0) * 10);
    settings.level = null;
    settings.min = tenths('rating-min');
    settings.max = tenths('rating-max');
  }
  return settings;
}

async function generate(seed, settings, label) {
  const args = { seed, index: 0, ...settings };
  if (!args.level) {
    delete args.level;
    args.min = settings.min ?? 0;
    args.max = settings.max ?? 0;
  }
  const rec = (await ask('generate', args, label))[0];
  if (!rec || rec.status === 'error' || !rec.puzzle) throw new Error((rec && rec.message) || 'no puzzle made');
  const n = settings.boxRows * settings.boxCols;
  return {
    rec,
    givens: parseLine(rec.puzzle, n),
    solution: parseLine(rec.solution, n),
    seed: rec.seed ?? seed,
    level: levelOf(rec),
  };
}

const doGenerate = act(async () => {
  const input = $('seed');
  let seed = input.value.trim();
  seed = seed === '' || seedAuto || !/^\d+$/.test(seed) ? NaN : Number(seed);
  // a seed the player gave is kept; a fresh one is made while the field
  // is empty or shows the last fresh one
  const fresh = !Number.isSafeInteger(seed);
  if (fresh) seed = randomSeed();
  input.value = String(seed);
  seedAuto = fresh;
  const settings = genSettings();
  const g = await generate(seed, settings, 'generating');
  const rating = g.rec.rating != null ? ratingWords(g.rec) : null;
  newGame(settings.boxRows, settings.boxCols, g.givens, {
    solution: g.solution, seed: g.seed, level: g.level, symmetry: g.rec.symmetry || settings.symmetry, rating,
  });
  say(`New puzzle: seed ${g.seed}${g.level ? ', ' + g.level : ''}${g.rec.clues ? `, ${g.rec.clues} givens` : ''}.`);
  select(sel, false);
  showBoard();
});

// Brings the board (the puzzle's label, the grid) into view when it is not
// all there, as on a phone, where Generate and Load sit below it.
function showBoard() {
  const r = $('grid').getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.querySelector('.board').scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
}

function doNewEmpty() {
  const [br, bc] = selectedShape();
  const n = br * bc;
  newGame(br, bc, new Array(n * n).fill(0), { editing: true, label: 'new puzzle', noCount: true });
  say('Type the givens (arrows move), then press “Lock givens”.');
  select(0);
}

/* ---------- practice ---------- */

// "1, 2 and 3"
const listWords = (xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

// The practice menu: the library's techniques in the ladder's order,
// grouped by their base difficulty (about's bases, SE's scale).
const PRACTICE_GROUPS = [
  [26, 'Singles'],
  [42, 'Intersections, subsets and fish'],
  [56, 'Wings, uniqueness and quads'],
  [85, 'Exclusion, cycles and chains'],
  [Infinity, 'Dynamic and nested chains (slow)'],
];
function practiceTechniques(names, bases) {
  if (!names.length) return;
  const menu = $('practice-technique');
  const cur = menu.value || 'x-wing';
  const groups = PRACTICE_GROUPS.map(([, label]) => {
    const g = document.createElement('optgroup');
    g.label = label;
    return g;
  });
  names.forEach((name, i) => {
    const base = bases[i] || 0;
    const k = PRACTICE_GROUPS.findIndex(([below]) => base < below);
    groups[k < 0 ? groups.length - 1 : k].append(new Option(base ? `${name} (${fmtRating(base / 10)})` : name, name));
  });
  menu.replaceChildren(...groups.filter((g) => g.children.length));
  menu.value = names.includes(cur) ? cur : names.includes('x-wing') ? 'x-wing' : names[0];
}

// What the practice puzzle is, under the panel's button.
function showPractice() {
  const note = $('practice-note');
  const p = G.practice;
  note.hidden = !p;
  if (!p) return (note.textContent = '');
  note.textContent = `Practising ${p.technique}${p.hardest ? ' (the hardest step)' : ''}: the position after ${p.rounds} round${p.rounds === 1 ? '' : 's'} of easier steps, every candidate pencilled in. The next step uses ${p.technique}: find it, or press Hint.`;
}

const doPractice = act(async () => {
  const technique = $('practice-technique').value;
  if (!technique) return say('The techniques are still loading.');
  const input = $('practice-seed');
  let seed = input.value.trim();
  seed = seed === '' || practiceSeedAuto || !/^\d+$/.test(seed) ? NaN : Number(seed);
  const fresh = !Number.isSafeInteger(seed);
  if (fresh) seed = randomSeed();
  input.value = String(seed);
  practiceSeedAuto = fresh;
  const hardest = $('practice-hardest').checked;
  const rec = pick(await ask('needs', { technique, seed, index: 0, hardest }, `making a ${technique} puzzle`));
  if (rec.status === 'error' || !rec.puzzle) throw new Error(rec.message || 'no puzzle made');
  const givens = parseLine(rec.puzzle, 9);
  const cells = parseLine(rec.result, 9);
  const marks = parseMarks(rec.marks, 9);
  if (!givens || !cells || !marks) throw new Error('the practice puzzle could not be read');
  newGame(3, 3, givens, {
    cells, marks, solution: parseLine(rec.solution, 9), seed: rec.seed ?? seed, level: levelOf(rec), symmetry: 'none',
    rating: rec.rating != null ? ratingWords(rec) : null,
    practice: { technique: rec.technique || technique, hardest: !!rec.as_hardest, rounds: rec.rounds ?? 0 },
  });
  say(`Practice: ${G.practice.technique}, seed ${G.seed}${rec.clues ? `, ${rec.clues} givens` : ''}; the position before its first step. Find it, or press Hint.`);
  select(sel, false);
  showBoard();
});

/* ---------- paste ---------- */

const doPaste = act(async () => {
  const text = $('paste-text').value;
  if (!text.trim()) return say('Paste a puzzle into the box first.');
  const recs = await ask('read', { text }, 'reading');
  const ok = recs.find((r) => r.status === 'ok' && r.puzzle && r.size);
  if (!ok) {
    const bad = recs.find((r) => r.status === 'error') || recs[0];
    return say(bad ? `Could not read it${bad.line ? ` (line ${bad.line})` : ''}: ${bad.message || bad.status}` : 'No puzzle found in the text.');
  }
  const [br, bc] = ok.size.split('x').map(Number);
  const n = br * bc;
  if (!(n >= 1 && n <= 35)) return say(`A ${n}×${n} puzzle is too large for this page.`);
  const zero = n > 9 && /0/.test(ok.puzzle + (ok.marks || ''));
  const givens = parseLine(ok.puzzle, n, zero);
  if (!givens) return say('Could not read that puzzle.');
  const marks = parseMarks(ok.marks, n);
  newGame(br, bc, givens, { marks, baseMarks: marks, label: ok.name || 'pasted' });
  const errors = recs.filter((r) => r.status === 'error').length;
  let msg = recs.length > 1 ? `Read ${recs.length} puzzles; loaded the first${ok !== recs[0] ? ' that could be read' : ''}` : 'Puzzle loaded';
  if (errors) msg += ` (${errors} could not be read)`;
  say(msg + (marks ? ', with its pencil marks.' : '.'));
  showBoard();
});

/* ---------- share, SVG, print ---------- */

function shareHref() {
  const [dr, dc] = defaultShape(G.n);
  let q = `index.html?p=${toLine(G.givens)}`;
  if (dr !== G.br || dc !== G.bc) q += `&s=${G.br}x${G.bc}`;
  return q;
}
function doShare() {
  const rel = shareHref();
  const url = new URL(rel, location.href).href;
  $('share-url').value = url;
  try {
    history.replaceState(null, '', rel);
  } catch (e) {
    /* file:// */
  }
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).catch(() => {});
  say('The link to this puzzle is in the “Link” box (and the address bar).');
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}
// A puzzle or a solution as the library draws it (nonet_step_svg, through
// the worker): no candidates, the clues apart from the digits found.
function drawGrid(cells, givens, br, bc, id) {
  const n = br * bc;
  const request = { size: `${br}x${bc}`, cells: toLine(cells), givens: toLine(givens), marks: '.'.repeat(n * n * n), id };
  return ask('svg', { request }, '');
}

const doSvg = act(async () => {
  const svg = await drawGrid(G.givens, G.givens, G.br, G.bc, 'nonet');
  const blob = new Blob([svg], { type: 'image/svg+xml' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `nonet-${G.seed != null ? G.seed : toLine(G.givens).slice(0, 12).replace(/\./g, '0')}.svg`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  say(`Saved ${a.download}.`);
});

const doPrint = act(async () => {
  const count = Number($('print-count').value) || 1;
  const withSolutions = $('print-solutions').checked;
  const items = [{ givens: G.givens, solution: G.solution, label: puzzleLabel(), br: G.br, bc: G.bc }];
  if (count > 1) {
    // the current puzzle's settings when it was generated (its level, or
    // the menu's level or range), else the menu's
    const settings = genSettings();
    if (G.seed != null) Object.assign(settings, { boxRows: G.br, boxCols: G.bc, symmetry: G.symmetry || settings.symmetry });
    if (G.seed != null && G.level) Object.assign(settings, { level: G.level, min: 0, max: 0 });
    if (settings.boxRows * settings.boxCols !== 9) Object.assign(settings, { level: null, min: 0, max: 0 });
    const base = G.seed != null ? Number(G.seed) : Number($('seed').value) || randomSeed();
    for (let k = 1; k < count; k++) {
      const g = await generate(base + k, settings, `generating ${k} of ${count - 1}`);
      const n = settings.boxRows * settings.boxCols;
      items.push({
        givens: g.givens, solution: g.solution, br: settings.boxRows, bc: settings.boxCols,
        label: `${n}×${n} · seed ${g.seed}${g.level ? ' · ' + g.level : ''}`,
      });
    }
  }
  if (withSolutions && !G.solution) await findSolution(true).catch(() => null);
  items[0].solution = G.solution;
  const area = $('print-area');
  const page = (cls, figs) => {
    const div = document.createElement('div');
    div.className = `print-page p${cls}`;
    div.innerHTML = figs.join('');
    return div;
  };
  const fig = (svg, label) => `<figure>${svg}<figcaption>${esc(label)}</figcaption></figure>`;
  const drawn = await Promise.all(items.map((it, k) => drawGrid(it.givens, it.givens, it.br, it.bc, `print-${k + 1}`)));
  const pages = [page(count, items.map((it, k) => fig(drawn[k], it.label)))];
  if (withSolutions) {
    const sols = items.filter((it) => it.solution);
    if (sols.length) {
      const solved = await Promise.all(sols.map((it, k) => drawGrid(it.solution, it.givens, it.br, it.bc, `print-solution-${k + 1}`)));
      pages.push(page(`${Math.max(4, sols.length)} solutions`, sols.map((it, k) => fig(solved[k], `solution: ${it.label}`))));
    }
  }
  area.replaceChildren(...pages);
  say(`Printing ${items.length} puzzle${items.length > 1 ? 's' : ''}${withSolutions ? ' and solutions' : ''}.`);
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
  window.print();
});

/* ---------- theme ---------- */

function setTheme(dark, remember) {
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
  $('dark').setAttribute('aria-pressed', String(dark));
  if (remember) {
    try {
      localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light');
    } catch (e) {
      /* not kept */
    }
  }
}

/* ---------- timer ---------- */

let lastTick = performance.now();
function tick() {
  const now = performance.now();
  const dt = now - lastTick;
  lastTick = now;
  const running = !G.editing && !G.solved && document.visibilityState === 'visible' && !explainView && G.givens.some((d) => d);
  if (!running) return;
  const before = Math.floor(G.elapsed / 1000);
  G.elapsed += Math.min(dt, 5000);
  if (Math.floor(G.elapsed / 1000) !== before) {
    $('timer').textContent = clock(G.elapsed);
    if (Math.floor(G.elapsed / 1000) % 10 === 0) save();
  }
}

/* ---------- start ---------- */

// The puzzle of a share link (?p=LINE&s=RxC), or {error} saying why the
// link cannot be read.
function fromUrl() {
  const q = new URLSearchParams(location.search);
  if (!q.has('p')) return null;
  const line = (q.get('p') || '').trim();
  const shown = line.length > 40 ? line.slice(0, 40) + '…' : line;
  const bad = (why) => ({ error: `This link’s puzzle could not be read: ${why}.` });
  if (!line) return bad('the link holds no puzzle (nothing after “p=”)');
  const n = Math.round(Math.sqrt(line.length));
  if (n < 1 || n > 35 || n * n !== line.length) {
    return bad(`“${shown}” has ${line.length} symbol${line.length === 1 ? '' : 's'}, and a puzzle needs a square number of them (81 for 9×9)`);
  }
  let [br, bc] = defaultShape(n);
  const s = /^(\d+)x(\d+)$/.exec(q.get('s') || '');
  if (s && +s[1] * +s[2] === n) [br, bc] = [+s[1], +s[2]];
  const givens = parseLine(line, n);
  if (!givens) {
    const fits = (ch) => ch === '.' || ch === '0' || (SYMS.indexOf(ch.toUpperCase()) >= 0 && SYMS.indexOf(ch.toUpperCase()) < n);
    const at = [...line].findIndex((ch) => !fits(ch));
    return bad(`“${shown}” has ${at >= 0 ? `“${line[at]}” (symbol ${at + 1}), which` : 'a symbol that'} a ${n}×${n} puzzle cannot hold`);
  }
  return { br, bc, givens };
}

function init() {
  const dark = document.documentElement.getAttribute('data-theme') === 'dark';
  setTheme(dark, false);
  const saved = loadSaved();
  const link = fromUrl();
  if (link && !link.error) {
    if (saved && saved.br === link.br && saved.bc === link.bc && saved.givensArr.join() === link.givens.join()) startSaved(saved, true);
    else newGame(link.br, link.bc, link.givens, { label: 'shared', fromLink: true });
  } else if (saved) startSaved(saved);
  else {
    newGame(3, 3, parseLine(START.puzzle, 9), {
      solution: parseLine(START.solution, 9), seed: START.seed, level: START.level, symmetry: START.symmetry,
    });
  }
  if (G.seed != null && G.practice) {
    $('practice-seed').value = String(G.seed);
    practiceSeedAuto = true;
  } else if (G.seed != null) {
    $('seed').value = String(G.seed);
    seedAuto = true;
  }
  if (performance.mark) performance.mark('nonet-grid'); // the grid is drawn and playable
  if (link && link.error) notice(`${link.error} Showing ${saved ? 'your last game' : 'a sample puzzle'} instead.`);
  say('Loading the solver… (you can play already)');
  $('status').dataset.loading = '1';

  // grid
  const grid = $('grid');
  grid.addEventListener('click', (e) => {
    const el = e.target instanceof Element && e.target.closest('[role=gridcell]');
    if (el) select(cellEls.indexOf(el));
  });
  grid.addEventListener('focusin', (e) => {
    const i = cellEls.indexOf(e.target);
    if (i >= 0 && i !== sel) select(i, false);
  });
  document.addEventListener('keydown', onKey);
  $('pad').addEventListener('click', (e) => {
    const b = e.target instanceof Element && e.target.closest('button[data-digit]');
    if (b) input(Number(b.dataset.digit));
  });

  // controls
  $('pencil').addEventListener('click', togglePencil);
  $('autofill').addEventListener('click', doAutofill);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', doHint);
  $('lock').addEventListener('click', doLock);
  $('explain').addEventListener('click', doExplain);
  $('explain-prev').addEventListener('click', () => explainView && showStep(explainView.k - 1));
  $('explain-next').addEventListener('click', () => explainView && showStep(explainView.k + 1));
  $('explain-close').addEventListener('click', () => closeExplain());
  $('step-close').addEventListener('click', leaveStep);
  $('rate').addEventListener('click', doRate);
  $('unique').addEventListener('click', doUnique);
  $('solve').addEventListener('click', doSolve);
  $('size').addEventListener('change', sizeChanged);
  $('level').addEventListener('change', sizeChanged);
  $('generate').addEventListener('click', doGenerate);
  $('practice').addEventListener('click', doPractice);
  $('practice-seed').addEventListener('input', () => (practiceSeedAuto = false));
  $('new-empty').addEventListener('click', doNewEmpty);
  $('seed').addEventListener('input', () => (seedAuto = false));
  $('paste-load').addEventListener('click', doPaste);
  $('share').addEventListener('click', doShare);
  $('svg').addEventListener('click', doSvg);
  $('print').addEventListener('click', doPrint);
  $('cancel').addEventListener('click', cancelWork);
  $('dark').addEventListener('click', () => setTheme(document.documentElement.getAttribute('data-theme') !== 'dark', true));
  document.addEventListener('visibilitychange', () => {
    lastTick = performance.now();
    if (document.visibilityState === 'hidden') save();
  });
  window.addEventListener('pagehide', save);
  setInterval(tick, 250);

  startWorker();
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

init();
