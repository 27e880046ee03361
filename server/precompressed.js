// The browser build's precompressed copies (name.br, name.gz, from scripts/compress-assets.mjs) for
// browsers that accept them; anything else falls through to express.static. Only the files found at
// start are known, each by its exact path, so no request can name any other file.
import path from 'node:path';
import { listFiles } from './static-files.js';

/** Content codings by preference, with the suffix of their copies. */
const CODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/**
 * Middleware serving `root`'s precompressed copies. `cacheOf(urlPath)` gives the caching options of
 * the original file (express.static's `maxAge`, `immutable`), so that both answers are kept alike.
 */
export function precompressed(root, { cacheOf }) {
  /** '/assets/a.js' → the codings it has a copy in, best first. */
  const copies = new Map();
  for (const file of listFiles(root)) {
    const coding = CODINGS.find(([, suffix]) => file.endsWith(suffix));
    if (!coding) continue;
    const urlPath = file.slice(0, -coding[1].length);
    copies.set(urlPath, [...(copies.get(urlPath) ?? []), coding[0]]);
  }
  for (const [urlPath, codings] of copies) {
    copies.set(
      urlPath,
      CODINGS.map(([name]) => name).filter((name) => codings.includes(name)),
    );
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const codings = copies.get(req.path);
    if (!codings) return next();
    // Caches must keep the answers for different Accept-Encoding apart, the plain one included.
    res.vary('Accept-Encoding');
    // Our order, not the header's: browsers list gzip before br, with the same weight.
    const coding = codings.find((name) => req.acceptsEncodings(name) === name);
    if (!coding) return next();
    const suffix = CODINGS.find(([name]) => name === coding)[1];
    res.type(path.extname(req.path));
    res.set('Content-Encoding', coding);
    res.sendFile(`${req.path.slice(1)}${suffix}`, { root, ...cacheOf(req.path) }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
