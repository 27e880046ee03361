// The browser build's files, found once at start: the build does not change while the server runs.
// Only a request that names one of them goes through the static file handlers, so a page or data
// request costs no file system lookup.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The URL paths of the files under `root` ('/assets/a.js'), as express.static would serve them: hidden
 * files and folders left out.
 * @param {string} root
 * @returns {Set<string>}
 */
export function listFiles(root) {
  /** @type {Set<string>} */
  const files = new Set();
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else files.add(`/${path.relative(root, file).split(path.sep).join('/')}`);
    }
  };
  walk(root);
  return files;
}

/**
 * Middleware passing to `handler` only the GET and HEAD requests whose path is one of `files`; every
 * other request goes on to the next middleware at once.
 * @param {Set<string>} files
 * @param {import('express').RequestHandler} handler
 * @returns {import('express').RequestHandler}
 */
export function onlyFiles(files, handler) {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !files.has(decodedPath(req.path))) return next();
    return handler(req, res, next);
  };
}

/** @param {string} urlPath */
function decodedPath(urlPath) {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}
