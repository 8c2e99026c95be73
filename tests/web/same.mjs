// same.mjs - the WebAssembly build answers as the native command does:
// count, rate, hint --apply and explain records of the puzzles of the
// files given, and generated puzzles for fixed seeds, compared field by
// field (times left out). Also the JavaScript side: positionText reads
// back as the position it wrote.
//   node tests/web/same.mjs nonet.wasm NONET [--first N] [--rate FILES] [--explain N] [--generate N] FILE...
// Prints "wasm: N passed, N failed"; exits 1 on a failure.
import { load, positionText } from '../../web/nonet.js';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const args = process.argv.slice(2);
const [wasmPath, native] = args.splice(0, 2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return Number(value);
};
const explainCount = option('--explain', 20);
const generateCount = option('--generate', 10);
const first = option('--first', 0); // the first N puzzles of each file (0: all)
const rateFiles = option('--rate', Infinity); // rate the first N files given (default: all)
const files = args;

const nonet = await load(readFileSync(wasmPath));
let passed = 0;
let failed = 0;
const check = (ok, what) => {
  if (ok) passed++;
  else {
    failed++;
    console.log(`FAIL ${what}`);
  }
};

// The records of a native command, one a line; it may exit 1 (a puzzle failed).
function nativeRecords(argv, input) {
  let out;
  try {
    out = execFileSync(native, argv, { input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'ignore'] });
  } catch (e) {
    if (e.status !== 1) throw e;
    out = e.stdout;
  }
  return String(out)
    .split('\n')
    .filter((l) => l)
    .map((l) => JSON.parse(l));
}

// A record without what differs between runs (times) and builds (line
// numbers of a file read by name are the same; file names are absent).
function comparable(r) {
  const { stats, ...rest } = r;
  return JSON.stringify(rest);
}

function compare(what, mine, theirs) {
  check(mine.length === theirs.length, `${what}: ${mine.length} records, native ${theirs.length}`);
  let same = 0;
  for (let i = 0; i < Math.min(mine.length, theirs.length); i++) {
    if (comparable(mine[i]) === comparable(theirs[i])) same++;
    else if (same + 3 > i)
      console.log(`  ${what} #${i + 1}:\n    wasm   ${comparable(mine[i]).slice(0, 300)}\n    native ${comparable(theirs[i]).slice(0, 300)}`);
  }
  check(same === theirs.length, `${what}: ${same} of ${theirs.length} records identical`);
}

for (const file of files) {
  let text = readFileSync(file, 'utf8');
  if (first > 0) // its first puzzles, as the page writes positions
    text = nonet
      .read(text)
      .slice(0, first)
      .map((r) => (r.status === 'ok' ? `${r.size}\n${r.marks ?? r.puzzle}\n` : '\n'))
      .join('');
  const name = file.split('/').pop();
  compare(`count ${name}`, nonet.count(text, 2), nativeRecords(['count', '-l', '2', '--json'], text));
  const lines = nonet.countLines(text, 2).split('\n').filter((l) => l);
  const plain = String(
    (() => {
      try {
        return execFileSync(native, ['count', '-l', '2'], { input: text, stdio: ['pipe', 'pipe', 'ignore'] });
      } catch (e) {
        return e.stdout;
      }
    })(),
  )
    .split('\n')
    .filter((l) => l);
  check(lines.join('\n') === plain.join('\n'), `count lines ${name}: ${lines.length} vs ${plain.length}`);
  if (files.indexOf(file) < rateFiles)
    compare(`rate ${name}`, nonet.rate(text), nativeRecords(['rate', '--json'], text));
  // the first puzzles one at a time: hint and explain
  const records = nonet.read(text).filter((r) => r.status === 'ok').slice(0, explainCount);
  for (const r of records) {
    const one = `${r.size}\n${r.marks ?? r.puzzle}\n`;
    compare(`hint ${name} #${r.index}`, [nonet.hint(one)], nativeRecords(['hint', '--apply', '--json'], one));
    let progress = 0;
    const mine = nonet.explain(one, (steps) => (progress = steps));
    const theirs = nativeRecords(['explain', '--json'], one);
    compare(`explain ${name} #${r.index}`, [mine], theirs);
    check(progress <= (mine.step_count ?? 0), `explain ${name} #${r.index}: progress ${progress}`);
  }
}

// generated puzzles: the same (seed, index) gives the same record
const shapes = [
  { boxRows: 3, boxCols: 3, symmetry: 'rot180', level: 'diabolical', flags: ['--level', 'diabolical'] },
  { boxRows: 3, boxCols: 3, symmetry: 'none', level: 'easy', flags: ['--level', 'easy'] },
  { boxRows: 3, boxCols: 3, symmetry: 'rot180', min: 70, max: 85, flags: ['--rating', '7.0-8.5'] },
  { boxRows: 2, boxCols: 3, symmetry: 'rot180', flags: ['-s', '2x3'] },
  { boxRows: 2, boxCols: 2, symmetry: 'mirror', flags: ['-s', '2x2'] },
];
for (const s of shapes) {
  for (let seed = 1; seed <= Math.ceil(generateCount / shapes.length); seed++) {
    const index = seed % 3;
    const mine = nonet.generate({ seed, index, ...s });
    const theirs = nativeRecords([
      'generate', '--json', '--solution', '--seed', String(seed), '--from', String(index + 1), '-n', '1',
      '--symmetry', s.symmetry, ...s.flags,
    ]);
    compare(`generate ${s.boxRows}x${s.boxCols} ${s.flags.join(' ')} seed ${seed}`, [mine], theirs);
  }
}

// positionText: a position with marks reads back as itself
{
  const P = '7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........';
  const after = nonet.hint(P);
  const cells = [...after.result].map((c) => (c === '.' ? 0 : Number(c)));
  const marks = [];
  for (let c = 0; c < 81; c++) {
    let set = 0;
    for (let k = 0; k < 9; k++) if (after.marks[c * 9 + k] !== '.') set |= 1 << k;
    marks.push(set);
  }
  const back = nonet.read(positionText(3, 3, cells, marks))[0];
  check(back.status === 'ok' && back.marks === after.marks, 'positionText: marks read back');
  const four = nonet.read(positionText(2, 2, [1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1], null))[0];
  check(four.size === '2x2' && four.puzzle === '1.....1..1.....1', `positionText 4x4: ${JSON.stringify(four)}`);
  const six = nonet.read(positionText(3, 2, Array(36).fill(0), null))[0];
  check(six.size === '3x2', `positionText 6x6 as 3x2: ${six.size}`);
}
// a bad text: a record that says why, never a throw
{
  const bad = nonet.count('hello, this is not a puzzle\n');
  check(bad.length <= 1 && (bad.length === 0 || bad[0].status === 'error'), 'a text without a puzzle');
  const clash = nonet.count('11..............\n')[0];
  check(clash?.status === 'invalid' && /twice/.test(clash.message), `clues that clash: ${JSON.stringify(clash)}`);
}

console.log(`wasm: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
