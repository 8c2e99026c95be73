// nonet.js - libnonet compiled to WebAssembly (nonet.wasm), as a
// JavaScript module for the page's worker and for Node. The C side is
// web/api.h: text in, the library's JSON records out (web/README.md).

const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// wasi-libc's start-up asks for the environment; the library neither
// prints nor opens files, so every other WASI call answers ENOSYS.
function wasiImports(memory) {
  const ENOSYS = 52;
  const known = {
    environ_sizes_get(count, size) {
      const view = new DataView(memory().buffer);
      view.setUint32(count, 0, true);
      view.setUint32(size, 0, true);
      return 0;
    },
    environ_get() {
      return 0;
    },
    proc_exit(code) {
      throw new Error(`nonet.wasm exited with status ${code}`);
    },
  };
  return new Proxy(known, {
    get: (target, name) => target[name] ?? (() => ENOSYS),
  });
}

async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const response = typeof Response !== 'undefined' && source instanceof Response ? source : await fetch(source);
  if (!response.ok) throw new Error(`cannot load nonet.wasm: ${response.status} ${response.statusText}`);
  if (WebAssembly.compileStreaming && response.headers.get('content-type') === 'application/wasm')
    return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

// The library, ready: source is nonet.wasm as a URL, a Response, its
// bytes or a compiled WebAssembly.Module.
export async function load(source) {
  const module = await compile(source);
  let exports = null;
  const instance = await WebAssembly.instantiate(module, {
    wasi_snapshot_preview1: wasiImports(() => exports.memory),
  });
  exports = instance.exports;
  exports._initialize?.();
  return new Nonet(exports);
}

export class Nonet {
  #x;
  #w;
  #about = null;

  constructor(exports) {
    this.#x = exports;
    this.#w = exports.nw_new();
    if (!this.#w) throw new Error('nonet: out of memory');
  }

  // The input text into the library's buffer; its length in bytes.
  #put(text) {
    const bytes = encoder.encode(String(text));
    const at = this.#x.nw_input(this.#w, bytes.length);
    if (!at) throw new Error('nonet: out of memory');
    new Uint8Array(this.#x.memory.buffer, at, bytes.length).set(bytes);
    return bytes.length;
  }

  #text(at) {
    if (!at) throw new Error('nonet: out of memory');
    const memory = new Uint8Array(this.#x.memory.buffer);
    const end = memory.indexOf(0, at);
    return decoder.decode(memory.subarray(at, end));
  }

  #records(at) {
    return this.#text(at)
      .split('\n')
      .filter((line) => line)
      .map((line) => JSON.parse(line));
  }

  // Text that is never empty: an empty input would mean "go on" to
  // nw_explain, and reads as no puzzle anywhere.
  #input(text) {
    return this.#put(text === '' ? '\n' : text);
  }

  read(text) {
    return this.#records(this.#x.nw_read(this.#w, this.#input(text)));
  }

  count(text, limit = 2) {
    return this.#records(this.#x.nw_count(this.#w, this.#input(text), limit >>> 0));
  }

  // One line a puzzle, as `nonet count -l limit` prints: "1", "2+", "0
  // invalid", "error".
  countLines(text, limit = 2) {
    return this.#text(this.#x.nw_count_lines(this.#w, this.#input(text), limit >>> 0));
  }

  rate(text, ceiling = 0) {
    return this.#records(this.#x.nw_rate(this.#w, this.#input(text), ceiling | 0));
  }

  // The next step's record; with a level (1 to 3: the technique and where
  // to look, the pattern's cells, the move) also its "hint" at that level
  // (nw_hint_level: nonet_step_hint_json's object, its words in "text").
  hint(text, level) {
    const input = this.#input(text);
    const at = level ? this.#x.nw_hint_level(this.#w, input, level | 0) : this.#x.nw_hint(this.#w, input);
    return this.#records(at)[0] ?? null;
  }

  // The whole path; onProgress(steps) after every few rounds.
  explain(text, onProgress) {
    let at = this.#x.nw_explain(this.#w, this.#input(text), 1);
    while (!at) {
      const steps = this.#x.nw_progress(this.#w);
      if (steps < 0) throw new Error('nonet: out of memory');
      onProgress?.(steps);
      at = this.#x.nw_explain(this.#w, 0, 4);
    }
    return this.#records(at)[0] ?? null;
  }

  // The library's drawing (nonet_step_svg) of a position and, if given,
  // a step found in it: request {size, cells, marks, givens, step, id,
  // level} (web/api.h, nw_svg; step as hint or explain gave it; level 1 or
  // 2: the step as a hint at that level tells it, nothing it concludes
  // drawn). The SVG
  // document's text; throws with the library's reason when it cannot be
  // drawn.
  svg(request) {
    const text = this.#text(this.#x.nw_svg(this.#w, this.#put(JSON.stringify(request))));
    if (!text.startsWith('<svg')) throw new Error(`nonet: ${JSON.parse(text).message}`);
    return text;
  }

  about() {
    if (!this.#about) this.#about = JSON.parse(this.#text(this.#x.nw_about(this.#w)));
    return this.#about;
  }

  // A puzzle of (seed, index), as `nonet generate --seed seed --from
  // index+1`: level (a name of about().levels) or min/max ratings in
  // tenths, symmetry by name.
  generate({ seed, index = 0, boxRows = 3, boxCols = 3, symmetry = 'rot180', level, min = 0, max = 0 } = {}) {
    const about = this.about();
    const sym = about.symmetries.indexOf(symmetry);
    if (sym < 0) throw new Error(`nonet: unknown symmetry "${symmetry}"`);
    if (level) {
      const found = about.levels.find((l) => l.name === String(level).toLowerCase());
      if (!found) throw new Error(`nonet: unknown level "${level}"`);
      ({ min, max } = found);
    }
    const at = this.#x.nw_generate(this.#w, Number(seed), index >>> 0, boxRows, boxCols, sym, min, max);
    return this.#records(at)[0] ?? null;
  }

  // A 9x9 puzzle whose solving path needs a technique (nw_needs, `nonet
  // generate --needs NAME --position --json --solution`): technique a name
  // of about().techniques, hardest to make it the hardest step. The
  // record has "puzzle", "solution", the rating fields, "result" and
  // "marks" (the position just before the technique is first needed),
  // "technique", "as_hardest" and "rounds"; an error record (its
  // "message") when the name is unknown or no puzzle was found.
  needs({ technique, seed, index = 0, hardest = false } = {}) {
    const at = this.#x.nw_needs(this.#w, this.#put(String(technique ?? '')), Number(seed), index >>> 0, hardest ? 1 : 0);
    return this.#records(at)[0] ?? null;
  }
}

// A position as text the reader takes: a size line, then the one-line
// form of cells (n*n digits, 0 blank), or, with marks (n*n bit sets, bit
// d-1 for digit d), the pencil-mark form (n symbols a cell).
export function positionText(boxRows, boxCols, cells, marks) {
  const n = boxRows * boxCols;
  let line = '';
  for (let c = 0; c < n * n; c++) {
    const d = cells[c];
    if (!marks) {
      line += d ? SYMBOLS[d - 1] : '.';
      continue;
    }
    for (let k = 1; k <= n; k++) line += (d ? d === k : (marks[c] >> (k - 1)) & 1) ? SYMBOLS[k - 1] : '.';
  }
  return `${boxRows}x${boxCols}\n${line}\n`;
}
