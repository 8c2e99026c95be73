// bench.mjs - the WebAssembly build against the native one (make bench-web):
// counting to 2 on the benchmark sets, warm (best of 3 passes in one
// load), in Node; the native command's best of 3 runs beside it.
//   node tests/web/bench.mjs build/web/nonet.wasm build/nonet [SET...]
import { load } from '../../web/nonet.js';
import { readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';

const [wasmPath, native, ...given] = process.argv.slice(2);
const dataDir = ['../shared/data', 'bench/data'].find((d) => existsSync(d));
const sets = given.length
  ? given
  : ['puzzles2_17_clue', 'puzzles3_magictour_top1465'].map((s) => `${dataDir}/${s}`).filter(existsSync);

const nonet = await load(readFileSync(wasmPath));
const best = (runs) => Math.min(...runs);
const time = (fn) => {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e9;
};

console.log(`# ${cpus()[0].model}, Node ${process.version}; best of 3, one thread`);
console.log('set                              puzzles   wasm/s      native/s    wasm/native');
for (const file of sets) {
  const text = readFileSync(file, 'utf8');
  let n = 0;
  const wasm = best([0, 1, 2].map(() => time(() => (n = nonet.countLines(text, 2).split('\n').length - 1))));
  const nat = best([0, 1, 2].map(() => time(() => execFileSync(native, ['count', '-l', '2', '-j', '1', file]))));
  const name = file.split('/').pop().padEnd(32);
  console.log(`${name} ${String(n).padStart(7)} ${(n / wasm).toFixed(0).padStart(10)} ${(n / nat).toFixed(0).padStart(12)} ${(nat / wasm).toFixed(2).padStart(10)}`);
}
