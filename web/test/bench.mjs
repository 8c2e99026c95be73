// bench.mjs - the web page's figures (make bench-web): the WebAssembly
// build against the native command, in Node and in headless Chromium.
//   node web/test/bench.mjs WEBDIR NONET [DATADIR]
// - counting to 2 on the 17-clue and top1465 sets: warm, best of 3 passes
//   in one load, against `nonet count -l 2 -j 1` (best of 3 runs), beside
//   it in the same run;
// - a hint at each of the first top1465 puzzles' hardest point (the
//   slowest of the hints that walk it to the end): the median;
// - a diabolical puzzle generated (seeds 1..15): the median;
// - the page's files, raw and gzipped; the first load to an interactive
//   grid and to a loaded solver.
import { chromium } from 'playwright-core';
import { load } from '../nonet.js';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const [webDir, native, dataArg] = process.argv.slice(2);
const dataDir = dataArg ?? ['../shared/data', 'bench/data'].find((d) => fs.existsSync(d));
const setNames = ['puzzles2_17_clue', 'puzzles3_magictour_top1465'];
const sets = setNames
  .map((s) => path.join(dataDir, s))
  .filter((f) => fs.existsSync(f))
  .map((f) => ({ name: path.basename(f), text: fs.readFileSync(f, 'utf8') }));
const top = sets.find((s) => s.name.includes('top1465'));
const HINT_PUZZLES = 100;
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// What runs on either side (Node, or the page through evaluate): the
// timings of one loaded module. Written as a function source so that the
// page runs the very same code.
const measure = async ({ sets, hintPuzzles, load }) => {
  const nonet = await load();
  const now = () => performance.now();
  const out = { count: {}, hints: [], generate: [] };
  for (const set of sets) {
    const passes = [];
    let n = 0;
    for (let pass = 0; pass < 3; pass++) {
      const t0 = now();
      n = nonet.countLines(set.text, 2).split('\n').length - 1;
      passes.push((now() - t0) / 1000);
    }
    out.count[set.name] = { puzzles: n, best: Math.min(...passes) };
  }
  // each puzzle walked to the end by hints from its positions (marks
  // included); its slowest hint
  for (const puzzle of hintPuzzles) {
    let text = `3x3\n${puzzle}\n`;
    let slowest = 0;
    for (let step = 0; step < 400; step++) {
      const t0 = now();
      const r = nonet.hint(text);
      slowest = Math.max(slowest, now() - t0);
      if (!r || !r.step) break;
      text = `3x3\n${r.marks}\n`;
    }
    out.hints.push(slowest);
  }
  for (let seed = 1; seed <= 15; seed++) {
    const t0 = now();
    const r = nonet.generate({ seed, level: 'diabolical' });
    out.generate.push(now() - t0);
    if (!r || r.level !== 'diabolical') throw new Error(`seed ${seed}: ${JSON.stringify(r)}`);
  }
  return out;
};

// a static server for the page (its .wasm as application/wasm)
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml' };
const server = http.createServer((req, res) => {
  const file = path.join(webDir, decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/\/$/, '/index.html'));
  if (!file.startsWith(path.resolve(webDir)) || !fs.existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const hintPuzzles = top ? top.text.split('\n').filter((l) => /^[.0-9]{81}/.test(l)).slice(0, HINT_PUZZLES).map((l) => l.slice(0, 81)) : [];

// native
const nativeCount = {};
for (const set of sets) {
  const file = path.join(dataDir, set.name);
  const runs = [0, 1, 2].map(() => {
    const t0 = performance.now();
    execFileSync(native, ['count', '-l', '2', '-j', '1', file], { maxBuffer: 1 << 28 });
    return (performance.now() - t0) / 1000;
  });
  nativeCount[set.name] = Math.min(...runs);
}

// Node
const wasmBytes = fs.readFileSync(path.join(webDir, 'nonet.wasm'));
const inNode = await measure({ sets, hintPuzzles, load: () => load(wasmBytes) });

// Chromium
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'] });
const page = await browser.newPage();
const t0 = Date.now();
await page.goto(base);
await page.waitForFunction(() => document.querySelectorAll('[role=gridcell]').length === 81);
const gridMs = Date.now() - t0;
await page.waitForFunction(() => !/Loading/.test(document.getElementById('status')?.textContent ?? ''), null, { timeout: 20000 });
const readyMs = Date.now() - t0;
const inPage = await page.evaluate(
  async ({ source, sets, hintPuzzles }) => {
    const { load } = await import('./nonet.js');
    const measure = eval(`(${source})`);
    return measure({ sets, hintPuzzles, load: () => load('nonet.wasm') });
  },
  { source: measure.toString(), sets, hintPuzzles },
);
const version = browser.version();
await browser.close();
server.close();

// the page's files
let raw = 0;
let gz = 0;
const files = fs.readdirSync(webDir).filter((f) => fs.statSync(path.join(webDir, f)).isFile());
for (const f of files) {
  const bytes = fs.readFileSync(path.join(webDir, f));
  raw += bytes.length;
  gz += zlib.gzipSync(bytes, { level: 9 }).length;
}

const cpu = os.cpus()[0].model.trim();
console.log(`# ${cpu}, ${os.cpus().length} CPUs; Node ${process.version}; Chromium ${version}`);
console.log('count to 2, one thread         puzzles    native/s  Node wasm/s (x native)  Chromium wasm/s (x native)');
for (const set of sets) {
  const n = inNode.count[set.name].puzzles;
  const nat = n / nativeCount[set.name];
  const node = n / inNode.count[set.name].best;
  const chrome = n / inPage.count[set.name].best;
  console.log(
    `${set.name.padEnd(30)} ${String(n).padStart(7)} ${nat.toFixed(0).padStart(11)} ${node.toFixed(0).padStart(12)} (${(node / nat).toFixed(2)})` +
      `${chrome.toFixed(0).padStart(17)} (${(chrome / nat).toFixed(2)})`,
  );
}
if (hintPuzzles.length)
  console.log(
    `hint at the hardest point, median of ${hintPuzzles.length} top1465 puzzles: Node ${median(inNode.hints).toFixed(1)} ms, ` +
      `Chromium ${median(inPage.hints).toFixed(1)} ms (slowest: ${Math.max(...inNode.hints).toFixed(0)} / ${Math.max(...inPage.hints).toFixed(0)} ms)`,
  );
console.log(
  `diabolical puzzle generated, median of 15 seeds: Node ${median(inNode.generate).toFixed(0)} ms, Chromium ${median(inPage.generate).toFixed(0)} ms`,
);
console.log(`page files: ${files.length}, ${(raw / 1024).toFixed(1)} KiB (${raw} bytes); gzipped ${(gz / 1024).toFixed(1)} KiB`);
console.log(`first load: the grid in ${gridMs} ms, the solver loaded in ${readyMs} ms`);
