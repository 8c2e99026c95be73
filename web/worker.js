// worker.js - nonet's Web Worker (a module worker): every call into the
// library runs here, never on the page's thread. Messages: web/README.md.
import { load } from './nonet.js';

const ready = load(new URL('nonet.wasm', import.meta.url).href);
let queue = Promise.resolve();

function answer(msg, nonet) {
  const { id, op } = msg;
  switch (op) {
    case 'about':
      return { id, about: nonet.about() };
    case 'read':
      return { id, records: nonet.read(msg.text) };
    case 'count':
      return { id, records: nonet.count(msg.text, msg.limit ?? 2) };
    case 'rate':
      return { id, records: nonet.rate(msg.text, msg.ceiling ?? 0) };
    case 'hint':
      return { id, records: nonet.hint(msg.text, msg.level ?? 0) };
    case 'svg':
      return { id, svg: nonet.svg(msg.request) };
    case 'explain':
      return {
        id,
        records: nonet.explain(msg.text, (steps) => postMessage({ id, progress: { steps } })),
      };
    case 'generate': {
      const opts = {
        seed: msg.seed,
        index: msg.index ?? 0,
        boxRows: msg.boxRows ?? 3,
        boxCols: msg.boxCols ?? 3,
        symmetry: msg.symmetry ?? 'rot180',
      };
      if (msg.level) opts.level = msg.level;
      else {
        opts.min = msg.min ?? 0;
        opts.max = msg.max ?? 0;
      }
      return { id, records: nonet.generate(opts) };
    }
    case 'needs':
      return {
        id,
        records: nonet.needs({
          technique: msg.technique,
          seed: msg.seed,
          index: msg.index ?? 0,
          hardest: !!msg.hardest,
        }),
      };
    default:
      return { id, error: `unknown op ${op}` };
  }
}

self.onmessage = (e) => {
  const msg = e.data || {};
  // One request at a time, in order of arrival.
  queue = queue.then(async () => {
    let reply;
    try {
      const nonet = await ready;
      reply = answer(msg, nonet);
      if ('records' in reply) {
        const r = await reply.records;
        reply.records = Array.isArray(r) ? r : [r];
      }
      if (reply.about) reply.about = await reply.about;
    } catch (err) {
      reply = { id: msg.id, error: String((err && err.message) || err) };
    }
    postMessage(reply);
  });
};
