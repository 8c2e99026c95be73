// The browser test of nonet's web page (`make web-test`, web/test/run.sh).
//
// It serves build/web on 127.0.0.1 (a small static server of its own, so
// that it can also go offline), drives Debian's Chromium with
// playwright-core as a person would (clicks, keys, pasted text), and reads
// the page only through the DOM contract of web/README.md ("The page's
// DOM"): ids, ARIA roles and data-* attributes, and, where what matters is
// what a person sees (a hidden setting, a grid out of view, where a list's
// numbers are drawn, which cells are shaded), boxes, computed styles and
// the screen's pixels. Every puzzle's answer is
// checked with a small solver of the test's own, never with nonet's, and
// against the command-line `nonet` where the page must agree with it.
//
//   node web/test/browser.mjs [--root build/web] [--out build/web-test]
//        [--nonet build/nonet] [--chromium /usr/bin/chromium] [--only 3,9]
//
// Each numbered check (see main() for the list) opens its own browser
// context, and passes or fails on its own: a check that throws is a failure
// with its message and the DOM it saw, and a screenshot fail-NN.png. The
// last line is "web-test: N passed, M failed"; the exit status is 1 when
// any check failed. Timings are printed, never judged.

import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const require = createRequire(import.meta.url);

// ---------------------------------------------------------------- options

function parseOptions(argv) {
  const options = {
    root: path.join(repoRoot, 'build', 'web'),
    out: path.join(repoRoot, 'build', 'web-test'),
    nonet: path.join(repoRoot, 'build', 'nonet'),
    chromium: '/usr/bin/chromium',
    only: null,
  };
  for (let i = 2; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    const value = argv[++i];
    if (!(name in options) || value === undefined) {
      console.error(`usage: node browser.mjs [--root DIR] [--out DIR] [--nonet PATH] [--chromium PATH] [--only 1,2]`);
      process.exit(2);
    }
    options[name] = name === 'only' ? new Set(value.split(',').map(Number)) : path.resolve(value);
  }
  return options;
}

const options = parseOptions(process.argv);

// Generous for a 2-core machine: a hard puzzle's explain takes seconds.
const T = { ui: 5000, load: 15000, worker: 30000, slow: 90000 };

// ------------------------------------------------- puzzles (test data)

// Wikipedia's example puzzle: easy (1.2), singles only.
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
// A fiendish one (4.2, xy-wing): `nonet generate --seed 2 --level fiendish`.
const FIENDISH = '.975.8...8....6.9.....2....3.....62.97.6.1.83.56.....4....5.....8.4....9...1.724.';
// Its explanation has a forcing x-chain (6.6; tests/data/techniques.txt):
// the step drawing's check reads the chain from `nonet explain --json`.
const CHAIN = '...7.....52...41..8....2.6......17367..2.58........5.13.15486......2...4...1.....';
// 6x6 (2x3 boxes), 4x4 (2x2) and 16x16 (4x4, symbols 1-9A-G) puzzles.
const SIX = '..1...4.5..3...42..14...1..3.2...5..';
const FOUR = '...1.14..42.2...';
const SIXTEEN =
  '.1......E...96...3E6..8.5A9.12....B...39D..2........E.....F7.B85..G823E...4D.......B...D..6..G..7..A8.F4.C5..9.6.241......8.C.E..F.2.4......A8B.1.9..G5.F8.32..E..A..E..4...6.......6C...GEB3D..2C1.48.....5........C..287...A....53.AD6.2..EC9...7F...5......2.';
const SEED = '2024';
const LEVELS = ['easy', 'medium', 'hard', 'fiendish', 'diabolical'];
// words that name a technique (nonet's names, README "rate")
const TECHNIQUE_WORDS =
  /single|full house|pair|triple|quad|pointing|claiming|wing|fish|x-wing|swordfish|jellyfish|rectangle|chain|cycle|forcing|nishio|bug|locked|subset/i;

// --------------------------------------------- the test's own Sudoku code

const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BOXES = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 12: [3, 4], 16: [4, 4] };

/** The geometry of an n x n grid of boxRows x boxCols boxes. */
function makeShape(boxRows, boxCols) {
  const n = boxRows * boxCols;
  const size = n * n;
  const rowOf = new Int32Array(size);
  const colOf = new Int32Array(size);
  const boxOf = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    const r = Math.floor(i / n);
    const c = i % n;
    rowOf[i] = r;
    colOf[i] = c;
    boxOf[i] = Math.floor(r / boxRows) * boxRows + Math.floor(c / boxCols);
  }
  return { boxRows, boxCols, n, size, rowOf, colOf, boxOf };
}

function shapeForSide(n) {
  if (!BOXES[n]) throw new Error(`no box shape for a ${n}x${n} grid`);
  return makeShape(...BOXES[n]);
}

function symbolValue(ch) {
  if (ch === undefined || ch === null) return 0;
  const s = String(ch).trim().toUpperCase();
  if (s === '' || s === '.' || s === '0') return 0;
  const v = SYMBOLS.indexOf(s) + 1;
  if (v === 0 || s.length !== 1) return NaN;
  return v;
}

/** One-line text ('.' blanks) to an array of digits (0 blank). */
function parseLine(line) {
  return [...line].map(symbolValue);
}

function toLine(digits) {
  return digits.map((d) => (d ? SYMBOLS[d - 1] : '.')).join('');
}

function popcount(m) {
  let k = 0;
  for (; m; m &= m - 1) k++;
  return k;
}

/** Candidates by plain elimination: a bit set per empty cell (bit d-1), 0 on filled cells. */
function candidates(digits, shape) {
  const { n, size, rowOf, colOf, boxOf } = shape;
  const rows = new Int32Array(n);
  const cols = new Int32Array(n);
  const boxes = new Int32Array(n);
  digits.forEach((d, i) => {
    if (d) {
      rows[rowOf[i]] |= 1 << (d - 1);
      cols[colOf[i]] |= 1 << (d - 1);
      boxes[boxOf[i]] |= 1 << (d - 1);
    }
  });
  const full = (1 << n) - 1;
  const out = new Array(size).fill(0);
  for (let i = 0; i < size; i++) {
    if (!digits[i]) out[i] = full & ~(rows[rowOf[i]] | cols[colOf[i]] | boxes[boxOf[i]]);
  }
  return out;
}

/**
 * Backtracking with bit sets, the most constrained cell first. Counts
 * solutions up to limit; returns { count, solution } (the first found).
 */
function solve(digits, shape, limit = 2) {
  const { n, size, rowOf, colOf, boxOf } = shape;
  const rows = new Int32Array(n);
  const cols = new Int32Array(n);
  const boxes = new Int32Array(n);
  const grid = Int32Array.from(digits);
  for (let i = 0; i < size; i++) {
    const d = grid[i];
    if (!d) continue;
    const bit = 1 << (d - 1);
    if ((rows[rowOf[i]] | cols[colOf[i]] | boxes[boxOf[i]]) & bit) return { count: 0, solution: null };
    rows[rowOf[i]] |= bit;
    cols[colOf[i]] |= bit;
    boxes[boxOf[i]] |= bit;
  }
  const full = (1 << n) - 1;
  let count = 0;
  let first = null;
  const search = () => {
    let best = -1;
    let bestMask = 0;
    let bestCount = n + 1;
    for (let i = 0; i < size && bestCount > 1; i++) {
      if (grid[i]) continue;
      const mask = full & ~(rows[rowOf[i]] | cols[colOf[i]] | boxes[boxOf[i]]);
      const k = popcount(mask);
      if (k < bestCount) {
        best = i;
        bestMask = mask;
        bestCount = k;
        if (k === 0) return false;
      }
    }
    if (best < 0) {
      count++;
      if (!first) first = Array.from(grid);
      return count >= limit;
    }
    const r = rowOf[best];
    const c = colOf[best];
    const b = boxOf[best];
    for (let mask = bestMask; mask; mask &= mask - 1) {
      const bit = mask & -mask;
      grid[best] = 31 - Math.clz32(bit) + 1;
      rows[r] |= bit;
      cols[c] |= bit;
      boxes[b] |= bit;
      const done = search();
      rows[r] &= ~bit;
      cols[c] &= ~bit;
      boxes[b] &= ~bit;
      grid[best] = 0;
      if (done) return true;
    }
    return false;
  };
  search();
  return { count, solution: first };
}

/** Why grid is not a solution of clues (null when it is one). */
function solutionProblem(grid, clues, shape) {
  const { n, size, rowOf, colOf, boxOf } = shape;
  if (grid.length !== size) return `${grid.length} cells, not ${size}`;
  const seen = new Map();
  for (let i = 0; i < size; i++) {
    const d = grid[i];
    if (!(d >= 1 && d <= n)) return `r${rowOf[i] + 1}c${colOf[i] + 1} is not a digit`;
    if (clues[i] && clues[i] !== d) return `r${rowOf[i] + 1}c${colOf[i] + 1} differs from its clue`;
    for (const unit of [`row ${rowOf[i]}`, `col ${colOf[i]}`, `box ${boxOf[i]}`]) {
      const key = `${unit}:${d}`;
      if (seen.has(key)) return `${SYMBOLS[d - 1]} twice in ${unit}`;
      seen.set(key, i);
    }
  }
  return null;
}

/** The digits permuted (a new, equally valid puzzle). */
function relabel(line, perm) {
  return [...line].map((ch) => (ch === '.' ? '.' : String(perm[Number(ch) - 1]))).join('');
}

// The layouts a person pastes (all read by `nonet help input`).
function boxedLayout(digits, shape) {
  const { n, boxRows, boxCols } = shape;
  const rule = '+' + ('-'.repeat(2 * boxCols + 1) + '+').repeat(n / boxCols);
  const lines = [rule];
  for (let r = 0; r < n; r++) {
    let line = '|';
    for (let c = 0; c < n; c++) {
      const d = digits[r * n + c];
      line += ' ' + (d ? SYMBOLS[d - 1] : '.');
      if ((c + 1) % boxCols === 0) line += ' |';
    }
    lines.push(line);
    if ((r + 1) % boxRows === 0) lines.push(rule);
  }
  return lines.join('\n') + '\n';
}

function rowsLayout(digits, shape, blank) {
  const { n } = shape;
  const lines = [];
  for (let r = 0; r < n; r++) {
    lines.push(digits.slice(r * n, r * n + n).map((d) => (d ? SYMBOLS[d - 1] : blank)).join(''));
  }
  return lines.join('\n') + '\n';
}

// ----------------------------------------------------- a static server

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** Serves root on 127.0.0.1 (a free port); server.offline drops every connection. */
function startServer(root) {
  const state = { offline: false, missing: new Set() };
  const server = http.createServer((req, res) => {
    if (state.offline) {
      req.socket.destroy();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, body) => {
      if (err) {
        state.missing.add(pathname);
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': body.length,
        'Cache-Control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      state.url = `http://127.0.0.1:${server.address().port}/`;
      state.close = () =>
        new Promise((done) => {
          server.closeAllConnections?.();
          server.close(() => done());
        });
      resolve(state);
    });
  });
}

// ------------------------------------------------------------ helpers

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class CheckError extends Error {}

function expect(condition, message) {
  if (!condition) throw new CheckError(message);
}

/**
 * Polls probe() until it returns an object with ok true; on timeout throws
 * with what was waited for and the last observation's why (DOM evidence).
 */
async function until(what, probe, timeout = T.ui, interval = 50) {
  const end = Date.now() + timeout;
  let last = null;
  for (;;) {
    try {
      last = await probe();
    } catch (err) {
      last = { ok: false, why: String(err.message || err).split('\n')[0] };
    }
    if (last && last.ok) return last;
    if (Date.now() > end) {
      throw new CheckError(`timed out after ${timeout} ms waiting for ${what}${last && last.why ? ': ' + last.why : ''}`);
    }
    await sleep(interval);
  }
}

/** The grid as the DOM shows it: cells in row-major order. */
async function readGrid(page) {
  const cells = await page.$$eval('#grid [role="gridcell"]', (nodes) =>
    nodes.map((c) => ({
      row: Number(c.dataset.row),
      col: Number(c.dataset.col),
      value: c.dataset.value ?? null,
      given: c.dataset.given === 'true',
      readonly: c.getAttribute('aria-readonly') === 'true',
      marks: c.dataset.marks ?? null,
      conflict: c.dataset.conflict === 'true',
      hint: c.dataset.hint ?? null,
      selected: c.getAttribute('aria-selected') === 'true',
      tabindex: c.getAttribute('tabindex'),
      focused: c === document.activeElement,
    })),
  );
  const n = Math.round(Math.sqrt(cells.length));
  cells.sort((a, b) => a.row * n + a.col - (b.row * n + b.col));
  return new Grid(cells, n);
}

class Grid {
  constructor(cells, n) {
    this.cells = cells;
    this.n = n;
  }
  get count() {
    return this.cells.length;
  }
  at(r, c) {
    return this.cells[r * this.n + c];
  }
  values() {
    return this.cells.map((c) => symbolValue(c.value));
  }
  givens() {
    return this.cells.map((c) => (c.given ? symbolValue(c.value) : 0));
  }
  valuesLine() {
    return this.cells.map((c) => (c.value ? c.value : '.')).join('');
  }
  givensLine() {
    return this.cells.map((c) => (c.given ? c.value || '?' : '.')).join('');
  }
  hinted() {
    return this.cells.filter((c) => c.hint);
  }
  /** 'r1c2' names, from 1 as nonet writes them */
  static name(cell) {
    return `r${cell.row + 1}c${cell.col + 1}`;
  }
}

function hintKinds(cell) {
  return (cell.hint || '').split(/[\s,]+/).filter(Boolean);
}

/** The symbols of a data-marks value, as a bit set (bit d-1). */
function marksMask(marks) {
  let mask = 0;
  for (const ch of marks || '') {
    const d = symbolValue(ch);
    if (d > 0) mask |= 1 << (d - 1);
  }
  return mask;
}

function maskText(mask) {
  let s = '';
  for (let d = 1; mask >> (d - 1); d++) if (mask & (1 << (d - 1))) s += SYMBOLS[d - 1];
  return s;
}

const cellLocator = (page, r, c) => page.locator(`#grid [role="gridcell"][data-row="${r}"][data-col="${c}"]`);

async function text(page, selector) {
  return ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Opens the closed <details> around selector, as a person opens a panel to reach a control. */
async function reveal(page, selector) {
  const target = page.locator(selector).first();
  await target.waitFor({ state: 'attached', timeout: T.load });
  if (await target.isVisible()) return target;
  await page.evaluate((sel) => {
    for (let el = document.querySelector(sel); el; el = el.parentElement) {
      if (el.tagName === 'DETAILS' && !el.open) el.querySelector(':scope > summary')?.click();
    }
  }, selector);
  return target;
}

async function click(page, selector) {
  await (await reveal(page, selector)).click();
}

/** Chooses the option of a <select> whose value (else label) is token ('3x3', 'easy'). */
async function choose(page, selector, token) {
  await reveal(page, selector);
  const value = await page.$eval(
    selector,
    (select, want) => {
      const norm = (s) => s.toLowerCase().replace(/\u00d7/g, 'x').trim();
      const opts = [...select.options];
      const hit =
        opts.find((o) => norm(o.value) === norm(want)) ||
        opts.find((o) => norm(o.textContent) === norm(want)) ||
        opts.find((o) => new RegExp(`\\b${want}\\b`, 'i').test(norm(o.value) + ' ' + norm(o.textContent)));
      return hit ? hit.value : null;
    },
    token,
  );
  expect(value !== null, `${selector} has no option ${token}`);
  await page.selectOption(selector, value);
  return value;
}

async function hasOption(page, selector, token) {
  return page
    .$eval(selector, (s, want) => [...s.options].some((o) => o.value === want || o.textContent.trim() === want), token)
    .catch(() => false);
}

/** Pastes text into #paste-text and presses #paste-load. */
async function paste(page, textToPaste) {
  const area = await reveal(page, '#paste-text');
  await area.fill(textToPaste);
  await click(page, '#paste-load');
}

/** Pastes a puzzle and waits until the grid's givens (and only them) are that puzzle. */
async function loadPuzzle(page, textToPaste, line, timeout = T.load) {
  await paste(page, textToPaste);
  return waitForPuzzle(page, line, timeout);
}

async function waitForPuzzle(page, line, timeout = T.load) {
  const want = line.toUpperCase();
  const result = await until(
    `the grid to show the puzzle ${line}`,
    async () => {
      const g = await readGrid(page);
      const givens = g.givensLine();
      const values = g.valuesLine();
      if (g.count !== want.length) return { why: `${g.count} gridcells, want ${want.length}` };
      if (givens !== want) return { why: `givens ${givens}` };
      if (values !== want) return { why: `values ${values} (non-givens not empty)` };
      return { ok: true, grid: g };
    },
    timeout,
  );
  return result.grid;
}

async function waitForCells(page, count, timeout = T.load) {
  return until(
    `${count} gridcells`,
    async () => {
      const k = await page.locator('#grid [role="gridcell"]').count();
      return { ok: k === count, why: `${k} gridcells` };
    },
    timeout,
  );
}

async function focusInfo(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    const pos = (el) => [Number(el.dataset.row), Number(el.dataset.col)];
    return {
      active: a && a.getAttribute('role') === 'gridcell' ? pos(a) : null,
      activeName: a ? a.tagName.toLowerCase() + (a.id ? '#' + a.id : '') : 'none',
      zero: [...document.querySelectorAll('#grid [role="gridcell"][tabindex="0"]')].map(pos),
      selected: [...document.querySelectorAll('#grid [role="gridcell"][aria-selected="true"]')].map(pos),
    };
  });
}

/** Checks that cell (r, c) has focus, tabindex 0 (the only one) and aria-selected. */
async function expectFocusAt(page, r, c, how) {
  await until(
    `focus on r${r + 1}c${c + 1} after ${how}`,
    async () => {
      const f = await focusInfo(page);
      const at = (p) => p && p[0] === r && p[1] === c;
      const ok = at(f.active) && f.zero.length === 1 && at(f.zero[0]) && f.selected.some(at);
      return {
        ok,
        why: `activeElement ${f.active ? `r${f.active[0] + 1}c${f.active[1] + 1}` : f.activeName}, tabindex=0 on ${JSON.stringify(f.zero)}, aria-selected on ${JSON.stringify(f.selected)}`,
      };
    },
    T.ui,
  );
}

async function cellValue(page, r, c) {
  return (await cellLocator(page, r, c).getAttribute('data-value')) ?? null;
}

async function waitForValue(page, r, c, want, how, timeout = T.ui) {
  await until(
    `r${r + 1}c${c + 1} data-value "${want}" after ${how}`,
    async () => {
      const v = await cellValue(page, r, c);
      return { ok: v === want, why: `data-value is ${JSON.stringify(v)}` };
    },
    timeout,
  );
}

/** Reads #share-url: an input's value, a link's href or its text. */
async function readShareUrl(page) {
  return page.$eval('#share-url', (el) => {
    if ('value' in el && typeof el.value === 'string' && el.tagName !== 'BUTTON') return el.value.trim();
    if (el.href) return el.href;
    return el.textContent.trim();
  });
}

function runNonet(args) {
  expect(fs.existsSync(options.nonet), `${options.nonet} is missing: run make`);
  return execFileSync(options.nonet, args, { encoding: 'utf8', timeout: 120000 });
}

// --------------------------------------------------------- the harness

const results = [];
const screenshots = [];
const pageErrors = [];
let browser;
let server;

async function newPage(contextOptions = {}) {
  const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  watch(page);
  page.setDefaultTimeout(T.load);
  return { context, page };
}

let currentCheck = '';
const consoleLog = [];

function watch(page) {
  page.on('pageerror', (err) => pageErrors.push(`[${currentCheck}] ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleLog.push(`[${currentCheck}] console.error: ${msg.text()}`);
  });
  page.on('worker', (worker) => {
    worker.on('console', (msg) => {
      if (msg.type() === 'error') consoleLog.push(`[${currentCheck}] worker console.error: ${msg.text()}`);
    });
  });
}

async function open(page, url = server.url) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await waitForCells(page, 81);
}

async function screenshot(page, name, opts = {}) {
  const file = path.join(options.out, name);
  await page.screenshot({ path: file, fullPage: true, ...opts });
  screenshots.push(file);
  return file;
}

async function runCheck(number, name, body) {
  if (options.only && !options.only.has(number)) return;
  currentCheck = `${number}`;
  const notes = [];
  const note = (line) => notes.push(line);
  const contexts = [];
  const pageFor = async (opts) => {
    const pc = await newPage(opts);
    contexts.push(pc.context);
    return pc.page;
  };
  const started = Date.now();
  let error = null;
  try {
    await body({ pageFor, note });
  } catch (err) {
    error = err;
    // the screen at the failure: evidence for whoever fixes it
    const last = contexts.flatMap((ctx) => ctx.pages()).filter((p) => !p.isClosed()).at(-1);
    if (last) {
      try {
        notes.push(`screen at failure: ${await screenshot(last, `fail-${String(number).padStart(2, '0')}.png`, { timeout: 5000 })}`);
      } catch {
        /* a page that cannot be photographed says nothing more */
      }
    }
  } finally {
    for (const ctx of contexts) await ctx.close().catch(() => {});
  }
  const ms = Date.now() - started;
  const label = `${String(number).padStart(2)}. ${name}`;
  if (error) {
    const message = error instanceof CheckError ? error.message : error.stack || String(error);
    console.log(`FAIL ${label} (${ms} ms)\n       ${message.replace(/\n/g, '\n       ')}`);
  } else {
    console.log(`ok   ${label} (${ms} ms)`);
  }
  for (const line of notes) console.log(`       ${line.replace(/\n/g, '\n       ')}`);
  results.push({ number, name, ok: !error });
}

// ------------------------------------------------------------ the checks

const easyDigits = parseLine(EASY);
const shape9 = makeShape(3, 3);
const easySolution = solve(easyDigits, shape9, 2);

async function checkFirstLoad({ pageFor, note }) {
  const page = await pageFor();
  // When the 81st gridcell appears, in the page's own clock (from navigation start).
  await page.addInitScript(() => {
    const count = () => document.querySelectorAll('#grid [role="gridcell"]').length;
    const observer = new MutationObserver(() => {
      if (count() >= 81 && window.__gridAt === undefined) {
        window.__gridAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const wall = Date.now();
  await page.goto(server.url, { waitUntil: 'domcontentloaded' });
  await waitForCells(page, 81);
  const wallMs = Date.now() - wall;
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      grid: window.__gridAt ?? performance.now(),
      dcl: nav ? nav.domContentLoadedEventEnd : null,
      load: nav ? nav.loadEventEnd : null,
    };
  });
  note(
    `81 gridcells ${timing.grid.toFixed(0)} ms after navigation start (goal: under 1000 ms; ` +
      `DOMContentLoaded ${timing.dcl?.toFixed(0)} ms; ${wallMs} ms seen from the test)`,
  );

  // the grid's ARIA structure
  const structure = await page.evaluate(() => {
    const grid = document.querySelector('#grid');
    const rows = grid.querySelectorAll('[role="row"]');
    const cells = [...grid.querySelectorAll('[role="gridcell"]')];
    return {
      role: grid.getAttribute('role'),
      label: grid.getAttribute('aria-label') || '',
      rows: rows.length,
      cellsInRows: [...rows].map((r) => r.querySelectorAll('[role="gridcell"]').length),
      zero: cells.filter((c) => c.getAttribute('tabindex') === '0').length,
      minusOne: cells.filter((c) => c.getAttribute('tabindex') === '-1').length,
      positions: new Set(cells.map((c) => `${c.dataset.row},${c.dataset.col}`)).size,
      withValue: cells.filter((c) => c.dataset.value !== undefined).length,
      status: document.querySelector('#status')?.getAttribute('role') ?? null,
    };
  });
  expect(structure.role === 'grid', `#grid role is ${structure.role}, not grid`);
  expect(structure.label.length > 0, '#grid has no aria-label');
  expect(structure.rows === 9 && structure.cellsInRows.every((k) => k === 9), `rows: ${structure.rows} role=row with ${structure.cellsInRows} gridcells`);
  expect(structure.positions === 81, `${structure.positions} distinct data-row/data-col pairs, not 81`);
  expect(structure.withValue === 81, `${81 - structure.withValue} gridcells have no data-value`);
  expect(structure.zero === 1 && structure.minusOne === 80, `${structure.zero} cells with tabindex=0 and ${structure.minusOne} with -1 (want 1 and 80)`);
  expect(structure.status === 'status', `#status role is ${structure.status}, not status`);

  // interactive: a click selects a cell at once
  const g = await readGrid(page);
  const target = g.cells.find((c) => !c.given) ?? g.cells[40];
  await cellLocator(page, target.row, target.col).click();
  await expectFocusAt(page, target.row, target.col, 'a click');
}

async function checkPaste({ pageFor, note }) {
  expect(easySolution.count === 1, 'test data: the easy puzzle must have one solution');
  const page = await pageFor();
  await open(page);
  const layouts = [
    ['one line', (d) => toLine(d) + '\n', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ['boxed', (d) => boxedLayout(d, shape9), [9, 8, 7, 6, 5, 4, 3, 2, 1]],
    ['nine lines, 0 blanks', (d) => rowsLayout(d, shape9, '0'), [2, 3, 4, 5, 6, 7, 8, 9, 1]],
    ['nine lines, space blanks', (d) => rowsLayout(d, shape9, ' '), [5, 1, 9, 3, 7, 2, 8, 4, 6]],
  ];
  const failures = [];
  for (const [name, layout, perm] of layouts) {
    // a different labelling each time, so that each paste visibly changes the grid
    const line = relabel(EASY, perm);
    const digits = parseLine(line);
    try {
      const g = await loadPuzzle(page, layout(digits), line);
      const bad = g.cells.filter((c) => c.given !== Boolean(symbolValue(c.value)) || c.given !== c.readonly);
      if (bad.length) {
        failures.push(
          `${name}: data-given/aria-readonly wrong on ${bad.slice(0, 5).map((c) => `${Grid.name(c)} (value ${JSON.stringify(c.value)}, data-given ${c.given}, aria-readonly ${c.readonly})`).join(', ')}`,
        );
      } else {
        note(`${name}: ${g.givens().filter(Boolean).length} givens as pasted, data-given and aria-readonly on each`);
      }
    } catch (err) {
      failures.push(`${name}: ${err.message}`);
    }
  }
  note(`screenshot: ${await screenshot(page, 'paste.png')}`);

  // garbage: a message, not a silent nothing
  const before = await text(page, '#status');
  await paste(page, 'hello');
  try {
    const seen = await until(
      '#status to show a message about "hello"',
      async () => {
        const s = await text(page, '#status');
        return { ok: s.length > 0 && s !== before, why: `#status is ${JSON.stringify(s)}`, s };
      },
      T.load,
    );
    note(`"hello" -> #status: ${JSON.stringify(seen.s)}`);
  } catch (err) {
    failures.push(`garbage: ${err.message}`);
  }
  expect(failures.length === 0, failures.join('\n'));
}

async function checkKeyboard({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  const g = await loadPuzzle(page, EASY, EASY);
  const sol = easySolution.solution;

  // Tab reaches the grid: the one cell with tabindex=0 takes focus
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  let reached = null;
  for (let i = 0; i < 100 && !reached; i++) {
    await page.keyboard.press('Tab');
    const f = await focusInfo(page);
    if (f.active) reached = f;
  }
  expect(reached, 'Tab never focused a gridcell (100 presses)');
  expect(reached.zero.length === 1 && reached.zero[0][0] === reached.active[0] && reached.zero[0][1] === reached.active[1],
    `Tab focused r${reached.active[0] + 1}c${reached.active[1] + 1} but tabindex=0 is on ${JSON.stringify(reached.zero)}`);
  note(`Tab reached the grid at r${reached.active[0] + 1}c${reached.active[1] + 1}`);

  // click an empty cell in the middle, then move with the arrows
  const r0 = 4;
  const c0 = 4; // r5c5: empty in EASY
  expect(!g.at(r0, c0).given, 'test data: r5c5 must be empty');
  await cellLocator(page, r0, c0).click();
  await expectFocusAt(page, r0, c0, 'a click');
  const moves = [
    ['ArrowRight', 0, 1],
    ['ArrowDown', 1, 0],
    ['ArrowLeft', 0, -1],
    ['ArrowUp', -1, 0],
  ];
  let r = r0;
  let c = c0;
  for (const [key, dr, dc] of moves) {
    await page.keyboard.press(key);
    r += dr;
    c += dc;
    await expectFocusAt(page, r, c, key);
  }

  // a digit, then Backspace and Delete
  const right = SYMBOLS[sol[r0 * 9 + c0] - 1];
  await page.keyboard.press(right);
  await waitForValue(page, r0, c0, right, `typing ${right}`);
  await page.keyboard.press('Backspace');
  await waitForValue(page, r0, c0, '', 'Backspace');
  await page.keyboard.press(right);
  await waitForValue(page, r0, c0, right, `typing ${right} again`);
  await page.keyboard.press('Delete');
  await waitForValue(page, r0, c0, '', 'Delete');

  // a digit given elsewhere in the row: a conflict
  const rowGivens = g.cells.filter((x) => x.row === r0 && x.given).map((x) => x.value);
  const wrong = rowGivens[0];
  await page.keyboard.press(wrong);
  await waitForValue(page, r0, c0, wrong, `typing the conflicting ${wrong}`);
  await until(
    `data-conflict="true" on r${r0 + 1}c${c0 + 1} (holds ${wrong}, given in row ${r0 + 1})`,
    async () => {
      const v = await cellLocator(page, r0, c0).getAttribute('data-conflict');
      return { ok: v === 'true', why: `data-conflict is ${JSON.stringify(v)}` };
    },
  );
  await page.keyboard.press('Backspace');
  await waitForValue(page, r0, c0, '', 'Backspace on the conflict');
  await until('the conflict to clear', async () => {
    const bad = (await readGrid(page)).cells.filter((x) => x.conflict).map(Grid.name);
    return { ok: bad.length === 0, why: `data-conflict="true" still on ${bad.join(' ')}` };
  });

  // typing onto a given does nothing
  const given = g.at(0, 0); // 5
  await cellLocator(page, 0, 0).click();
  const other = given.value === '1' ? '2' : '1';
  await page.keyboard.press(other);
  await page.keyboard.press('Backspace');
  await sleep(300);
  expect((await cellValue(page, 0, 0)) === given.value, `typing onto the given r1c1 changed it to ${await cellValue(page, 0, 0)}`);

  // by mouse: click a cell, then a digit-pad button (or type, where there is no pad)
  const r1 = 0;
  const c1 = 2; // r1c3: empty
  const digit = SYMBOLS[sol[r1 * 9 + c1] - 1];
  await cellLocator(page, r1, c1).click();
  const pad = await page.evaluate((d) => {
    const buttons = [...document.querySelectorAll('button, [role="button"]')].filter((b) => !b.closest('#grid') && b.offsetParent !== null);
    const hit =
      buttons.find((b) => b.dataset.digit === d || b.dataset.value === d) ||
      buttons.find((b) => b.textContent.trim() === d) ||
      buttons.find((b) => new RegExp(`(^|\\s)${d}$`).test((b.getAttribute('aria-label') || '').trim()));
    if (!hit) return null;
    hit.setAttribute('data-test-pad', d);
    return hit.outerHTML.slice(0, 120);
  }, digit);
  if (pad) {
    await page.click(`[data-test-pad="${digit}"]`);
    note(`digit pad: clicked ${pad}`);
  } else {
    await page.keyboard.press(digit);
    note('no digit-pad button found (the contract names none): typed the digit instead');
  }
  await waitForValue(page, r1, c1, digit, pad ? `clicking the pad's ${digit}` : `typing ${digit}`);

  // `h` asks for a hint
  await cellLocator(page, 8, 0).click();
  await page.keyboard.press('h');
  await until('data-hint cells after the key h', async () => ({ ok: (await readGrid(page)).hinted().length > 0, why: `#status ${JSON.stringify(await text(page, '#status'))}` }), T.worker);
}

async function checkUndoRedo({ pageFor }) {
  const page = await pageFor();
  await open(page);
  await loadPuzzle(page, EASY, EASY);
  const sol = easySolution.solution;
  const a = [0, 2];
  const b = [0, 3];
  const digitAt = ([r, c]) => SYMBOLS[sol[r * 9 + c] - 1];
  for (const cell of [a, b]) {
    await cellLocator(page, ...cell).click();
    await page.keyboard.press(digitAt(cell));
    await waitForValue(page, ...cell, digitAt(cell), 'typing');
  }
  await click(page, '#undo');
  await waitForValue(page, ...b, '', '#undo');
  expect((await cellValue(page, ...a)) === digitAt(a), 'the first #undo also undid the move before');
  await click(page, '#undo');
  await waitForValue(page, ...a, '', 'a second #undo');
  await click(page, '#redo');
  await waitForValue(page, ...a, digitAt(a), '#redo');
  expect((await cellValue(page, ...b)) === '', 'the first #redo also redid the second move');

  // the keys, with focus in the grid
  await cellLocator(page, 5, 5).focus();
  await page.keyboard.press('Control+y');
  await waitForValue(page, ...b, digitAt(b), 'Ctrl+Y');
  await page.keyboard.press('Control+z');
  await waitForValue(page, ...b, '', 'Ctrl+Z');
  await page.keyboard.press('Control+z');
  await waitForValue(page, ...a, '', 'a second Ctrl+Z');
  await page.keyboard.press('Control+y');
  await waitForValue(page, ...a, digitAt(a), 'Ctrl+Y again');
}

async function checkPencil({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  await loadPuzzle(page, EASY, EASY);
  const pressed = async () => page.getAttribute('#pencil', 'aria-pressed');
  expect((await pressed()) === 'false', `#pencil aria-pressed is ${await pressed()} before it is pressed (want "false")`);
  await click(page, '#pencil');
  await until('#pencil aria-pressed "true"', async () => ({ ok: (await pressed()) === 'true', why: `aria-pressed ${await pressed()}` }));

  // two candidates of r1c3 as marks
  const cand = candidates(easyDigits, shape9)[2];
  const two = maskText(cand).slice(0, 2);
  expect(two.length === 2, 'test data: r1c3 needs two candidates');
  await cellLocator(page, 0, 2).click();
  for (const d of two) await page.keyboard.press(d);
  await until(`data-marks of r1c3 to hold ${two}`, async () => {
    const cell = (await readGrid(page)).at(0, 2);
    return { ok: marksMask(cell.marks) === marksMask(two) && cell.value === '', why: `data-marks ${JSON.stringify(cell.marks)}, data-value ${JSON.stringify(cell.value)}` };
  });

  // `p` toggles the mode back
  await page.keyboard.press('p');
  await until('`p` to turn pencil mode off', async () => ({ ok: (await pressed()) === 'false', why: `aria-pressed ${await pressed()}` }));

  // autofill on a fresh position with one move made: marks = plain elimination
  const other = relabel(EASY, [2, 3, 4, 5, 6, 7, 8, 9, 1]);
  await loadPuzzle(page, other, other);
  await cellLocator(page, 0, 2).click();
  const placed = relabel(toLine(easySolution.solution), [2, 3, 4, 5, 6, 7, 8, 9, 1])[2];
  await page.keyboard.press(placed);
  await waitForValue(page, 0, 2, placed, 'typing');
  await click(page, '#autofill');
  const result = await until(
    'every empty cell\'s data-marks to be its candidates',
    async () => {
      const g = await readGrid(page);
      const want = candidates(g.values(), shape9);
      const wrong = g.cells.filter((c, i) => !c.value && marksMask(c.marks) !== want[i]);
      return {
        ok: wrong.length === 0,
        why: `${wrong.length} wrong, e.g. ${wrong.slice(0, 4).map((c) => `${Grid.name(c)} data-marks ${JSON.stringify(c.marks)} want ${maskText(want[c.row * 9 + c.col])}`).join('; ')}`,
        g,
      };
    },
    T.load,
  );
  note(`#autofill: ${result.g.cells.filter((c) => !c.value).length} empty cells, each with its candidates`);
}

const hintSignature = (g) => g.hinted().map((c) => `${Grid.name(c)}=${c.hint}`).join(' ');

/** Presses #hint once and waits until the page answered (a hint shown, its next level, or the grid changed). */
async function pressHint(page, before) {
  const said = await text(page, '#status');
  await click(page, '#hint');
  return until(
    'an answer to #hint (data-hint cells, a hint\'s next level, or a changed grid)',
    async () => {
      const g = await readGrid(page);
      const now = await text(page, '#status');
      const changed = g.valuesLine() !== before.valuesLine() || g.cells.some((c, i) => c.marks !== before.cells[i].marks);
      const shown = g.hinted().length > 0 && (hintSignature(g) !== hintSignature(before) || (now !== said && /^Hint [123] of 3/.test(now)));
      return { ok: changed || shown, why: `no change; ${g.hinted().length} cells with data-hint; #status ${JSON.stringify(now)}` };
    },
    T.worker,
  );
}

/** Presses #hint until the hint at level (1 to 3) is shown: #status "Hint L of 3: …". */
async function hintAtLevel(page, level) {
  for (let i = 0; i < 4; i++) {
    const said = await text(page, '#status');
    if (said.startsWith(`Hint ${level} of 3`)) return said;
    await click(page, '#hint');
    await until(
      `#status to change after #hint (on the way to level ${level})`,
      async () => {
        const now = await text(page, '#status');
        return { ok: now !== said && /^Hint [123] of 3/.test(now), why: `#status ${JSON.stringify(now)}` };
      },
      T.worker,
    );
  }
  const said = await text(page, '#status');
  expect(said.startsWith(`Hint ${level} of 3`), `no hint at level ${level}: #status ${JSON.stringify(said)}`);
  return said;
}

async function checkHint({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  const sol = easySolution.solution;
  let g = await loadPuzzle(page, EASY, EASY);

  await hintAtLevel(page, 3);
  const shown = await until(
    'cells with data-hint after #hint',
    async () => {
      const now = await readGrid(page);
      return { ok: now.hinted().length > 0, why: `no data-hint; #status ${JSON.stringify(await text(page, '#status'))}`, g: now };
    },
    T.worker,
  );
  const words = await text(page, '#status');
  note(`#status: ${JSON.stringify(words)}`);
  note(`data-hint: ${shown.g.hinted().map((c) => `${Grid.name(c)}=${c.hint}`).join(' ')}`);
  note(`screenshot: ${await screenshot(page, 'hint.png')}`);
  expect(words.length > 0, '#status is empty while a hint is shown');
  expect(TECHNIQUE_WORDS.test(words), `#status names no technique: ${JSON.stringify(words)}`);
  const cli = fs.existsSync(options.nonet) ? JSON.parse(runNonet(['hint', '--json', EASY])).step : null;
  if (cli) note(`\`nonet hint\` says: ${cli.text}`);

  const placements = shown.g.hinted().filter((c) => hintKinds(c).includes('placement'));
  expect(placements.length > 0, 'the first hint of an easy puzzle marks no data-hint="placement" cell');
  const cell = placements[0];
  expect(!cell.value, `the placement cell ${Grid.name(cell)} is not empty (data-value ${cell.value})`);
  const want = SYMBOLS[sol[cell.row * 9 + cell.col] - 1];
  const said = words.match(new RegExp(`${Grid.name(cell)}\\s*(?:=|:|is|to)\\s*([1-9A-Z])`, 'i'));
  if (said) expect(said[1] === want, `#status places ${said[1]} in ${Grid.name(cell)}, the solution has ${want}`);
  const used = shown.g.hinted().map((c) => c.hint).flatMap((h) => h.split(/[\s,]+/));
  const unknown = used.filter((k) => !['placement', 'elimination', 'pattern', 'unit'].includes(k));
  expect(unknown.length === 0, `data-hint values outside the contract: ${[...new Set(unknown)].join(', ')}`);

  // Hint again applies it
  await click(page, '#hint');
  await waitForValue(page, cell.row, cell.col, want, 'pressing #hint again (applying the hint)', T.worker);
  g = await readGrid(page);
  const changedElsewhere = g.cells.filter((c, i) => c.value !== shown.g.cells[i].value && !(c.row === cell.row && c.col === cell.col));
  expect(changedElsewhere.length === 0, `applying one hint changed other cells too: ${changedElsewhere.map(Grid.name).join(' ')}`);

  // hints to the end
  let presses = 4;
  for (let i = 0; i < 1200; i++) {
    g = await readGrid(page);
    if (g.values().every(Boolean)) break;
    await pressHint(page, g);
    presses++;
  }
  g = await readGrid(page);
  const problem = solutionProblem(g.values(), easyDigits, shape9);
  expect(!problem, `after ${presses} presses of #hint the grid is not solved: ${problem} (${g.valuesLine()})`);
  expect(g.valuesLine() === toLine(sol), 'the grid is solved but differs from the solution');
  note(`solved by ${presses} presses of #hint; #status at the end: ${JSON.stringify(await text(page, '#status'))}`);
}

async function checkExplain({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  await loadPuzzle(page, FIENDISH, FIENDISH);
  await click(page, '#explain');
  const stepText = async () => text(page, '#explain-step');
  const step = async (k, how) =>
    until(
      `#explain-step "step ${k} of N" after ${how}`,
      async () => {
        const s = await stepText();
        const m = s.match(/step\s+(\d+)\s+of\s+(\d+)/i);
        const g = await readGrid(page);
        return {
          ok: m && Number(m[1]) === k && Number(m[2]) > 0 && g.hinted().length > 0,
          why: `#explain-step ${JSON.stringify(s)}, ${g.hinted().length} cells with data-hint`,
          total: m ? Number(m[2]) : 0,
          status: await text(page, '#status'),
        };
      },
      k === 1 ? T.slow : T.worker,
    );
  const first = await step(1, '#explain');
  note(`step 1 of ${first.total}: ${JSON.stringify(first.status)}`);
  await click(page, '#explain-next');
  await step(2, '#explain-next');
  await click(page, '#explain-next');
  const third = await step(3, 'a second #explain-next');
  expect(third.total === first.total, `N changed from ${first.total} to ${third.total}`);
  await click(page, '#explain-prev');
  const second = await step(2, '#explain-prev');
  note(`back to step 2: ${JSON.stringify(second.status)}`);
  note(`screenshot: ${await screenshot(page, 'explain.png')}`);
  if (fs.existsSync(options.nonet)) {
    const steps = JSON.parse(runNonet(['explain', '--json', FIENDISH])).steps.length;
    note(`\`nonet explain\` has ${steps} steps, the page ${first.total}`);
  }
}

function parseRating(shown) {
  const number = shown.match(/(\d+(?:\.\d+)?)/);
  const level = LEVELS.find((l) => new RegExp(`\\b${l}\\b`, 'i').test(shown));
  return { rating: number ? Number(number[1]) : null, level: level ?? null };
}

async function checkRate({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  const failures = [];
  for (const puzzle of [FIENDISH, EASY]) {
    const cli = JSON.parse(runNonet(['rate', '--json', puzzle]));
    await loadPuzzle(page, puzzle, puzzle);
    await click(page, '#rate');
    try {
      const seen = await until(
        `#rating to read ${cli.rating} ${cli.level}`,
        async () => {
          const shown = await text(page, '#rating');
          const p = parseRating(shown);
          return { ok: p.rating !== null && Math.abs(p.rating - cli.rating) < 0.05 && p.level === cli.level, why: `#rating is ${JSON.stringify(shown)}`, shown };
        },
        T.slow,
      );
      note(`#rating ${JSON.stringify(seen.shown)}; nonet rate: ${cli.rating} ${cli.level} (${cli.hardest})`);
    } catch (err) {
      failures.push(err.message + ` (nonet rate --json: ${cli.rating} ${cli.level}, ${cli.hardest})`);
    }
  }
  expect(failures.length === 0, failures.join('\n'));
}

async function checkGenerate({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  await loadPuzzle(page, EASY, EASY);
  if (await page.locator('#size').count()) await choose(page, '#size', '3x3');
  if (await hasOption(page, '#symmetry', 'rot180')) await choose(page, '#symmetry', 'rot180');
  else note('#symmetry has no option "rot180": left at its default');
  const failures = [];
  let previous = (await readGrid(page)).givensLine();
  for (const level of ['easy', 'diabolical']) {
    try {
      const cli = JSON.parse(runNonet(['generate', '-n', '1', '--seed', SEED, '--level', level, '--symmetry', 'rot180', '--json']));
      await choose(page, '#level', level);
      await (await reveal(page, '#seed')).fill(SEED);
      await click(page, '#generate');
      const done = await until(
        `#generate (${level}, seed ${SEED}) to show a new puzzle`,
        async () => {
          const g = await readGrid(page);
          const line = g.givensLine();
          const clues = g.givens().filter(Boolean).length;
          return { ok: g.count === 81 && line !== previous && clues >= 17 && g.valuesLine() === line, why: `givens ${line} (${clues} clues)`, g, line };
        },
        T.slow,
      );
      previous = done.line;
      const counted = solve(done.g.givens(), shape9, 2);
      const problems = [];
      if (counted.count !== 1) problems.push(`the page's puzzle has ${counted.count === 2 ? 'several solutions' : 'no solution'}`);
      if (done.line !== cli.puzzle) problems.push(`the page's puzzle ${done.line} differs from nonet generate's ${cli.puzzle}`);
      if (problems.length) failures.push(`${level}: ${problems.join('; ')}`);
      else note(`${level}: ${done.line} (${cli.clues} clues, rating ${cli.rating}): one solution, as \`nonet generate\` makes it`);
    } catch (err) {
      failures.push(`${level}: ${err.message}`);
    }
  }
  expect(failures.length === 0, failures.join('\n'));
}

async function checkShare({ pageFor, note }) {
  const cases = [
    ['9x9', EASY],
    ['6x6 (2x3)', SIX],
  ];
  const failures = [];
  for (const [name, puzzle] of cases) {
    try {
      const page = await pageFor();
      await open(page);
      await loadPuzzle(page, puzzle, puzzle);
      await click(page, '#share');
      const { url } = await until('#share-url to hold a URL', async () => {
        const u = await readShareUrl(page);
        return { ok: /^https?:|^[?#/]/.test(u) && u !== server.url, why: `#share-url is ${JSON.stringify(u)}`, url: u };
      });
      const absolute = new URL(url, page.url()).href;
      // a fresh browser context: nothing saved, everything from the URL
      const other = await pageFor();
      await other.goto(absolute, { waitUntil: 'domcontentloaded' });
      await waitForPuzzle(other, puzzle);
      note(`${name}: ${absolute} opens the same puzzle`);
    } catch (err) {
      failures.push(`${name}: ${err.message}`);
    }
  }
  expect(failures.length === 0, failures.join('\n'));
}

async function checkReload({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  await loadPuzzle(page, FIENDISH, FIENDISH);
  const sol = solve(parseLine(FIENDISH), shape9, 1).solution;
  const d = SYMBOLS[sol[0] - 1]; // r1c1 is empty in FIENDISH
  await cellLocator(page, 0, 0).click();
  await page.keyboard.press(d);
  await waitForValue(page, 0, 0, d, 'typing');
  await sleep(500);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await waitForCells(page, 81);
  await until(
    `the move r1c1=${d} and the puzzle after a reload`,
    async () => {
      const g = await readGrid(page);
      return { ok: g.at(0, 0).value === d && g.givensLine() === FIENDISH, why: `r1c1 data-value ${JSON.stringify(g.at(0, 0).value)}, givens ${g.givensLine()}` };
    },
    T.load,
  );
  note(`r1c1=${d} kept across the reload`);
}

/** What print media shows: visible grid cells and pictures (SVG, canvas, img). */
async function printedContent(page) {
  return page.evaluate(() => {
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    return {
      cells: [...document.querySelectorAll('[role="gridcell"]')].filter(shown).length,
      pictures: [...document.querySelectorAll('svg, canvas, img')].filter((el) => !el.closest('svg svg') && shown(el)).length,
      controls: ['#hint', '#paste-text', '#generate'].filter((id) => document.querySelector(id) && shown(document.querySelector(id))),
    };
  });
}

/** Presses #print with window.print() held open (as a print dialog would) and waits for the call. */
async function pressPrint(page) {
  await page.evaluate(() => {
    window.__printCalls = 0;
    window.print = () => {
      window.__printCalls++;
    };
  });
  await click(page, '#print');
  await until('#print to call window.print()', async () => ({ ok: (await page.evaluate(() => window.__printCalls)) > 0, why: `#status ${JSON.stringify(await text(page, '#status'))}` }), T.slow);
}

function pdfPages(pdf) {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) || []).length;
}

async function checkPrint({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  await loadPuzzle(page, EASY, EASY);

  // one puzzle a page, as a person prints it
  await choose(page, '#print-count', '1');
  await pressPrint(page);
  await page.emulateMedia({ media: 'print' });
  const shown = await printedContent(page);
  expect(shown.cells + shown.pictures > 0, 'print media shows no grid and no picture: a blank page');
  note(`print media: ${shown.cells} gridcells, ${shown.pictures} pictures${shown.controls.length ? `; still shows ${shown.controls.join(' ')}` : '; no controls'}`);
  note(`print preview: ${await screenshot(page, 'print-preview.png')}`);
  const file = path.join(options.out, 'print.pdf');
  const pdf = await page.pdf({ path: file, format: 'A4', printBackground: true });
  expect(pdf.length > 0 && pdf.subarray(0, 5).toString('latin1') === '%PDF-', `page.pdf() wrote ${pdf.length} bytes, not a PDF`);
  const pages = pdfPages(pdf);
  expect(pages >= 1, 'the PDF has no /Type /Page object');
  note(`PDF: ${file} (${pdf.length} bytes, ${pages} page${pages === 1 ? '' : 's'})`);
  screenshots.push(file);

  // four a page with a solutions page (what the page makes of it: noted, not judged)
  await page.emulateMedia({ media: 'screen' });
  await choose(page, '#print-count', '4');
  if (!(await page.isChecked('#print-solutions'))) await (await reveal(page, '#print-solutions')).check();
  await pressPrint(page);
  await page.emulateMedia({ media: 'print' });
  const four = await printedContent(page);
  const file4 = path.join(options.out, 'print-4-solutions.pdf');
  const pdf4 = await page.pdf({ path: file4, format: 'A4', printBackground: true });
  screenshots.push(file4);
  note(`4 a page with solutions: ${four.pictures} pictures, ${four.cells} gridcells in print media; ${file4} has ${pdfPages(pdf4)} pages`);
  await page.emulateMedia({ media: 'screen' });
}

async function checkDark({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  await loadPuzzle(page, EASY, EASY);
  const state = async () => ({
    theme: await page.getAttribute('html', 'data-theme'),
    pressed: await page.getAttribute('#dark', 'aria-pressed'),
    background: await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
  });
  const light = await state();
  expect(light.theme !== 'dark', 'the page starts dark with colorScheme light');
  await click(page, '#dark');
  const dark = await until('<html data-theme="dark"> and #dark aria-pressed "true"', async () => {
    const s = await state();
    return { ok: s.theme === 'dark' && s.pressed === 'true', why: `data-theme ${JSON.stringify(s.theme)}, aria-pressed ${JSON.stringify(s.pressed)}`, s };
  });
  note(`body background: ${light.background} -> ${dark.s.background}`);
  note(`screenshot: ${await screenshot(page, 'dark.png')}`);
  await click(page, '#dark');
  await until('#dark to switch back to light', async () => {
    const s = await state();
    return { ok: s.theme !== 'dark' && s.pressed === 'false', why: `data-theme ${JSON.stringify(s.theme)}, aria-pressed ${JSON.stringify(s.pressed)}` };
  });
}

async function axeScan(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  }
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html, summary: n.failureSummary })),
    }));
  });
}

function describeViolations(violations) {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes.map((n) => `  - ${n.target}\n    ${n.html}\n    ${(n.summary || '').replace(/\n/g, '\n    ')}`).join('\n'),
    )
    .join('\n');
}

async function checkAxe({ pageFor, note }) {
  // bypassCSP: axe is injected as an inline script
  const page = await pageFor({ bypassCSP: true });
  await open(page);
  await loadPuzzle(page, EASY, EASY);
  const found = [];
  const scan = async (name) => {
    const v = await axeScan(page);
    note(`${name}: ${v.length} violation${v.length === 1 ? '' : 's'}`);
    if (v.length) found.push(`--- ${name}\n${describeViolations(v)}`);
  };
  await cellLocator(page, 0, 2).click();
  await scan('light');
  await click(page, '#dark');
  await until('dark mode', async () => ({ ok: (await page.getAttribute('html', 'data-theme')) === 'dark' }));
  await scan('dark');
  await click(page, '#dark');
  await until('light mode', async () => ({ ok: (await page.getAttribute('html', 'data-theme')) !== 'dark' }));
  await click(page, '#hint');
  await until('a hint shown', async () => ({ ok: (await readGrid(page)).hinted().length > 0 }), T.worker);
  await scan('light, a hint shown');
  await click(page, '#dark');
  await until('dark mode', async () => ({ ok: (await page.getAttribute('html', 'data-theme')) === 'dark' }));
  await scan('dark, a hint shown');
  expect(found.length === 0, found.join('\n'));
}

async function checkOffline({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  const hasSw = await page.evaluate(() => 'serviceWorker' in navigator);
  expect(hasSw, 'no navigator.serviceWorker in this context');
  const ready = await Promise.race([
    page
      .evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return reg.active ? reg.active.scriptURL : null;
      })
      .catch(() => null),
    sleep(T.load).then(() => null),
  ]);
  expect(ready, `no service worker became active within ${T.load} ms (navigator.serviceWorker.ready)`);
  note(`service worker: ${ready}`);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await waitForCells(page, 81);
  await until('the service worker to control the page', async () => ({ ok: await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), why: 'navigator.serviceWorker.controller is null' }));
  // offline twice over: the browser's emulation and a server that drops every connection
  server.offline = true;
  try {
    await page.context().setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForCells(page, 81);
    note('offline reload: 81 gridcells');
    await loadPuzzle(page, EASY, EASY);
    await click(page, '#hint');
    await until(
      'a hint from the worker while offline',
      async () => {
        const g = await readGrid(page);
        return { ok: g.hinted().length > 0, why: `no data-hint; #status ${JSON.stringify(await text(page, '#status'))}` };
      },
      T.worker,
    );
    note(`offline hint: ${JSON.stringify(await text(page, '#status'))}`);
  } finally {
    server.offline = false;
    await page.context().setOffline(false).catch(() => {});
  }
}

/** On a 16x16 grid, a letter key (a candidate of 10 or more) places that digit. */
async function typeLetter(page, puzzle, shape, note) {
  const digits = parseLine(puzzle);
  const cand = candidates(digits, shape);
  const i = cand.findIndex((m) => m >> 9);
  const r = shape.rowOf[i];
  const c = shape.colOf[i];
  const letter = maskText(cand[i] >> 9 << 9).slice(-1); // the highest candidate: a letter
  await cellLocator(page, r, c).click();
  await page.keyboard.press(letter.toLowerCase());
  try {
    await waitForValue(page, r, c, letter, `typing ${letter.toLowerCase()}`, 1500);
    note(`16x16: the key ${letter.toLowerCase()} placed ${letter} in r${r + 1}c${c + 1}`);
  } catch {
    await page.keyboard.press(`Shift+${letter}`);
    await waitForValue(page, r, c, letter, `typing ${letter} (lower case did nothing)`);
    note(`16x16: only the upper-case key placed ${letter} (lower case ${letter.toLowerCase()} did nothing)`);
  }
}

async function checkSizes({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  const failures = [];
  for (const [token, cells] of [
    ['2x2', 16],
    ['2x3', 36],
    ['4x4', 256],
    ['3x3', 81],
  ]) {
    try {
      await choose(page, '#size', token);
      try {
        await waitForCells(page, cells, 2000);
        note(`#size ${token}: ${cells} gridcells`);
      } catch {
        await click(page, '#new-empty');
        await waitForCells(page, cells, T.load);
        note(`#size ${token} then #new-empty: ${cells} gridcells`);
      }
      const g = await readGrid(page);
      const n = Math.sqrt(cells);
      const rows = await page.locator('#grid [role="row"]').count();
      if (rows !== n) failures.push(`#size ${token}: ${rows} role=row, want ${n}`);
      if (g.cells.some((c) => c.value)) failures.push(`#size ${token}: the new grid is not empty`);
    } catch (err) {
      failures.push(`#size ${token}: ${err.message}`);
    }
  }
  for (const [name, puzzle] of [
    ['4x4 (pasted)', FOUR],
    ['16x16 (pasted)', SIXTEEN],
  ]) {
    try {
      const shape = shapeForSide(Math.sqrt(puzzle.length));
      if (shape.n <= 9) expect(solve(parseLine(puzzle), shape, 2).count === 1, `test data: ${name} must have one solution`);
      await loadPuzzle(page, puzzle, puzzle);
      note(`${name}: ${puzzle.length} gridcells, the givens as pasted`);
      if (shape.n === 16) {
        await typeLetter(page, puzzle, shape, note);
        note(`screenshot: ${await screenshot(page, 'sixteen.png')}`);
      }
    } catch (err) {
      failures.push(`${name}: ${err.message}`);
    }
  }
  expect(failures.length === 0, failures.join('\n'));
}

async function checkUniqueSolve({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  const statusAfter = async (button, what, test) => {
    const before = await text(page, '#status');
    const t0 = Date.now();
    await click(page, button);
    const seen = await until(
      `#status to say ${what} after ${button}`,
      async () => {
        const s = await text(page, '#status');
        // a new message, or the same words as before once the page had time to answer
        return { ok: test(s) && (s !== before || Date.now() - t0 > 1500), why: `#status ${JSON.stringify(s)}`, s };
      },
      T.worker,
    );
    return seen.s;
  };
  const failures = [];

  await loadPuzzle(page, EASY, EASY);
  try {
    const s = await statusAfter('#unique', 'unique', (t) => /\bunique\b|exactly one/i.test(t) && !/not unique|more than one|several|no solution/i.test(t));
    note(`unique puzzle: ${JSON.stringify(s)}`);
  } catch (err) {
    failures.push(err.message);
  }

  // ten givens fewer: several solutions (counted by the test's solver)
  const digits = parseLine(EASY);
  let removed = 0;
  for (let i = 0; i < digits.length && removed < 10; i++) if (digits[i]) (digits[i] = 0), removed++;
  const loose = toLine(digits);
  expect(solve(digits, shape9, 2).count === 2, 'test data: the loosened puzzle must have several solutions');
  await loadPuzzle(page, loose, loose);
  try {
    const s = await statusAfter('#unique', 'not unique', (t) => /not unique|more than one|several|multiple/i.test(t));
    note(`several solutions: ${JSON.stringify(s)}`);
  } catch (err) {
    failures.push(err.message);
  }

  // two 5s in the first row: invalid
  const clash = '55' + EASY.slice(2);
  await paste(page, clash);
  try {
    const seen = await until(
      'the clash of r1c1 and r1c2 (both 5) to be shown: #status or data-conflict',
      async () => {
        const s = await text(page, '#status');
        const g = await readGrid(page);
        const marked = g.count === 81 && g.at(0, 0).conflict && g.at(0, 1).conflict;
        return { ok: /invalid|conflict|twice|clash/i.test(s) || marked, why: `#status ${JSON.stringify(s)}; r1c1/r1c2 data-conflict ${g.count === 81 ? `${g.at(0, 0).conflict}/${g.at(0, 1).conflict}` : '?'}`, s };
      },
      T.worker,
    );
    note(`clashing clues: ${JSON.stringify(seen.s)}`);
  } catch (err) {
    failures.push(err.message);
  }

  // #solve: the grid shows a solution the test's own checker accepts
  await loadPuzzle(page, EASY, EASY);
  await click(page, '#solve');
  try {
    const done = await until(
      'a full grid after #solve',
      async () => {
        const g = await readGrid(page);
        return { ok: g.values().every(Boolean), why: `${g.values().filter((d) => !d).length} cells still empty`, g };
      },
      T.worker,
    );
    const problem = solutionProblem(done.g.values(), easyDigits, shape9);
    if (problem) failures.push(`#solve shows no solution: ${problem}`);
    else if (done.g.givensLine() !== EASY) failures.push(`#solve changed the givens: ${done.g.givensLine()}`);
    else note('#solve: a full grid, a solution of the clues by the test\'s own check');
  } catch (err) {
    failures.push(err.message);
  }
  expect(failures.length === 0, failures.join('\n'));
}

async function checkHardHints({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  const clues = parseLine(FIENDISH);
  const sol = solve(clues, shape9, 1).solution;
  let g = await loadPuzzle(page, FIENDISH, FIENDISH);
  const kinds = new Set();
  let presses = 0;
  for (; presses < 1600 && !g.values().every(Boolean); presses++) {
    try {
      await pressHint(page, g);
    } catch (err) {
      const empty = g.cells.filter((c) => !c.value);
      throw new CheckError(
        `press ${presses + 1} of #hint: ${err.message}\n` +
          `empty cells then: ${empty.map((c) => `${Grid.name(c)} data-marks ${JSON.stringify(c.marks)} (solution ${sol[c.row * 9 + c.col]})`).join(', ')}`,
      );
    }
    g = await readGrid(page);
    for (const c of g.hinted()) hintKinds(c).forEach((k) => kinds.add(k));
    // whatever the page placed must be the solution's digit
    const wrong = g.cells.filter((c, i) => c.value && symbolValue(c.value) !== sol[i]);
    expect(wrong.length === 0, `after ${presses + 1} presses of #hint, wrong digits: ${wrong.map((c) => `${Grid.name(c)}=${c.value}`).join(' ')}`);
    // and no mark may rule out the solution's digit
    const lost = g.cells.filter((c, i) => !c.value && c.marks && !(marksMask(c.marks) & (1 << (sol[i] - 1))));
    expect(lost.length === 0, `after ${presses + 1} presses of #hint, marks without the solution's digit: ${lost.map((c) => `${Grid.name(c)} data-marks ${JSON.stringify(c.marks)}`).join(' ')}`);
  }
  expect(g.valuesLine() === toLine(sol), `not solved after ${presses} presses of #hint: ${g.valuesLine()}`);
  expect(kinds.has('elimination'), `no hint of a fiendish puzzle showed data-hint="elimination" (seen: ${[...kinds].join(', ')})`);
  note(`solved by ${presses} presses of #hint; data-hint kinds seen: ${[...kinds].join(', ')}`);
}

// "Easter Monster" (SE 11.6): its explain runs for many seconds, long enough to cancel.
const MONSTER = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';

async function checkCancel({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  await loadPuzzle(page, MONSTER, MONSTER);
  await click(page, '#explain');
  await until(
    '#cancel to show while the explain runs',
    async () => {
      const visible = await page.locator('#cancel').isVisible();
      return { ok: visible, why: `#cancel hidden; #progress ${JSON.stringify(await text(page, '#progress'))}` };
    },
    T.ui,
  );
  await sleep(1000);
  note(`#progress while it runs: ${JSON.stringify(await text(page, '#progress'))}`);
  await click(page, '#cancel');
  await until('#cancel to hide again', async () => ({ ok: !(await page.locator('#cancel').isVisible()), why: `#status ${JSON.stringify(await text(page, '#status'))}` }), T.ui);
  const step = await text(page, '#explain-step');
  expect(!/step\s+1\s+of/i.test(step) || !(await page.locator('#explain-step').isVisible()), `a cancelled explain still shows ${JSON.stringify(step)}`);
  note(`after #cancel: #status ${JSON.stringify(await text(page, '#status'))}`);

  // a new worker answers at once
  const started = Date.now();
  await loadPuzzle(page, EASY, EASY);
  await click(page, '#hint');
  await until('a hint after the cancel (a fresh worker)', async () => ({ ok: (await readGrid(page)).hinted().length > 0, why: `#status ${JSON.stringify(await text(page, '#status'))}` }), T.worker);
  note(`a hint ${Date.now() - started} ms after the cancel`);
}

// ------------------------------------------- issue 38: the page's rough edges

/** What a person sees in [role=alert] and [role=status]: the visible ones' words. */
async function announced(page) {
  return page.$$eval('[role="alert"], [role="status"]', (nodes) =>
    nodes
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 20 && r.height > 8 && getComputedStyle(el).visibility !== 'hidden';
      })
      .map((el) => ({ role: el.getAttribute('role'), text: el.textContent.replace(/\s+/g, ' ').trim() })),
  );
}

async function checkBadLink({ pageFor, note }) {
  // bypassCSP: axe is injected as an inline script
  const page = await pageFor({ bypassCSP: true });
  const failures = [];
  // a link too short to be a puzzle, in a browser with nothing saved
  await page.goto(`${server.url}index.html?p=123abc`, { waitUntil: 'domcontentloaded' });
  await waitForCells(page, 81);
  const said = (all) => all.find((m) => m.role === 'alert' && /link/i.test(m.text) && /could not|cannot|can't|unreadable/i.test(m.text) && m.text.includes('123abc'));
  const seen = await until(
    'a visible role="alert" saying that the link "?p=123abc" could not be read, quoting it',
    async () => {
      const all = await announced(page);
      return { ok: Boolean(said(all)), why: `visible alerts and statuses: ${JSON.stringify(all)}`, m: said(all) };
    },
  );
  note(`?p=123abc: ${JSON.stringify(seen.m.text)}`);
  // it stays once the solver is ready (a hint answers) and other messages come
  await click(page, '#hint');
  await until('a hint (the solver is ready)', async () => ({ ok: (await readGrid(page)).hinted().length > 0, why: `#status ${JSON.stringify(await text(page, '#status'))}` }), T.worker);
  const after = await announced(page);
  if (!said(after)) failures.push(`the message went away once the solver answered: ${JSON.stringify(after)}`);
  note(`screenshot: ${await screenshot(page, 'bad-link.png', { fullPage: false })}`);
  const v = await axeScan(page);
  if (v.length) failures.push(`axe-core with the message shown:\n${describeViolations(v)}`);
  else note('axe-core with the message shown: no violation');
  // the message's own button dismisses it
  const dismiss = page.locator('[role="alert"] button');
  if ((await dismiss.count()) === 1) {
    await dismiss.click();
    await until('the message to go on Dismiss', async () => ({ ok: !said(await announced(page)), why: JSON.stringify(await announced(page)) }));
    note('its button dismisses it');
  } else failures.push(`the alert has ${await dismiss.count()} buttons (want one, to dismiss it)`);

  // a link of 81 symbols with one a 9x9 puzzle cannot hold: named
  const other = await pageFor();
  const bad = EASY.slice(0, 4) + 'x' + EASY.slice(5);
  await other.goto(`${server.url}index.html?p=${bad}`, { waitUntil: 'domcontentloaded' });
  await waitForCells(other, 81);
  try {
    const m = await until('a role="alert" naming the symbol "x" of the link', async () => {
      const all = await announced(other);
      const hit = all.find((a) => a.role === 'alert' && /link/i.test(a.text) && /“x”|"x"/.test(a.text));
      return { ok: Boolean(hit), why: JSON.stringify(all), hit };
    });
    note(`?p=(81 symbols, an x): ${JSON.stringify(m.hit.text)}`);
  } catch (err) {
    failures.push(err.message);
  }
  // a good link: no alert
  const good = await pageFor();
  await good.goto(`${server.url}index.html?p=${EASY}`, { waitUntil: 'domcontentloaded' });
  await waitForPuzzle(good, EASY);
  await sleep(500);
  const quiet = (await announced(good)).filter((m) => m.role === 'alert');
  if (quiet.length) failures.push(`a good link shows an alert: ${JSON.stringify(quiet)}`);
  expect(failures.length === 0, failures.join('\n'));
}

/** The grid's box against the window: in view when all of it is. */
async function gridInView(page) {
  return page.evaluate(() => {
    const r = document.querySelector('#grid').getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), height: innerHeight, ok: r.top >= 0 && r.bottom <= innerHeight };
  });
}

async function checkPhoneGenerate({ pageFor, note }) {
  const page = await pageFor({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await open(page);
  const before = (await readGrid(page)).givensLine();
  await page.locator('#generate').scrollIntoViewIfNeeded();
  const out = await gridInView(page);
  expect(!out.ok, `test premise: with #generate in view on a 390x844 screen the grid should be out of view (grid ${out.top}..${out.bottom} of ${out.height})`);
  note(`#generate in view: the grid at ${out.top}..${out.bottom} px of a ${out.height} px window`);
  await page.locator('#generate').tap();
  await until(
    'a new puzzle after #generate',
    async () => {
      const g = await readGrid(page);
      return { ok: g.count === 81 && g.givensLine() !== before && g.givens().filter(Boolean).length >= 17, why: `givens ${g.givensLine()}` };
    },
    T.slow,
  );
  const seen = await until(
    'the new grid to be in view (all of it) after #generate',
    async () => {
      const v = await gridInView(page);
      return { ...v, why: `grid ${v.top}..${v.bottom} px of a ${v.height} px window` };
    },
    3000,
  );
  note(`after #generate: the grid at ${seen.top}..${seen.bottom} px`);
  // a smooth scroll may still be going: the picture once it stopped
  let y = -1;
  await until('the scroll to stop', async () => {
    const now = await page.evaluate(() => scrollY);
    const ok = now === y;
    y = now;
    return { ok, why: `scrollY ${now}` };
  }, 3000, 150);
  const v = await gridInView(page);
  expect(v.ok, `the grid left the view as the scroll ended: ${v.top}..${v.bottom} px of ${v.height}`);
  note(`screenshot: ${await screenshot(page, 'phone-generate.png', { fullPage: false })}`);

  // the paste's Load, further down, likewise
  await (await reveal(page, '#paste-text')).fill(EASY);
  await page.locator('#paste-load').scrollIntoViewIfNeeded();
  expect(!(await gridInView(page)).ok, 'test premise: with #paste-load in view the grid should be out of view');
  await page.locator('#paste-load').tap();
  await waitForPuzzle(page, EASY);
  const loaded = await until('the pasted grid to be in view after #paste-load', async () => {
    const w = await gridInView(page);
    return { ...w, why: `grid ${w.top}..${w.bottom} px of a ${w.height} px window` };
  }, 3000);
  note(`after #paste-load: the grid at ${loaded.top}..${loaded.bottom} px`);
}

const LEVEL_WORDS = new RegExp(`\\b(${LEVELS.join('|')})\\b`, 'i');

async function checkSettings({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  const failures = [];
  const shown = async (sel) => page.locator(sel).first().isVisible();
  const want = async (sel, visible, when) => {
    const v = await shown(sel);
    if (v !== visible) failures.push(`${when}: ${sel} is ${v ? 'shown' : 'hidden'}, want it ${visible ? 'shown' : 'hidden'}`);
  };
  await choose(page, '#size', '3x3');
  await choose(page, '#level', 'medium');
  await want('#rating-range', false, '9x9, level medium');
  await choose(page, '#level', 'range');
  await want('#rating-range', true, '9x9, "rating range…"');
  await want('#rating-min', true, '9x9, "rating range…"');
  note(`screenshot: ${await screenshot(page, 'make-range.png', { fullPage: false })}`);
  await choose(page, '#level', 'easy');
  await want('#rating-range', false, '9x9, level easy');

  // 6x6: no level, and a note that says why
  await choose(page, '#size', '2x3');
  await want('#level', false, '6x6');
  await want('label[for="level"]', false, '6x6');
  await want('#rating-range', false, '6x6');
  await want('#level-note', true, '6x6');
  if (await shown('#level-note')) {
    const why = await text(page, '#level-note');
    if (!/9\s*[×x]\s*9/.test(why)) failures.push(`6x6: #level-note does not say levels are for 9x9: ${JSON.stringify(why)}`);
    note(`6x6: #level-note ${JSON.stringify(why)}`);
  }
  await (await reveal(page, '#seed')).fill(SEED);
  await click(page, '#generate');
  await waitForCells(page, 36, T.slow);
  await until('a 6x6 puzzle', async () => ({ ok: (await readGrid(page)).givens().filter(Boolean).length > 4 }), T.slow);
  note(`screenshot: ${await screenshot(page, 'make-6x6.png', { fullPage: false })}`);
  const words = async () => ({
    label: await text(page, '#puzzle-label'),
    status: await text(page, '#status'),
    rating: await text(page, '#rating'),
  });
  const w6 = await words();
  for (const [k, v] of Object.entries(w6)) if (LEVEL_WORDS.test(v)) failures.push(`a generated 6x6 puzzle: #${k === 'label' ? 'puzzle-label' : k} names a level: ${JSON.stringify(v)}`);
  note(`generated 6x6: ${JSON.stringify(w6)}`);
  const before = await text(page, '#rating');
  await click(page, '#rate');
  const rated = await until('#rating to show the 6x6 rating', async () => {
    const r = await text(page, '#rating');
    return { ok: /\d\.\d/.test(r) && (r !== before || /\d\.\d/.test(before)), why: `#rating ${JSON.stringify(r)}`, r };
  }, T.slow);
  if (LEVEL_WORDS.test(rated.r)) failures.push(`Rate on a 6x6 puzzle: #rating names a level: ${JSON.stringify(rated.r)}`);
  note(`rated 6x6: #rating ${JSON.stringify(rated.r)}`);

  // 9x9 again: the level is back, and named
  await choose(page, '#size', '3x3');
  await want('#level', true, '9x9 again');
  await want('#level-note', false, '9x9 again');
  await choose(page, '#level', 'easy');
  await click(page, '#generate');
  await waitForCells(page, 81, T.slow);
  const named = await until('#puzzle-label to name the level easy', async () => {
    const l = await text(page, '#puzzle-label');
    return { ok: /\beasy\b/i.test(l), why: `#puzzle-label ${JSON.stringify(l)}`, l };
  }, T.slow).catch((err) => failures.push(err.message));
  if (named && named.l) note(`generated 9x9 easy: #puzzle-label ${JSON.stringify(named.l)}`);
  expect(failures.length === 0, failures.join('\n'));
}

async function checkKeysHelp({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  const help = async () =>
    page.evaluate(() => {
      const ids = (document.querySelector('#grid').getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
      return ids.map((id) => {
        const el = document.getElementById(id);
        if (!el) return { id, missing: true };
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        let clipped = false;
        for (let a = el; a; a = a.parentElement) {
          const s = getComputedStyle(a);
          if ((s.clip && s.clip !== 'auto') || (s.clipPath && s.clipPath !== 'none')) clipped = true;
        }
        return { id, text: el.textContent.replace(/\s+/g, ' ').trim(), width: r.width, height: r.height, clipped, visibility: cs.visibility, opacity: Number(cs.opacity) };
      });
    });
  const seen = (list) => list.find((h) => !h.missing && h.width > 200 && h.height >= 12 && !h.clipped && h.visibility === 'visible' && h.opacity > 0.5);
  const list = await help();
  const shownHelp = seen(list);
  expect(shownHelp, `the grid's keyboard help (aria-describedby) is not shown: ${JSON.stringify(list)}`);
  const missing = [/arrow/i, /backspace/i, /\bp\b.*pencil|pencil.*\bp\b/i, /\bh\b.*hint|hint.*\bh\b/i, /undo/i].filter((re) => !re.test(shownHelp.text));
  expect(missing.length === 0, `the help does not name ${missing.join(', ')}: ${JSON.stringify(shownHelp.text)}`);
  note(`#${shownHelp.id} (${Math.round(shownHelp.width)}x${Math.round(shownHelp.height)} px): ${JSON.stringify(shownHelp.text)}`);
  note(`screenshot: ${await screenshot(page, 'keys.png', { fullPage: false })}`);
  // 16x16: the letter keys too
  await loadPuzzle(page, SIXTEEN, SIXTEEN);
  const h16 = seen(await help());
  expect(h16 && /\bA\b.*\bG\b/.test(h16.text), `16x16: the help does not name the keys A-G: ${JSON.stringify(h16 && h16.text)}`);
  note(`16x16: ${JSON.stringify(h16.text)}`);
}

/** The rows with ink in columns x0..x1 of a PNG (decoded by the page), against its commonest colour. */
async function inkRows(page, png, x0, x1, y0, y1) {
  return page.evaluate(
    async ({ b64, x0, x1, y0, y1 }) => {
      const bmp = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
      const canvas = new OffscreenCanvas(bmp.width, bmp.height);
      const g = canvas.getContext('2d');
      g.drawImage(bmp, 0, 0);
      const { data, width } = g.getImageData(0, 0, bmp.width, bmp.height);
      const px = (x, y) => data.slice((y * width + x) * 4, (y * width + x) * 4 + 3);
      const counts = new Map();
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        const k = px(x, y).join();
        counts.set(k, (counts.get(k) || 0) + 1);
      }
      const bg = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
      const rows = [];
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const p = px(x, y);
          if (Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]) > 150) {
            rows.push(y);
            break;
          }
        }
      }
      return rows;
    },
    { b64: png.toString('base64'), x0, x1, y0, y1 },
  );
}

async function checkExplainList({ pageFor, note }) {
  const page = await pageFor();
  await open(page);
  await loadPuzzle(page, FIENDISH, FIENDISH);
  await click(page, '#explain');
  await until('the explanation\'s list of steps', async () => ({ ok: (await page.locator('#explain-list li').count()) > 10 }), T.slow);
  const failures = [];

  // (a) each number on its item's first line: the items that wrap, measured
  // on the screen (the number is the list's marker: pixels, not a node)
  // the boxes of an item's lines of text: its text nodes' rectangles
  await page.evaluate(() => {
    window.__lineBoxes = (li) => {
      const out = [];
      const walk = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
      for (let t = walk.nextNode(); t; t = walk.nextNode()) {
        if (!t.textContent.trim()) continue;
        const r = document.createRange();
        r.selectNodeContents(t);
        out.push(...[...r.getClientRects()].filter((x) => x.width > 0));
      }
      return out.sort((a, b) => a.top - b.top);
    };
  });
  const wrapped = await page.$$eval('#explain-list li', (lis) =>
    lis.map((li, k) => ({ k, lines: new Set(window.__lineBoxes(li).map((x) => Math.round(x.top))).size }))
      .filter((x) => x.lines > 1)
      .map((x) => x.k),
  );
  expect(wrapped.length > 0, 'test premise: no step of the fiendish puzzle wraps onto a second line at 1280 px');
  for (const k of wrapped.slice(0, 3)) {
    await page.evaluate((k) => {
      const list = document.querySelector('#explain-list');
      list.scrollTop += list.children[k].getBoundingClientRect().top - list.getBoundingClientRect().top;
    }, k);
    await page.locator('#explain-list').scrollIntoViewIfNeeded();
    const m = await page.evaluate((k) => {
      const list = document.querySelector('#explain-list');
      const li = list.children[k];
      const L = list.getBoundingClientRect();
      const I = li.getBoundingClientRect();
      const boxes = window.__lineBoxes(li);
      const first = boxes[0];
      const textLeft = Math.min(...boxes.map((x) => x.left));
      const content = li.firstElementChild ? li.firstElementChild.getBoundingClientRect().left : textLeft;
      return {
        width: L.width,
        x1: Math.floor(Math.min(textLeft, content) - L.left) - 1,
        y0: Math.max(0, Math.floor(I.top - L.top)),
        y1: Math.min(Math.floor(L.height), Math.ceil(I.bottom - L.top)),
        lineTop: first.top - L.top,
        lineBottom: first.bottom - L.top,
        text: li.textContent.trim().slice(0, 40),
      };
    }, k);
    const png = await page.locator('#explain-list').screenshot();
    const rows = await inkRows(page, png, 0, Math.max(1, m.x1), m.y0, m.y1);
    if (!rows.length) {
      failures.push(`step ${k + 1}: no number drawn left of its text (columns 0..${m.x1}, rows ${m.y0}..${m.y1} of #explain-list)`);
      continue;
    }
    const mid = (rows[0] + rows[rows.length - 1]) / 2;
    const ok = mid >= m.lineTop && mid <= m.lineBottom;
    const where = `step ${k + 1} ("${m.text}…"): its number drawn at rows ${rows[0]}..${rows[rows.length - 1]}, its first line at ${m.lineTop.toFixed(0)}..${m.lineBottom.toFixed(0)}`;
    if (ok) note(where);
    else failures.push(`${where}: the number is not on the first line`);
  }
  await page.locator('#explain-list').evaluate((l) => (l.scrollTop = 0));
  note(`screenshot: ${await screenshot(page, 'explain-list.png', { fullPage: false })}`);

  // (b) while a step is shown (an explanation's step, a hint) it is drawn
  // in the grid's place (check 26 compares the drawing with its record),
  // and the selected digit's highlight, shown in play, stands aside: no
  // cell or candidate of the grid keeps it
  const highlight = async () =>
    page.evaluate(() => {
      const shown = (el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      };
      const svg = document.querySelector('#step-drawing svg');
      return {
        same: document.querySelectorAll('#grid .cell.same, #grid .m .sd').length,
        grid: shown(document.querySelector('#grid')),
        drawing: !!svg && shown(svg),
      };
    });
  // how many ways the cells outside a step look (the control below)
  const plainness = async () =>
    page.evaluate(() => {
      const cells = [...document.querySelectorAll('#grid [role="gridcell"]')];
      const look = (c) => {
        const s = getComputedStyle(c);
        return `${s.backgroundColor} ${s.backgroundImage} ${s.boxShadow}`;
      };
      const rest = cells.filter((c) => !c.dataset.hint && c.getAttribute('aria-selected') !== 'true');
      const looks = new Map();
      for (const c of rest) looks.set(look(c), (looks.get(look(c)) || []).concat(`r${+c.dataset.row + 1}c${+c.dataset.col + 1}`));
      return { kinds: [...looks.entries()].map(([k, v]) => `${v.length} cells like ${v.slice(0, 3).join(' ')}`) };
    });
  const pickGiven = async () => {
    const g = await readGrid(page);
    const counts = {};
    for (const c of g.cells) if (c.value) counts[c.value] = (counts[c.value] || 0) + 1;
    return g.cells.find((c) => c.given && !c.hint && counts[c.value] >= 3);
  };
  await click(page, '#explain-close');
  await until('the explanation closed', async () => ({ ok: !(await page.locator('#explain-step').isVisible()) }));
  for (const mode of ['explanation', 'hint']) {
    const c = await pickGiven();
    expect(c, `test premise (${mode}): no given whose digit is given 3 times or more`);
    await cellLocator(page, c.row, c.col).click();
    const inPlay = await until(`${Grid.name(c)}'s digit highlighted in play`, async () => {
      const h = await highlight();
      return { ok: h.same > 0, why: `${h.same} cells highlighted`, h };
    });
    await click(page, mode === 'hint' ? '#hint' : '#explain');
    const drawn = await until(`the ${mode}'s step drawn in the grid's place`, async () => {
      const h = await highlight();
      return { ok: h.drawing && !h.grid, why: `drawing ${h.drawing}, grid shown ${h.grid}`, h };
    }, T.slow);
    if (drawn.h.same) failures.push(`${mode}: with ${Grid.name(c)} (${c.value}) selected, ${drawn.h.same} cells or candidates keep its highlight while the step is drawn`);
    else note(`${mode}: ${Grid.name(c)} (${c.value}) selected: ${inPlay.h.same} cells highlighted in play, none while the step is drawn`);
    if (mode === 'explanation') {
      note(`screenshot: ${await screenshot(page, 'explain-step.png', { fullPage: false })}`);
      await click(page, '#explain-close');
      await until('the explanation closed', async () => ({ ok: !(await page.locator('#explain-step').isVisible()) }));
    }
  }
  // the control: in play, with no step shown, the selected digit is highlighted
  await hintAtLevel(page, 3);
  await click(page, '#hint'); // applies it: no step shown any more
  await until('the hint applied', async () => ({ ok: (await readGrid(page)).hinted().length === 0 }), T.worker);
  const c = await pickGiven();
  await cellLocator(page, c.row, c.col).click();
  await sleep(100);
  const p = await plainness();
  if (p.kinds.length < 2) failures.push(`in play (no step shown) the selected digit ${c.value} is not highlighted: ${p.kinds.join('; ')}`);
  else note(`in play: ${Grid.name(c)} (${c.value}) selected; the grid shows ${p.kinds.length} kinds of cells (peers, the same digit)`);
  expect(failures.length === 0, failures.join('\n'));
}

// ------------------------------------------- the step's drawing (issue 41)

/** What the drawing in #step-drawing shows: its title, marks and links, and what is on screen. */
async function readDrawing(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#step-drawing svg');
    const shown = (el) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const sameCells = document.querySelectorAll('#grid .cell.same, #grid .m .sd').length;
    if (!svg) return { svg: false, gridShown: shown(document.querySelector('#grid')), sameCells };
    const bg = svg.querySelector('.bg');
    return {
      svg: true,
      shown: shown(svg),
      gridShown: shown(document.querySelector('#grid')),
      title: (svg.querySelector('title')?.textContent || '').trim(),
      desc: (svg.querySelector('desc')?.textContent || '').trim(),
      stepDesc: (document.querySelector('#step-desc')?.textContent || '').trim(),
      labelled: svg.getAttribute('role') === 'img' && !!document.getElementById(svg.getAttribute('aria-labelledby') || '-'),
      marks: [...svg.querySelectorAll('.mark')].map((m) => ({ cell: m.dataset.cell, digit: Number(m.dataset.digit || 0), role: m.dataset.role })),
      houses: [...svg.querySelectorAll('.house')].map((h) => h.dataset.house),
      links: [...svg.querySelectorAll('.link')].map((l) => ({ from: l.dataset.from, to: l.dataset.to, cls: l.getAttribute('class') })),
      strokes: [...svg.querySelectorAll('.link .line')].map((l) => getComputedStyle(l).strokeDasharray),
      background: bg ? getComputedStyle(bg).fill : null,
      sameCells,
    };
  });
}

/** The record's candidates a drawing must mark: chain nodes (on/off), placements, eliminations. */
function expectedMarks(step) {
  const want = [];
  for (const branch of step.chain ? step.chain.branches : []) {
    for (const node of branch) want.push({ cell: node.cell, digit: node.digit, role: node.on ? 'on' : 'off' });
  }
  for (const p of step.placements || []) want.push({ cell: p.cell, digit: p.digit, role: 'placed' });
  for (const e of step.eliminations || []) for (const d of e.digits) want.push({ cell: e.cell, digit: d, role: 'eliminated' });
  return want;
}

/** The record's links: each parent of each node, "rRcC:D" to "rRcC:D". */
function expectedLinks(step) {
  const out = [];
  for (const branch of step.chain ? step.chain.branches : []) {
    for (const node of branch) {
      for (const p of node.parents || []) out.push(`${branch[p].cell}:${branch[p].digit}>${node.cell}:${node.digit}`);
    }
  }
  return out.sort();
}

/** Compares a drawing with its step record; the problems found. */
function drawingProblems(d, step) {
  const problems = [];
  if (!d.svg) return ['no drawing in #step-drawing'];
  if (!d.shown) problems.push('the drawing is not on screen');
  if (d.gridShown) problems.push('the grid is still shown beside the drawing (it should be in its place)');
  if (d.title !== step.text) problems.push(`its title ${JSON.stringify(d.title)} is not the step's words ${JSON.stringify(step.text)}`);
  if (!d.labelled) problems.push('the drawing is not role="img" with an aria-labelledby that exists');
  if (!d.desc || d.stepDesc !== d.desc) problems.push(`#step-desc ${JSON.stringify(d.stepDesc.slice(0, 60))} is not the drawing's desc`);
  const want = expectedMarks(step);
  const has = (m) => d.marks.some((x) => x.cell === m.cell && x.digit === m.digit && x.role === m.role);
  const missing = want.filter((m) => !has(m));
  if (missing.length) problems.push(`marks missing: ${missing.map((m) => `${m.cell}:${m.digit} ${m.role}`).join(', ')}`);
  // each node's cell marked: the cells of on/off marks are the nodes' cells
  const nodeCells = new Set(want.filter((m) => m.role === 'on' || m.role === 'off').map((m) => m.cell));
  const drawnCells = new Set(d.marks.filter((m) => m.role === 'on' || m.role === 'off').map((m) => m.cell));
  if ([...nodeCells].sort().join() !== [...drawnCells].sort().join()) {
    problems.push(`chain cells drawn ${[...drawnCells].sort().join(' ')}, the record's ${[...nodeCells].sort().join(' ')}`);
  }
  const links = d.links.map((l) => `${l.from}>${l.to}`).sort();
  const wantLinks = expectedLinks(step);
  if (links.join() !== wantLinks.join()) problems.push(`${links.length} link elements (${links.join(' ')}), the record has ${wantLinks.length} (${wantLinks.join(' ')})`);
  return problems;
}

async function waitForDrawing(page, step, how) {
  return until(
    `the drawing of "${step.text.slice(0, 50)}…" after ${how}`,
    async () => {
      const d = await readDrawing(page);
      return { ok: d.svg && d.title === step.text, why: d.svg ? `drawing titled ${JSON.stringify(d.title.slice(0, 60))}` : 'no drawing', d };
    },
    T.worker,
  );
}

async function checkStepDrawing({ pageFor, note }) {
  const record = JSON.parse(runNonet(['explain', '--json', CHAIN]));
  const k = record.steps.findIndex((s) => s.chain && s.chain.branches.flat().length >= 4);
  expect(k >= 0, 'test premise: the CHAIN puzzle\'s explanation has no chain step');
  const chainStep = record.steps[k];
  const plain = record.steps.findIndex((s) => !s.chain && (s.eliminations || []).length > 0);
  expect(plain >= 0, 'test premise: no step with eliminations and no chain');
  const nodes = chainStep.chain.branches.flat();
  note(`step ${k + 1} of ${record.steps.length}: ${chainStep.text} (${nodes.length} nodes, ${expectedLinks(chainStep).length} links in the record)`);

  const page = await pageFor({ bypassCSP: true });
  await open(page);
  await loadPuzzle(page, CHAIN, CHAIN);
  await click(page, '#explain');
  await until('the explanation\'s list of steps', async () => ({ ok: (await page.locator('#explain-list li').count()) === record.steps.length, why: `${await page.locator('#explain-list li').count()} items, \`nonet explain\` has ${record.steps.length}` }), T.slow);
  const failures = [];

  // the chain step: each node's cell marked, each link drawn, words for screen readers
  await page.locator('#explain-list li button').nth(k).click();
  const chain = (await waitForDrawing(page, chainStep, `choosing step ${k + 1}`)).d;
  failures.push(...drawingProblems(chain, chainStep).map((p) => `chain step: ${p}`));
  const strong = chain.links.filter((l) => /\bl-strong\b/.test(l.cls)).length;
  const weak = chain.links.filter((l) => /\bl-weak\b/.test(l.cls)).length;
  const wantStrong = nodes.filter((n) => n.link === 'strong').reduce((a, n) => a + (n.parents || []).length, 0);
  const wantWeak = nodes.filter((n) => n.link === 'weak').reduce((a, n) => a + (n.parents || []).length, 0);
  if (strong !== wantStrong || weak !== wantWeak) failures.push(`chain step: ${strong} strong and ${weak} weak links drawn, the record has ${wantStrong} and ${wantWeak}`);
  const dashes = new Set(chain.strokes);
  if (wantStrong && wantWeak && dashes.size < 2) failures.push(`strong and weak links are drawn alike (stroke-dasharray ${[...dashes].join(', ')})`);
  if (!nodes.every((n) => chain.desc.includes(n.cell))) failures.push('the drawing\'s desc does not name every node\'s cell');
  note(`chain step drawn: ${new Set(chain.marks.filter((m) => m.role === 'on' || m.role === 'off').map((m) => m.cell)).size} node cells, ${chain.links.length} links (${strong} strong, ${weak} weak), background ${chain.background}`);
  if (chain.sameCells) failures.push(`${chain.sameCells} grid cells or candidates keep the selected digit's highlight while the step is drawn`);
  note(`screenshot: ${await screenshot(page, 'step-chain-light.png', { fullPage: false })}`);
  const light = chain.background;

  // axe with the drawing shown, light and dark; the drawing's palette follows the page's switch
  const scans = [];
  const scan = async (name) => {
    const v = await axeScan(page);
    note(`axe, ${name}: ${v.length} violation${v.length === 1 ? '' : 's'}`);
    if (v.length) scans.push(`--- ${name}\n${describeViolations(v)}`);
  };
  await scan('a chain step drawn, light');
  await click(page, '#dark');
  const dark = await until('the drawing\'s dark palette after #dark', async () => {
    const d = await readDrawing(page);
    return { ok: d.background && d.background !== light, why: `background ${d.background}`, d };
  });
  note(`drawing background: ${light} (light) -> ${dark.d.background} (dark)`);
  note(`screenshot: ${await screenshot(page, 'step-chain-dark.png', { fullPage: false })}`);
  await scan('a chain step drawn, dark');
  await click(page, '#dark');
  // the page's light theme on a system that prefers dark: the drawing stays light
  await page.emulateMedia({ colorScheme: 'dark' });
  await sleep(200);
  const osDark = await readDrawing(page);
  if ((await page.getAttribute('html', 'data-theme')) !== 'light' || osDark.background !== light) {
    failures.push(`with the page's theme light and the system dark, the drawing's background is ${osDark.background} (light: ${light})`);
  } else note(`page light, system dark: the drawing stays light (${osDark.background})`);
  await page.emulateMedia({ colorScheme: 'light' });
  failures.push(...scans);

  // a step with no chain
  await page.locator('#explain-list li button').nth(plain).click();
  const flat = (await waitForDrawing(page, record.steps[plain], `choosing step ${plain + 1}`)).d;
  failures.push(...drawingProblems(flat, record.steps[plain]).map((p) => `step ${plain + 1} (${record.steps[plain].technique}): ${p}`));
  note(`step ${plain + 1} (${record.steps[plain].technique}) drawn: ${flat.marks.length} marks, ${flat.links.length} links`);

  // back to the game: the grid again, no drawing
  await click(page, '#step-close');
  await until('the grid back after #step-close', async () => {
    const d = await readDrawing(page);
    return { ok: !d.svg && d.gridShown && !(await page.locator('#step-view').isVisible()), why: `drawing ${d.svg}, grid shown ${d.gridShown}` };
  });

  // a hint: the selected digit's highlight (shown in play) stands aside while the step is drawn
  const g = await readGrid(page);
  const counts = {};
  for (const c of g.cells) if (c.value) counts[c.value] = (counts[c.value] || 0) + 1;
  const given = g.cells.find((c) => c.given && counts[c.value] >= 3);
  await cellLocator(page, given.row, given.col).click();
  const before = await until('the selected digit highlighted in play', async () => {
    const d = await readDrawing(page);
    return { ok: d.sameCells > 0, why: `${d.sameCells} cells with the selected digit's highlight`, d };
  });
  const hintRecord = JSON.parse(runNonet(['hint', '--json', CHAIN])).step;
  await hintAtLevel(page, 3);
  const hinted = (await waitForDrawing(page, hintRecord, '#hint')).d;
  failures.push(...drawingProblems(hinted, hintRecord).map((p) => `hint: ${p}`));
  if (hinted.sameCells) failures.push(`hint: ${hinted.sameCells} cells keep the highlight of ${Grid.name(given)}'s ${given.value} while the hint is drawn`);
  note(`hint: ${Grid.name(given)} (${given.value}) selected: ${before.d.sameCells} cells highlighted in play, ${hinted.sameCells} while the hint is drawn`);

  // the SVG download: the library's drawing of the puzzle, its clues and no candidate
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: T.worker }), click(page, '#svg')]);
  const file = await download.path();
  const svgText = fs.readFileSync(file, 'utf8');
  const clues = [...CHAIN].filter((ch) => ch !== '.').length;
  const givensDrawn = (svgText.match(/<text class="given"/g) || []).length;
  if (!/^<svg[^>]*class="nonet-step"/.test(svgText) || givensDrawn !== clues || /class="cand/.test(svgText)) {
    failures.push(`the downloaded SVG (${download.suggestedFilename()}) is not the library's bare grid: ${givensDrawn} givens of ${clues}, candidates ${/class="cand/.test(svgText)}`);
  } else note(`download ${download.suggestedFilename()}: the library's drawing, ${givensDrawn} givens, no candidate`);

  // print: the library's drawings in the print area, the solution's clues apart
  await choose(page, '#print-count', '1');
  if (!(await page.isChecked('#print-solutions'))) await (await reveal(page, '#print-solutions')).check();
  await pressPrint(page);
  const printed = await page.$$eval('#print-area svg', (svgs) =>
    svgs.map((svg) => ({
      library: svg.classList.contains('nonet-step'),
      givens: svg.querySelectorAll('text.given').length,
      placed: svg.querySelectorAll('text.placed-digit').length,
      cands: svg.querySelectorAll('text.cand').length,
    })),
  );
  const wantPrint = [{ library: true, givens: clues, placed: 0, cands: 0 }, { library: true, givens: clues, placed: 81 - clues, cands: 0 }];
  if (JSON.stringify(printed) !== JSON.stringify(wantPrint)) failures.push(`print area: ${JSON.stringify(printed)}, want ${JSON.stringify(wantPrint)}`);
  else note(`print: the puzzle (${clues} givens) and its solution (${81 - clues} digits apart from the clues), drawn by the library`);
  expect(failures.length === 0, failures.join('\n'));
}

// A pencil-mark position whose next step is an x-wing (tests/data/hint_positions.txt).
const XWING_POSITION = fs
  .readFileSync(path.join(here, '../../tests/data/hint_positions.txt'), 'utf8')
  .split('\n')
  .filter((l) => /^[1-9.]{729}$/.test(l))[0];

/** A drawing of a hint below level 3 against the whole step's record and the level's hint record: the problems. */
function hintLevelProblems(d, step, hintRec, level) {
  const problems = [];
  if (!d.svg) return ['no drawing in #step-drawing'];
  if (!d.shown) problems.push('the drawing is not on screen');
  if (d.title !== hintRec.text) problems.push(`its title ${JSON.stringify(d.title)} is not the level-${level} hint ${JSON.stringify(hintRec.text)}`);
  if (!d.labelled) problems.push('the drawing is not role="img" with an aria-labelledby that exists');
  if (!d.desc || d.stepDesc !== d.desc) problems.push('#step-desc is not the drawing\'s desc');
  const concluded = new Set();
  for (const p of step.placements || []) concluded.add(`${p.cell}:${p.digit}`);
  for (const e of step.eliminations || []) for (const x of e.digits) concluded.add(`${e.cell}:${x}`);
  const told = d.marks.filter((m) => concluded.has(`${m.cell}:${m.digit}`) || ['placed', 'eliminated', 'on', 'off'].includes(m.role));
  if (told.length) problems.push(`marks that give the move away: ${told.map((m) => `${m.cell}:${m.digit} ${m.role}`).join(', ')}`);
  if (d.links.length) problems.push(`${d.links.length} chain links drawn`);
  // the step's own words (level 3) are not on the page
  if (d.title === step.text || d.desc.includes(step.text)) problems.push('the drawing says the move');
  if (level === 1) {
    if (d.marks.length) problems.push(`${d.marks.length} candidates marked at level 1`);
    const want = (hintRec.region.houses || []).slice().sort().join();
    if (d.houses.slice().sort().join() !== want) problems.push(`houses outlined ${d.houses.join(', ')}, the region's ${want}`);
  } else {
    const want = new Set();
    for (const c of hintRec.cells) for (const x of c.digits.length ? c.digits : [0]) want.add(`${c.cell}:${x}`);
    const got = new Set(d.marks.map((m) => `${m.cell}:${m.digit}`));
    if ([...got].sort().join() !== [...want].sort().join()) problems.push(`marks ${[...got].sort().join(' ')}, the hint's cells ${[...want].sort().join(' ')}`);
  }
  return problems;
}

async function checkHintLevels({ pageFor, note }) {
  expect(XWING_POSITION, 'test premise: no position in tests/data/hint_positions.txt');
  const step = JSON.parse(runNonet(['hint', '--json', XWING_POSITION])).step;
  const level = (l) => JSON.parse(runNonet(['hint', '--json', '--level', String(l), XWING_POSITION])).hint;
  const hints = [null, level(1), level(2)];
  expect(step.technique === 'x-wing' && step.eliminations.length > 0, `test premise: the position's next step is ${step.technique}`);
  const page = await pageFor({ bypassCSP: true });
  await open(page);
  await paste(page, XWING_POSITION);
  await until('the pencil-mark position loaded', async () => {
    const g = await readGrid(page);
    return { ok: g.cells.filter((c) => c.marks).length > 20, why: `${g.cells.filter((c) => c.marks).length} cells with marks` };
  });
  const failures = [];
  const axe = async (name) => {
    const v = await axeScan(page);
    if (v.length) failures.push(`axe, ${name}:\n${describeViolations(v)}`);
    else note(`axe, ${name}: clean`);
  };
  const dark = async (on) => {
    if (((await page.getAttribute('html', 'data-theme')) === 'dark') !== on) await click(page, '#dark');
    await until(on ? 'dark mode' : 'light mode', async () => ({ ok: ((await page.getAttribute('html', 'data-theme')) === 'dark') === on }));
  };
  const shots = process.env.SHOTS42;
  for (const l of [1, 2]) {
    const said = await hintAtLevel(page, l);
    const d = (await until(`the level-${l} drawing`, async () => {
      const d = await readDrawing(page);
      return { ok: d.svg && d.title === hints[l].text, why: d.svg ? `drawing titled ${JSON.stringify(d.title)}` : 'no drawing', d };
    }, T.worker)).d;
    failures.push(...hintLevelProblems(d, step, hints[l], l).map((p) => `level ${l}: ${p}`));
    if (!said.includes(hints[l].text)) failures.push(`level ${l}: #status ${JSON.stringify(said)} does not say the hint ${JSON.stringify(hints[l].text)}`);
    // the hidden grid's shading tells no more than the drawing
    const g = await readGrid(page);
    const kinds = new Set(g.hinted().flatMap(hintKinds));
    if (kinds.has('placement') || kinds.has('elimination')) failures.push(`level ${l}: the grid's data-hint has ${[...kinds].join(', ')}`);
    note(`level ${l}: ${JSON.stringify(said)}; ${d.marks.length} marks, houses ${d.houses.join(', ')}`);
    await axe(`level ${l}, light`);
    if (shots) await page.screenshot({ path: path.join(shots, `hint-level${l}-light.png`) });
    await dark(true);
    await axe(`level ${l}, dark`);
    if (shots) await page.screenshot({ path: path.join(shots, `hint-level${l}-dark.png`) });
    await dark(false);
  }
  // level 3: the move, drawn whole
  const said3 = await hintAtLevel(page, 3);
  const d3 = (await waitForDrawing(page, step, 'the third press of #hint')).d;
  failures.push(...drawingProblems(d3, step).map((p) => `level 3: ${p}`));
  if (!said3.includes(step.text)) failures.push(`level 3: #status ${JSON.stringify(said3)} does not say the move`);
  await axe('level 3, light');
  note(`level 3: ${JSON.stringify(said3)}`);
  // a change of the grid while a hint is shown starts over at level 1: a
  // pencil mark toggled from the pad at level 2, and undone
  await click(page, '#step-close');
  const before = await readGrid(page);
  const cell = before.cells.find((c) => !c.value && c.marks.length > 1);
  await cellLocator(page, cell.row, cell.col).click();
  await click(page, '#pencil');
  await hintAtLevel(page, 2);
  await click(page, `#pad button[data-digit="${cell.marks[0]}"]`);
  await until('the mark toggled, the hint gone', async () => {
    const g = await readGrid(page);
    const d = await readDrawing(page);
    return { ok: g.cells[cell.row * 9 + cell.col].marks !== cell.marks && !d.svg, why: `marks ${g.cells[cell.row * 9 + cell.col].marks}, drawing ${d.svg}` };
  });
  await click(page, '#undo');
  await until('the mark back', async () => ({ ok: (await readGrid(page)).cells[cell.row * 9 + cell.col].marks === cell.marks }));
  await click(page, '#pencil');
  await click(page, '#hint');
  const again = await until('a hint after the grid changed', async () => {
    const now = await text(page, '#status');
    return { ok: /^Hint \d of 3/.test(now), why: `#status ${JSON.stringify(now)}`, now };
  }, T.worker);
  if (!again.now.startsWith('Hint 1 of 3')) failures.push(`after the grid changed, #hint gave ${JSON.stringify(again.now)}, not level 1`);
  // after level 3 the next press applies the move, and the press after that is level 1 of the next step
  await hintAtLevel(page, 3);
  const g3 = await readGrid(page);
  await click(page, '#hint');
  await until('the x-wing applied (its eliminations gone from the marks)', async () => {
    const g = await readGrid(page);
    return { ok: g.hinted().length === 0 && g.cells.some((c, i) => c.marks !== g3.cells[i].marks), why: `${g.hinted().length} cells with data-hint` };
  }, T.worker);
  const gone = step.eliminations.flatMap((e) => e.digits.map((x) => [e.cell, String(x)]));
  const after = await readGrid(page);
  const kept = gone.filter(([c, x]) => after.cells.find((k) => Grid.name(k) === c).marks.includes(x));
  if (kept.length) failures.push(`after applying: ${kept.map(([c, x]) => `${c}:${x}`).join(' ')} still marked`);
  await click(page, '#hint');
  const next = await until('the next step\'s first hint', async () => {
    const now = await text(page, '#status');
    return { ok: /^Hint \d of 3/.test(now), why: `#status ${JSON.stringify(now)}`, now };
  }, T.worker);
  if (!next.now.startsWith('Hint 1 of 3')) failures.push(`the hint after the move is ${JSON.stringify(next.now)}, not level 1`);
  note(`after the move: ${JSON.stringify(next.now)}`);
  expect(failures.length === 0, failures.join('\n'));
}

// The practice panel's fixed puzzle: an x-wing, seed 2026 (nw_needs, as
// `nonet generate --needs x-wing --position --json --solution` makes it).
const PRACTICE = { technique: 'x-wing', seed: '2026' };

/** The ladder's names, in its order, as nonet lists them for an unknown --needs. */
function ladderNames() {
  try {
    execFileSync(options.nonet, ['generate', '--needs', '?'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    const m = /want one of: (.*)\)\s*$/m.exec(String(err.stderr));
    if (m) return m[1].split(', ');
  }
  return [];
}

/** The symbols of a cell's nine in a pencil-mark line. */
const cellMarks = (line, i) => line.slice(i * 9, i * 9 + 9).replace(/\./g, '');

async function checkPractice({ pageFor, note }) {
  const names = ladderNames();
  expect(names.length > 30 && names.includes(PRACTICE.technique), `test premise: nonet's ladder names ${JSON.stringify(names)}`);
  const cli = (extra) =>
    JSON.parse(runNonet(['generate', '--needs', PRACTICE.technique, '--position', '--json', '--solution', '--seed', PRACTICE.seed, '-n', '1', ...extra]));
  const rec = cli([]);
  expect(rec.status === 'unique' && rec.result && rec.marks, `test premise: nonet generate --needs: ${JSON.stringify(rec).slice(0, 300)}`);
  // the step from the position, as nonet hint gives it at each level
  const step = JSON.parse(runNonet(['hint', '--json', rec.marks])).step;
  const level = (l) => JSON.parse(runNonet(['hint', '--json', '--level', String(l), rec.marks])).hint;
  const hints = [null, level(1), level(2)];
  expect(step.technique === PRACTICE.technique, `test premise: the position's next step is ${step.technique}, not ${PRACTICE.technique}`);

  const page = await pageFor({ bypassCSP: true });
  await open(page);
  const failures = [];
  const axe = async (name) => {
    const v = await axeScan(page);
    if (v.length) failures.push(`axe, ${name}:\n${describeViolations(v)}`);
    else note(`axe, ${name}: clean`);
  };
  const dark = async (on) => {
    if (((await page.getAttribute('html', 'data-theme')) === 'dark') !== on) await click(page, '#dark');
    await until(on ? 'dark mode' : 'light mode', async () => ({ ok: ((await page.getAttribute('html', 'data-theme')) === 'dark') === on }));
  };
  const shots = process.env.SHOTS42P;

  // the menu: every technique of the ladder, in its order, in groups
  const menu = await until('the practice menu filled from the library', async () => {
    const m = await page.$eval('#practice-technique', (s) => ({
      values: [...s.options].map((o) => o.value),
      groups: [...s.querySelectorAll('optgroup')].map((g) => `${g.label} (${g.children.length})`),
    }));
    return { ok: m.values.length === names.length, why: `${m.values.length} options, the ladder has ${names.length}`, m };
  }, T.worker);
  if (menu.m.values.join('|') !== names.join('|')) failures.push(`the menu ${menu.m.values.join(', ')} is not the ladder's ${names.join(', ')}`);
  if (menu.m.groups.length < 3) failures.push(`the menu is not grouped: ${menu.m.groups.join(', ')}`);
  note(`menu: ${names.length} techniques in ${menu.m.groups.join(', ')}`);

  // a practice puzzle for the fixed technique and seed: the position before it
  await choose(page, '#practice-technique', PRACTICE.technique);
  if (await page.isChecked('#practice-hardest')) await page.uncheck('#practice-hardest');
  await (await reveal(page, '#practice-seed')).fill(PRACTICE.seed);
  await click(page, '#practice');
  const shown = await until('the practice position', async () => {
    const g = await readGrid(page);
    return { ok: g.givensLine() === rec.puzzle, why: `givens ${g.givensLine()}`, g };
  }, T.worker);
  const g = shown.g;
  const wrong = [];
  for (let i = 0; i < 81; i++) {
    const c = g.cells[i];
    const want = rec.result[i] === '.' ? '' : rec.result[i];
    const wantMarks = want ? '' : cellMarks(rec.marks, i);
    if (c.value !== want || c.marks !== wantMarks) wrong.push(`${Grid.name(c)} ${c.value || '.'}/${c.marks} want ${want || '.'}/${wantMarks}`);
  }
  if (wrong.length) failures.push(`the position is not nonet's (${wrong.length} cells): ${wrong.slice(0, 6).join('; ')}`);
  else note(`position: ${rec.result.replace(/\./g, '').length} digits and every empty cell's marks as nonet generate --needs --position, round ${rec.rounds ?? '?'}`);
  const label = await text(page, '#puzzle-label');
  const said = await text(page, '#practice-note');
  if (!label.includes(`seed ${PRACTICE.seed}`) || !label.includes(`practice: ${PRACTICE.technique}`)) failures.push(`#puzzle-label ${JSON.stringify(label)}`);
  if (!(await page.isVisible('#practice-note')) || !said.includes(PRACTICE.technique)) failures.push(`#practice-note ${JSON.stringify(said)}`);
  await axe('the practice position, light');
  if (shots) await page.screenshot({ path: path.join(shots, 'practice-light.png'), fullPage: true });
  await dark(true);
  await axe('the practice position, dark');
  if (shots) await page.screenshot({ path: path.join(shots, 'practice-dark.png'), fullPage: true });
  await dark(false);

  // Hint three times: levels 1, 2, 3 of a step of the technique
  for (const l of [1, 2]) {
    const words = await hintAtLevel(page, l);
    const d = (await until(`the level-${l} drawing`, async () => {
      const d = await readDrawing(page);
      return { ok: d.svg && d.title === hints[l].text, why: d.svg ? `drawing titled ${JSON.stringify(d.title)}` : 'no drawing', d };
    }, T.worker)).d;
    failures.push(...hintLevelProblems(d, step, hints[l], l).map((p) => `level ${l}: ${p}`));
    if (!words.includes(hints[l].text) || !words.includes(PRACTICE.technique)) failures.push(`level ${l}: #status ${JSON.stringify(words)}`);
    note(`level ${l}: ${JSON.stringify(words)}`);
    if (l === 2) {
      await axe('level 2, light');
      if (shots) await page.screenshot({ path: path.join(shots, 'practice-hint2-light.png'), fullPage: true });
      await dark(true);
      await axe('level 2, dark');
      if (shots) await page.screenshot({ path: path.join(shots, 'practice-hint2-dark.png'), fullPage: true });
      await dark(false);
    }
  }
  const words3 = await hintAtLevel(page, 3);
  const d3 = (await waitForDrawing(page, step, 'the third press of #hint')).d;
  failures.push(...drawingProblems(d3, step).map((p) => `level 3: ${p}`));
  if (!words3.includes(step.text)) failures.push(`level 3: #status ${JSON.stringify(words3)} does not say the move`);
  note(`level 3: ${JSON.stringify(words3)}`);
  // the fourth press applies it
  const g3 = await readGrid(page);
  await click(page, '#hint');
  await until(`the ${PRACTICE.technique} applied`, async () => {
    const now = await readGrid(page);
    return { ok: now.hinted().length === 0 && now.cells.some((c, i) => c.marks !== g3.cells[i].marks), why: `${now.hinted().length} cells with data-hint` };
  }, T.worker);
  const after = await readGrid(page);
  const kept = (step.eliminations || []).flatMap((e) => e.digits.map((x) => [e.cell, String(x)])).filter(([c, x]) => after.cells.find((k) => Grid.name(k) === c).marks.includes(x));
  if (kept.length) failures.push(`after applying: ${kept.map(([c, x]) => `${c}:${x}`).join(' ')} still marked`);
  else note(`applied: ${step.text}`);

  // the explanation marks the technique's steps
  const path_ = JSON.parse(runNonet(['explain', '--json', rec.puzzle]));
  const want = path_.steps.map((s, k) => (s.technique === PRACTICE.technique ? k + 1 : 0)).filter(Boolean);
  expect(want.length > 0, `test premise: nonet explain has no ${PRACTICE.technique} step`);
  await click(page, '#explain');
  await until('the explanation\'s list of steps', async () => ({ ok: (await page.locator('#explain-list li').count()) === path_.steps.length, why: `${await page.locator('#explain-list li').count()} items, nonet explain has ${path_.steps.length}` }), T.slow);
  const items = await page.$$eval('#explain-list li', (lis) =>
    lis.map((li) => ({ technique: li.dataset.technique, practice: li.dataset.practice === 'true', tag: li.querySelector('.step-tag')?.textContent || '' })),
  );
  const techWrong = items.map((it, k) => (it.technique !== path_.steps[k].technique ? `step ${k + 1}: ${it.technique}, not ${path_.steps[k].technique}` : '')).filter(Boolean);
  if (techWrong.length) failures.push(`data-technique: ${techWrong.slice(0, 4).join('; ')}`);
  const marked = items.map((it, k) => (it.practice && it.tag === 'practice' ? k + 1 : 0)).filter(Boolean);
  if (marked.join() !== want.join()) failures.push(`steps marked "practice": ${marked.join(', ') || 'none'}; the ${PRACTICE.technique} steps are ${want.join(', ')}`);
  const summary = await text(page, '#explain-practice');
  if (!(await page.isVisible('#explain-practice')) || !want.every((k) => new RegExp(`\\b${k}\\b`).test(summary))) failures.push(`#explain-practice ${JSON.stringify(summary)}`);
  note(`explain: ${path_.steps.length} steps, ${PRACTICE.technique} at ${want.join(', ')}; ${JSON.stringify(summary)}`);
  // the first marked step, shown: its item current, the tag beside it
  await page.locator('#explain-list li[data-practice] button').first().click();
  const current = await until('the practised step shown', async () => {
    const k = await page.$$eval('#explain-list li', (lis) => lis.findIndex((li) => li.firstChild.getAttribute('aria-current') === 'step'));
    return { ok: k + 1 === want[0], why: `step ${k + 1} current`, k };
  });
  note(`step ${current.k + 1} shown: ${JSON.stringify(await text(page, '#explain-text'))}`);
  await axe('the explanation of a practice puzzle, light');
  if (shots) await page.screenshot({ path: path.join(shots, 'practice-explain-light.png'), fullPage: true });
  await click(page, '#explain-close');

  // as the hardest step: nonet generate --needs --hardest's puzzle
  const hard = cli(['--hardest']);
  if (!(await page.isChecked('#practice-hardest'))) await (await reveal(page, '#practice-hardest')).check();
  await click(page, '#practice');
  await until('the hardest-step practice puzzle', async () => {
    const now = await readGrid(page);
    return { ok: now.givensLine() === hard.puzzle, why: `givens ${now.givensLine()}` };
  }, T.worker);
  const rating = await text(page, '#rating');
  if (!rating.includes(PRACTICE.technique)) failures.push(`as the hardest step: #rating ${JSON.stringify(rating)} does not name ${PRACTICE.technique}`);
  note(`as the hardest step: ${hard.puzzle}, #rating ${JSON.stringify(rating)}`);
  // a reload keeps the practice game, its label and note
  await page.reload({ waitUntil: 'domcontentloaded' });
  await waitForCells(page, 81);
  const reloaded = await until('the practice game after a reload', async () => {
    const now = await readGrid(page);
    const l = await text(page, '#puzzle-label');
    return { ok: now.givensLine() === hard.puzzle && l.includes(`practice: ${PRACTICE.technique}`) && (await page.isVisible('#practice-note')), why: `label ${JSON.stringify(l)}`, l };
  });
  note(`after a reload: ${JSON.stringify(reloaded.l)}`);
  expect(failures.length === 0, failures.join('\n'));
}

async function checkNoErrors({ note }) {
  for (const line of consoleLog) note(line);
  expect(pageErrors.length === 0, `uncaught errors on the page:\n${pageErrors.join('\n')}`);
}

// -------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(path.join(options.root, 'index.html'))) {
    console.error(`web-test: ${options.root}/index.html is missing: run make web`);
    console.log('web-test: 0 passed, 1 failed');
    return 1;
  }
  expect(easySolution.count === 1, 'test data: EASY must have exactly one solution');
  fs.mkdirSync(options.out, { recursive: true });
  // an old run's failure screenshots would only mislead
  for (const name of fs.readdirSync(options.out)) if (/^fail-\d+\.png$/.test(name)) fs.rmSync(path.join(options.out, name));
  server = await startServer(path.resolve(options.root));
  console.log(`web-test: serving ${options.root} at ${server.url}`);
  browser = await chromium.launch({ executablePath: options.chromium, headless: true, args: ['--no-sandbox'] });
  console.log(`web-test: ${options.chromium} ${browser.version()}`);
  try {
    await runCheck(1, 'first load: the grid, interactive', checkFirstLoad);
    await runCheck(2, 'paste: four layouts, and garbage', checkPaste);
    await runCheck(3, 'keyboard and mouse play', checkKeyboard);
    await runCheck(4, 'undo and redo', checkUndoRedo);
    await runCheck(5, 'pencil marks and autofill', checkPencil);
    await runCheck(6, 'hint: shown, applied, to the end', checkHint);
    await runCheck(7, 'explain: steps forward and back', checkExplain);
    await runCheck(8, 'rate: as nonet rate', checkRate);
    await runCheck(9, 'generate: unique, as nonet generate', checkGenerate);
    await runCheck(10, 'share URL round trip (9x9, 6x6)', checkShare);
    await runCheck(11, 'reload keeps the game', checkReload);
    await runCheck(12, 'print to PDF', checkPrint);
    await runCheck(13, 'dark mode', checkDark);
    await runCheck(14, 'accessibility (axe-core)', checkAxe);
    await runCheck(15, 'offline, by the service worker', checkOffline);
    await runCheck(16, 'other sizes', checkSizes);
    await runCheck(17, 'unique, several, invalid; solve', checkUniqueSolve);
    await runCheck(18, 'cancel a long explain', checkCancel);
    await runCheck(19, 'hints to the end of a fiendish puzzle', checkHardHints);
    await runCheck(21, 'a share link that cannot be read says so', checkBadLink);
    await runCheck(22, 'phone (390x844): Generate and Load bring the grid into view', checkPhoneGenerate);
    await runCheck(23, 'settings that do not apply are hidden or say why', checkSettings);
    await runCheck(24, 'the keyboard help is shown to everyone', checkKeysHelp);
    await runCheck(25, 'explanation: numbers on first lines; a step is not outshone', checkExplainList);
    await runCheck(26, 'a step drawn by the library: chain nodes and links as the record, axe, themes', checkStepDrawing);
    await runCheck(27, 'hints in levels: where to look, the cells, the move; reset; axe', checkHintLevels);
    await runCheck(28, 'practice: a puzzle that needs a technique, from the position before it; hints; explanation; axe', checkPractice);
    // last (though numbered 20 before the checks above came): it reads the
    // errors every check before it saw
    await runCheck(20, 'no uncaught errors on the page', checkNoErrors);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
  if (server.missing.size) console.log(`web-test: 404s: ${[...server.missing].join(' ')}`);
  if (screenshots.length) console.log(`web-test: files:\n  ${screenshots.join('\n  ')}`);
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`web-test: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err.stack || String(err));
    console.log('web-test: 0 passed, 1 failed');
    process.exit(1);
  },
);
