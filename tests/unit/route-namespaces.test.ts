// Every route declares in `handle.i18n` the namespaces that it and what it renders use: the server and
// the browser load only those for a page (ADR 036), so an undeclared one would show bare keys. A route
// may rely on its parents' namespaces (the root's 'common'); what a layout renders must be in the
// layout's own handle, since every page under it shows it.
//
// What a route renders is followed through its imports, export by export (importing one small part of a
// large module does not bring the namespaces of the rest). Server modules are left out: loaders and
// actions translate with every namespace (`translator`), and a key they hand to the page belongs to a
// form or list the route shows.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
// Remix's own reading of app/routes: the same ids, parents and files as the build.
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isNamespace, NAMESPACES, routeNamespaces, type Namespace } from '~/i18n';

const APP = path.resolve(import.meta.dirname, '../../app');
const routes = flatRoutes(APP, ['**/*.test.{ts,tsx}', '**/*.server.ts', '**/.*']);

const quoted = (list: string) => [...list.matchAll(/['"`]([\w-]+)['"`]/g)].map((match) => match[1]!);

/** The namespaces a piece of code uses itself: `useTranslation('ns')` and keys written as 'ns:key'. */
function namespacesUsedIn(code: string): Set<Namespace> {
  const used = new Set<Namespace>();
  for (const [, list] of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) {
    for (const name of quoted(list!)) if (isNamespace(name)) used.add(name);
  }
  for (const [, name] of code.matchAll(/['"`]([a-z]+):[\w$]/g)) if (isNamespace(name)) used.add(name);
  return used;
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('~/')
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** One top-level statement: the names it declares, the names it refers to, the namespaces it uses. */
interface Part {
  names: string[];
  refs: Set<string>;
  used: Set<Namespace>;
}

interface Module {
  parts: Part[];
  /** Local name → where it comes from (the module and the name there; '*' for all of it). */
  imports: Map<string, { file: string; name: string }>;
  /** Exported name → where it is re-exported from. */
  reexports: Map<string, { file: string; name: string }>;
}

const modules = new Map<string, Module>();

function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
    );
  }
  const named = statement as ts.Statement & { name?: ts.Node };
  const isDefault =
    ts.canHaveModifiers(statement) &&
    ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
  const names = named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
  return isDefault ? [...names, 'default'] : names;
}

function moduleAt(file: string): Module {
  const known = modules.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Module = { parts: [], imports: new Map(), reexports: new Map() };
  modules.set(file, found);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
      const specifier = statement.moduleSpecifier;
      const target = specifier && ts.isStringLiteral(specifier) ? resolveImport(file, specifier.text) : null;
      // Server modules never reach the browser.
      if (!target || /\.server\.tsx?$/.test(target)) continue;
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        if (clause?.name) found.imports.set(clause.name.text, { file: target, name: 'default' });
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) {
          found.imports.set(bindings.name.text, { file: target, name: '*' });
        } else if (bindings) {
          for (const element of bindings.elements) {
            const name = (element.propertyName ?? element.name).text;
            found.imports.set(element.name.text, { file: target, name });
          }
        }
      } else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          const name = (element.propertyName ?? element.name).text;
          found.reexports.set(element.name.text, { file: target, name });
        }
      }
      continue;
    }
    const refs = new Set<string>();
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node)) refs.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(statement);
    // getText() leaves out the comments before a statement; those inside may quote keys as examples.
    const code = statement
      .getText(source)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|\s)\/\/.*$/gm, '$1');
    found.parts.push({ names: declaredNames(statement), refs, used: namespacesUsedIn(code) });
  }
  return found;
}

/** The namespaces `name` of `file` ('*': the whole module) uses, with where each is used. */
function namespacesOf(file: string, name: string, seen = new Set<string>()): Map<Namespace, string> {
  const found = new Map<Namespace, string>();
  const key = `${file}#${name}`;
  if (seen.has(key)) return found;
  seen.add(key);
  const module = moduleAt(file);
  const add = (more: Map<Namespace, string>) => {
    for (const [namespace, where] of more) if (!found.has(namespace)) found.set(namespace, where);
  };
  const reexport = module.reexports.get(name);
  if (reexport) return namespacesOf(reexport.file, reexport.name, seen);
  if (name === '*') for (const exported of module.reexports.keys()) add(namespacesOf(file, exported, seen));
  // Statements that declare nothing run whenever the module loads.
  const parts = module.parts.filter(
    (part) => name === '*' || part.names.length === 0 || part.names.includes(name),
  );
  for (const part of parts) {
    for (const namespace of part.used)
      if (!found.has(namespace)) found.set(namespace, path.relative(APP, file));
    for (const ref of part.refs) {
      if (part.names.includes(ref)) continue;
      const imported = module.imports.get(ref);
      if (imported) add(namespacesOf(imported.file, imported.name, seen));
      else if (module.parts.some((other) => other.names.includes(ref))) add(namespacesOf(file, ref, seen));
    }
  }
  return found;
}

const fileOf = (id: string) => path.join(APP, id === 'root' ? 'root.tsx' : routes[id]!.file);

/** What the route's `handle.i18n` declares (its own or the one it re-exports; nothing when none). */
function declaredIn(file: string): string[] {
  const reexported = moduleAt(file).reexports.get('handle');
  if (reexported) return declaredIn(reexported.file);
  const match = /export const handle\s*=\s*\{\s*i18n:\s*(\[[^\]]*\]|'[^']*')/.exec(
    readFileSync(file, 'utf8'),
  );
  return match ? quoted(match[1]!) : [];
}

const parentOf = (id: string) => (id === 'root' ? undefined : (routes[id]!.parentId ?? 'root'));
const isLayout = (id: string) => id === 'root' || Object.keys(routes).some((other) => parentOf(other) === id);

/** The namespaces a page of this route has: its own and its parents' (up to the root). */
function available(id: string): Set<string> {
  const parent = parentOf(id);
  return new Set([...declaredIn(fileOf(id)), ...(parent ? available(parent) : [])]);
}

/** A layout shows on every page under it: what it uses is in its own handle, not a child's. */
const allowed = (id: string) => (isLayout(id) ? new Set(declaredIn(fileOf(id))) : available(id));

/** A resource route (no component: downloads, exports) renders nothing. */
const rendersPage = (id: string) => moduleAt(fileOf(id)).parts.some((part) => part.names.includes('default'));

/** What a route's page uses that its handle (and its parents') does not declare. */
function undeclared(id: string): string[] {
  if (!rendersPage(id)) return [];
  return [...namespacesOf(fileOf(id), '*')]
    .filter(([namespace]) => !allowed(id).has(namespace))
    .map(([namespace, where]) => `${namespace} (used in ${where})`);
}

const routeIds = ['root', ...Object.keys(routes)].sort();

describe('route namespaces', () => {
  it('reads the namespaces a piece of code uses', () => {
    const code = `const { t } = useTranslation('shipping'); t('finance:loans.title'); t(\`billing:\${key}\`);`;
    expect([...namespacesUsedIn(code)].sort()).toEqual(['billing', 'finance', 'shipping']);
    expect([...namespacesUsedIn(`useTranslation(['auth', "pages"])`)].sort()).toEqual(['auth', 'pages']);
    expect([...namespacesUsedIn(`const url = 'https://example.com'; t('menu.loans');`)]).toEqual([]);
  });

  it('gathers the handles of the matched routes, common first, each namespace once', () => {
    expect(
      routeNamespaces([
        { i18n: ['common'] },
        undefined,
        { i18n: 'finance' },
        { i18n: ['billing', 'finance', 'x'] },
      ]),
    ).toEqual(['common', 'finance', 'billing']);
    expect(routeNamespaces([])).toEqual(['common']);
  });

  it('follows only the parts of a module a route imports', () => {
    // TabLinks comes from a module whose other parts use 'catalog' and 'shipping'; it uses neither.
    const orderParts = path.join(APP, 'components/shipping/order-parts.tsx');
    expect([...namespacesOf(orderParts, 'TabLinks').keys()]).toEqual([]);
    expect([...namespacesOf(orderParts, 'OrderStatusChip').keys()]).toEqual(['catalog']);
    expect([...namespacesOf(orderParts, '*').keys()].sort()).toEqual(['catalog', 'shipping']);
    // The second sign-in design re-exports the first one's handle and shows the same form.
    expect(declaredIn(fileOf('routes/auth.login2'))).toEqual(declaredIn(fileOf('routes/auth.login')));
    expect([...namespacesOf(fileOf('routes/auth.login2'), '*').keys()]).toContain('auth');
  });

  it('finds every route file, layouts included', () => {
    expect(routeIds).toContain('routes/_portal.apps.loans._index');
    expect(routeIds.length).toBeGreaterThan(90);
    expect(isLayout('routes/_portal')).toBe(true);
    expect(isLayout('routes/_portal.apps.loans._index')).toBe(false);
  });

  it.each(routeIds)('%s declares every namespace its page uses', (id) => {
    for (const name of declaredIn(fileOf(id))) expect(NAMESPACES, `${id}: unknown namespace`).toContain(name);
    expect(undeclared(id), `${id} uses namespaces its handle does not declare`).toEqual([]);
  });
});
