// sw.js - nonet's service worker: the page's files, cache first, so that
// the page works offline after its first load. `make web` writes a hash of
// the page's files in place of "dev" below: a changed file is a new cache,
// and returning visitors get it (the old cache is deleted on activation).
const VERSION = 'nonet-dev';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'worker.js', 'nonet.js', 'nonet.wasm', 'icon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(VERSION).then((cache) =>
      // one by one: a file that is missing must not keep the others out
      Promise.all(FILES.map((f) => cache.add(f).catch(() => null))),
    ).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('nonet-') && k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(VERSION);
    // the page with any query (?p=... links) is the one page
    const hit = await cache.match(req, { ignoreSearch: true })
      || (req.mode === 'navigate' ? await cache.match('index.html') : undefined);
    if (hit) return hit;
    const res = await fetch(req);
    if (res.ok && res.type === 'basic') cache.put(req, res.clone()).catch(() => {});
    return res;
  })());
});
