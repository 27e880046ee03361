// What the browser downloads, from the client build: gzip bytes of the JavaScript every page loads
// (entry + root), of each route's own module, of everything a given page loads, and — from hidden
// source maps — which libraries the every-page JavaScript is made of.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** Library groups, in the order they are matched against a source file's path. */
const GROUPS = [
  ['React and React DOM', /node_modules\/(react-dom|react|scheduler)\//],
  ['Remix and React Router', /node_modules\/(@remix-run|react-router|react-router-dom|turbo-stream)\//],
  ['Joy UI and MUI system', /node_modules\/@mui\//],
  ['i18next and react-i18next', /node_modules\/(i18next|react-i18next)\//],
  ['Emotion and stylis', /node_modules\/(@emotion|stylis|hoist-non-react-statics|react-is)\//],
  ['right to left (cssjanus)', /node_modules\/(cssjanus|stylis-plugin-rtl)\//],
  ['zod', /node_modules\/zod\//],
  ["the portal's own code", /(^|\/)app\//],
];

export function readManifest(clientDir) {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  return JSON.parse(
    readFileSync(path.join(assets, file), 'utf8')
      .replace(/^window.__remixManifest=/, '')
      .replace(/;$/, ''),
  );
}

export function jsShipped(clientDir) {
  const manifest = readManifest(clientDir);
  const gz = (file) => gzipSync(readFileSync(path.join(clientDir, file))).length;
  const initial = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const file of [manifest.routes.root.module, ...(manifest.routes.root.imports ?? [])])
    initial.add(file);
  const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0);
  /** Everything a page for this route chain loads, the every-page JavaScript included. */
  const page = (routeIds) => {
    const files = new Set(initial);
    for (const id of routeIds) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`no route ${id} in the build`);
      for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
    }
    return sum(files);
  };
  const routes = Object.values(manifest.routes)
    .filter((route) => route.id !== 'root')
    .map((route) => ({ id: route.id, bytes: gz(route.module) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { initial: sum(initial), routes, page, libraries: () => libraries(clientDir, [...initial]) };
}

/** gzip bytes per library group in these files, each group's minified text gzipped on its own. */
function libraries(clientDir, files) {
  const { SourceMapConsumer } = require('source-map-js');
  const text = new Map();
  for (const file of files) {
    const full = path.join(clientDir, file);
    const lines = readFileSync(full, 'utf8').split('\n');
    const consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${full}.map`, 'utf8')));
    let previous = null;
    const add = (source, line, from, to) => {
      const group = GROUPS.find(([, pattern]) => pattern.test(source ?? ''))?.[0] ?? 'other';
      text.set(group, (text.get(group) ?? '') + lines[line - 1].slice(from, to));
    };
    consumer.eachMapping((mapping) => {
      if (previous) {
        const end = previous.line === mapping.generatedLine ? mapping.generatedColumn : undefined;
        add(previous.source, previous.line, previous.column, end);
      }
      previous = { line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source };
    });
    if (previous) add(previous.source, previous.line, previous.column);
  }
  return [...text]
    .map(([group, code]) => ({ group, bytes: gzipSync(code).length }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** The hidden source maps are for this measure only: never left where the server would give them out. */
export function removeSourceMaps(clientDir) {
  const assets = path.join(clientDir, 'assets');
  for (const name of readdirSync(assets)) if (name.endsWith('.map')) rmSync(path.join(assets, name));
}
