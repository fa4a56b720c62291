/**
 * The import rules of ../shared/guides/architecture.md (issue #12.7), one assertion per rule.
 * Imports are read with the TypeScript parser (static, dynamic, re-exports, `import type` and
 * inline `type` specifiers), from the files on disk; nothing is written into the source tree.
 *
 * Where today's code breaks a rule in another area, the break is listed in `knownBreaks` with
 * the reason; the rule then fails on any NEW break, and also when a listed one is gone, so the
 * list only shrinks.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) && !file.endsWith('.d.mts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .sort();
}

type ImportRef = {
  /** The file that imports, relative to the root (client/app/app.tsx). */
  file: string;
  specifier: string;
  /** Nothing of it is loaded at run time (import type, or only `type` specifiers). */
  typeOnly: boolean;
  /** Names taken (named imports; 'default' and '*' for those forms). */
  names: string[];
  /** Relative specifiers resolved against the root, without extension (server/trpc/router). */
  resolved: string | null;
};

/** Every import of one file's text; `file` only serves to resolve relative specifiers. */
function importsOf(file: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const refs: ImportRef[] = [];
  const add = (specifier: string, typeOnly: boolean, names: string[]) => {
    const resolved = specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.(ts|tsx|js|mjs)$/, '')
      : null;
    refs.push({ file, specifier, typeOnly, names, resolved });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      let allTypes = Boolean(clause?.isTypeOnly);
      if (clause && !clause.isTypeOnly) {
        if (clause.name) names.push('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings))
          names.push(...bindings.elements.map((element) => (element.propertyName ?? element.name).text));
        allTypes =
          !clause.name &&
          Boolean(bindings) &&
          ts.isNamedImports(bindings!) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((element) => element.isTypeOnly);
      } else if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        names.push(...clause.namedBindings.elements.map((element) => (element.propertyName ?? element.name).text));
      }
      add(node.moduleSpecifier.text, allTypes, names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((element) => (element.propertyName ?? element.name).text)
          : ['*'];
      add(node.moduleSpecifier.text, node.isTypeOnly, names);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, ['*']);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true, node.qualifier ? [node.qualifier.getText(source)] : ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return refs;
}

const allImports = (dir: string) =>
  sourceFiles(dir).flatMap((file) => importsOf(file, fs.readFileSync(path.join(root, file), 'utf8')));
const under = (resolved: string | null, folder: string) =>
  resolved !== null && (resolved === folder || resolved.startsWith(`${folder}/`));
const describeRef = (ref: ImportRef) => `${ref.file} imports '${ref.specifier}'${ref.typeOnly ? ' (type only)' : ''}`;
const isPackage = (ref: ImportRef, name: string) => ref.specifier === name || ref.specifier.startsWith(`${name}/`);

/**
 * The imports that close a cycle: both ends lie in one strongly connected component of the graph of `refs` (Tarjan's
 * algorithm), so each file of a cycle is named with the import that leads back round. A lazy import counts: it is
 * the same knot, loaded later. Whether type-only imports count is the caller's choice (filter `refs`).
 */
function cycleImports(refs: ImportRef[], files: string[]): string[] {
  const known = new Set(files);
  const target = (ref: ImportRef) =>
    ref.resolved === null
      ? null
      : ([`${ref.resolved}.ts`, `${ref.resolved}.tsx`, ref.resolved].find((file) => known.has(file)) ?? null);
  const edges = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const ref of refs) {
    const to = target(ref);
    if (to && edges.has(ref.file)) edges.get(ref.file)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let counter = 0;
  let components = 0;
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    for (const next of edges.get(file)!) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (!component.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      let member: string;
      do {
        member = stack.pop()!;
        component.set(member, components);
      } while (member !== file);
      components++;
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return refs
    .filter((ref) => {
      const to = target(ref);
      return to !== null && edges.has(ref.file) && component.get(to) === component.get(ref.file);
    })
    .map(describeRef);
}

/** Breaks of a rule that exist today in another area's files, each with why it is tolerated for now. */
const knownBreaks: Record<string, Record<string, string>> = {
  'process.env is read only in server/env.ts': {
    'server/tools/start.mjs':
      'the launcher: plain JavaScript run before anything is built, so it cannot import env.ts (docs/decisions/0017)',
  },
};

/**
 * The rendering layer's public names (issue #26.4, guide habit 19): pages, features and components use these two, and
 * put server-only values in `.server` modules; the rest of client/rendering/ is its own business.
 */
const renderingPublicNames: Record<string, string[]> = {
  'client/rendering/island': ['Island', 'LiveProps'],
  'client/rendering/server-content': ['ServerContent'],
};
/**
 * The shell that builds the page around the layer: the routes (lazy route chunks), the header and page meta (early
 * presses, the status and title a render reports). It may use more of the layer than features do.
 */
const renderingShell = ['client/app', 'client/layout'];
/**
 * The form kit (client/components/form, issue #26.1, docs/decisions/0041) is the one sanctioned consumer of three more
 * of the layer's names, each for a thing every form does and no form should wire by hand: the errors of a refused plain
 * post, read from the render context (useRenderContext); the mark that has the boot script hold a submit pressed before
 * hydration (EARLY_SUBMIT_ATTRIBUTE, ADR 0029); and the reset of a sent form to the server's own defaults
 * (resetToPristine). Forms themselves take these only through AppForm and useAppForm.
 */
const renderingFormKit = {
  folder: 'client/components/form',
  names: {
    'client/rendering/render-context': ['useRenderContext'],
    'client/rendering/early-clicks': ['EARLY_SUBMIT_ATTRIBUTE'],
    'client/rendering/pristine-values': ['resetToPristine'],
  } as Record<string, string[]>,
};
/** The layer's two entries: the browser's (hydrateRoot) and the server renderer's (render, prerenderPaths). */
const renderingEntries = ['client/rendering/main', 'client/rendering/entry-server'];

/** Compares a rule's offenders with its known breaks: new ones and stale entries both fail. */
function expectOnlyKnownBreaks(rule: string, offenders: string[]) {
  const known = knownBreaks[rule] ?? {};
  const offendingFiles = new Set(offenders.map((line) => line.split(' ')[0]!));
  const unexpected = offenders.filter((line) => !(line.split(' ')[0]! in known));
  const fixed = Object.keys(known).filter((file) => !offendingFiles.has(file));
  expect(unexpected, `New breaks of "${rule}":\n  ${unexpected.join('\n  ')}`).toEqual([]);
  expect(fixed, `No longer breaking "${rule}": remove from knownBreaks in tests/architecture.test.ts`).toEqual([]);
}

describe('shared/', () => {
  // libphonenumber-js: phone numbers in E.164 through a kept library, not a hand-written parser (ADR 0031).
  const rule =
    'shared/ imports only zod, libphonenumber-js and other shared/ files (no node: modules, no client/ or server/)';
  it(rule, () => {
    const offenders = allImports('shared')
      .filter((ref) =>
        ref.resolved ? !under(ref.resolved, 'shared') : !isPackage(ref, 'zod') && !isPackage(ref, 'libphonenumber-js'),
      )
      .map(describeRef);
    expectOnlyKnownBreaks(rule, offenders);
  });

  const phoneRule = 'only the server takes shared/phone (its metadata is too large for a client bundle, ADR 0031)';
  it(phoneRule, () => {
    const offenders = allImports('client')
      .filter((ref) => ref.resolved === 'shared/phone' && !ref.typeOnly)
      .map(describeRef);
    expectOnlyKnownBreaks(phoneRule, offenders);
  });
});

describe('client/', () => {
  const typeOnlyRule = 'client/ takes nothing from server/ at run time (import type only)';
  it(typeOnlyRule, () => {
    const offenders = allImports('client')
      .filter((ref) => under(ref.resolved, 'server') && !ref.typeOnly)
      .map(describeRef);
    expectOnlyKnownBreaks(typeOnlyRule, offenders);
  });

  const appRouterRule = 'client/ takes only the AppRouter type from server/, from server/trpc/router';
  it(appRouterRule, () => {
    const offenders = allImports('client')
      .filter(
        (ref) =>
          under(ref.resolved, 'server') &&
          (ref.resolved !== 'server/trpc/router' || ref.names.some((name) => name !== 'AppRouter')),
      )
      .map((ref) => `${describeRef(ref)}: ${ref.names.join(', ')}`);
    expectOnlyKnownBreaks(appRouterRule, offenders);
  });

  // components/, lib/, content/, rendering/ → features/ → layout/ (may compose features) → pages/ → app/ → entry files.
  // Two modules sit in later folders but are leaves that every layer reads, so they rank with
  // the base: app/paths (the guide: paths are built ONLY through it, Bulletproof's config/paths)
  // and layout/page-meta (a route's title). The rendering layer's two entries (the browser's and the server
  // renderer's) put the app together, so they rank last.
  const baseModules = ['client/app/paths', 'client/layout/page-meta'];
  const rank = (file: string): number | null => {
    if (baseModules.includes(file.replace(/\.(ts|tsx)$/, ''))) return 0;
    const folder = file.split('/')[1]!;
    if (renderingEntries.includes(file.replace(/\.(ts|tsx)$/, ''))) return 5;
    if (!file.slice('client/'.length).includes('/')) return 5;
    return (
      (
        {
          components: 0,
          lib: 0,
          content: 0,
          rendering: 0,
          styles: 0,
          assets: 0,
          features: 1,
          layout: 2,
          pages: 3,
          app: 4,
        } as Record<string, number>
      )[folder] ?? null
    );
  };
  const flowRule =
    'inside client/, imports flow one way: components/, lib/, content/ → features/ → layout/ → pages/ → app/';
  it(flowRule, () => {
    const offenders = allImports('client')
      .filter((ref) => under(ref.resolved, 'client') && !ref.typeOnly)
      .filter((ref) => {
        const from = rank(ref.file);
        const to = rank(ref.resolved!);
        return from === null || to === null || to > from;
      })
      .map(describeRef);
    expectOnlyKnownBreaks(flowRule, offenders);
  });

  const renderingRule =
    'outside the app shell and the form kit, client/ takes only Island and ServerContent (and their prop types) from client/rendering/';
  it(renderingRule, () => {
    const offenders = allImports('client')
      .filter((ref) => under(ref.resolved, 'client/rendering') && !under(ref.file, 'client/rendering'))
      .filter((ref) => !renderingShell.some((folder) => under(ref.file, folder)))
      .filter((ref) => {
        const allowed = [
          ...(renderingPublicNames[ref.resolved!] ?? []),
          ...((under(ref.file, renderingFormKit.folder) && renderingFormKit.names[ref.resolved!]) || []),
        ];
        return ref.names.some((name) => !allowed.includes(name));
      })
      .map((ref) => `${describeRef(ref)}: ${ref.names.join(', ')}`);
    expectOnlyKnownBreaks(renderingRule, offenders);
  });

  const featuresRule = 'features do not import each other (app/ or layout/ composes them)';
  it(featuresRule, () => {
    const feature = (file: string) => (file.startsWith('client/features/') ? file.split('/')[2] : null);
    const offenders = allImports('client/features')
      .filter((ref) => ref.resolved && feature(ref.resolved) && feature(ref.resolved) !== feature(ref.file))
      .map(describeRef);
    expectOnlyKnownBreaks(featuresRule, offenders);
  });
  // A cycle ties its files into one unit that cannot be read, tested or split apart alone (the staff app's context and
  // shell were one such knot, issue #26.5). At run time no cycle anywhere in client/; in features/, not even of types,
  // as a feature's parts take their context's types from the context module, not from the shell.
  const cycleRule = 'inside client/, no import cycles at run time (type-only imports aside)';
  it(cycleRule, () => {
    const refs = allImports('client').filter((ref) => !ref.typeOnly);
    expectOnlyKnownBreaks(cycleRule, cycleImports(refs, sourceFiles('client')));
  });

  const featureCycleRule = 'inside client/features/, no import cycles, type-only imports included';
  it(featureCycleRule, () => {
    expectOnlyKnownBreaks(
      featureCycleRule,
      cycleImports(allImports('client/features'), sourceFiles('client/features')),
    );
  });
});

describe('server/', () => {
  const clientRule = 'server/ never imports client/';
  it(clientRule, () => {
    const offenders = allImports('server')
      .filter((ref) => under(ref.resolved, 'client'))
      .map(describeRef);
    expectOnlyKnownBreaks(clientRule, offenders);
  });

  const dataRule = 'server/data/ depends only on server/db/ (and shared/ types)';
  it(dataRule, () => {
    const offenders = allImports('server/data')
      .filter(
        (ref) =>
          ref.resolved &&
          !under(ref.resolved, 'server/data') &&
          !under(ref.resolved, 'server/db') &&
          !(under(ref.resolved, 'shared') && ref.typeOnly),
      )
      .map(describeRef);
    expectOnlyKnownBreaks(dataRule, offenders);
  });

  // Tools that start the real stack in-process are the composition roots of their own programs.
  const compositionRoots = ['server/app.ts', 'server/index.ts'];
  it('only app.ts, index.ts and tests import chat/', () => {
    const rule = 'only app.ts, index.ts and tests import chat/';
    const offenders = allImports('server')
      .filter(
        (ref) =>
          under(ref.resolved, 'server/chat') && !under(ref.file, 'server/chat') && !compositionRoots.includes(ref.file),
      )
      .map(describeRef);
    expectOnlyKnownBreaks(rule, offenders);
  });

  // Issue #26.2: imports run one way, down from trpc/ to the feature folders (auth/, forms/, staff/, chat/, mail/, …).
  // A feature that takes even a type from trpc/ ties itself to the HTTP layer and closes a cycle (trpc/ ↔ staff/ did);
  // the services and the signed-in user's type live in server/services.ts and server/auth/session.ts instead.
  const backImportRule = 'nothing outside server/trpc imports it, types included, except server/app.ts';
  it(backImportRule, () => {
    const offenders = allImports('server')
      .filter(
        (ref) => under(ref.resolved, 'server/trpc') && !under(ref.file, 'server/trpc') && ref.file !== 'server/app.ts',
      )
      .map(describeRef);
    expectOnlyKnownBreaks(backImportRule, offenders);
  });

  const envRule = 'process.env is read only in server/env.ts';
  it(envRule, () => {
    // Passing the whole environment on to a child process (...process.env) is not a read of a setting.
    const offenders = ['client', 'server', 'shared']
      .flatMap(sourceFiles)
      .filter((file) => file !== 'server/env.ts')
      .flatMap((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            /process\.env\b(?!\s*[,}\n])/.test(line.replace(/\.\.\.process\.env\b/g, ''))
              ? [`${file} line ${index + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expectOnlyKnownBreaks(envRule, offenders);
  });
});

describe('server-only content', () => {
  // Server-only parts live in *.server.ts(x) modules (stubbed in the browser's build, docs/rendering.md §3); the
  // compile-time flag is left only where the two sides of one component differ: ServerContent and Island.
  const ssrRule = 'import.meta.env.SSR appears only in ServerContent and Island (else use a .server module)';
  const allowed = ['client/rendering/server-content.tsx', 'client/rendering/island.tsx'];
  it(ssrRule, () => {
    const offenders = ['client', 'shared']
      .flatMap(sourceFiles)
      .filter((file) => !allowed.includes(file))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            /import\.meta\.env\.SSR\b/.test(line) ? [`${file} line ${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expectOnlyKnownBreaks(ssrRule, offenders);
  });
});

describe('migrations/', () => {
  // The dialect module (issue #16) is where the engines differ; it imports only kysely itself, and its SQLite output is
  // pinned by tests/server/db/sqlite-schema.test.ts, so the migrations stay frozen in time.
  const rule = 'migrations/ import only kysely and server/db/dialect (frozen in time)';
  it(rule, () => {
    const offenders = allImports('migrations')
      .filter((ref) => ref.specifier !== 'kysely' && ref.resolved !== 'server/db/dialect')
      .map(describeRef);
    expectOnlyKnownBreaks(rule, offenders);
  });

  const dialectRule = 'server/db/dialect imports only kysely';
  it(dialectRule, () => {
    const offenders = allImports('server/db')
      .filter((ref) => ref.file === 'server/db/dialect.ts' && ref.specifier !== 'kysely')
      .map(describeRef);
    expectOnlyKnownBreaks(dialectRule, offenders);
  });
});

describe('the import scanner (self-check, in memory)', () => {
  it('sees static, dynamic, re-exported and type-only imports, resolved from the importing file', () => {
    const refs = importsOf(
      'shared/probe.ts',
      [
        "import { x } from '../client/app/paths';",
        "import type { AppRouter } from '../server/trpc/router';",
        "import { type Y, type Z } from '../server/db/schema';",
        "import fs from 'node:fs';",
        "export { w } from './brand';",
        'const later = () => import(\n  "../server/app"\n);',
        "type T = import('../server/env').Env;",
      ].join('\n'),
    );
    expect(refs.map((ref) => [ref.resolved ?? ref.specifier, ref.typeOnly])).toEqual([
      ['client/app/paths', false],
      ['server/trpc/router', true],
      ['server/db/schema', true],
      ['node:fs', false],
      ['shared/brand', false],
      ['server/app', false],
      ['server/env', true],
    ]);
    expect(refs[1]!.names).toEqual(['AppRouter']);
    expect(refs[2]!.names).toEqual(['Y', 'Z']);
  });

  it('finds the imports that close a cycle, and none in a one-way chain', () => {
    const refs = [
      ...importsOf('client/a.tsx', "import { b } from './b';\nimport { d } from './d';"),
      ...importsOf('client/b.ts', "import type { C } from './c';"),
      ...importsOf('client/c.tsx', "const a = () => import('./a');"),
      ...importsOf('client/d.ts', "import { e } from './e';"),
    ];
    const files = ['client/a.tsx', 'client/b.ts', 'client/c.tsx', 'client/d.ts', 'client/e.ts'];
    expect(cycleImports(refs, files)).toEqual([
      "client/a.tsx imports './b'",
      "client/b.ts imports './c' (type only)",
      "client/c.tsx imports './a'",
    ]);
  });

  it('a known break that is fixed fails the rule until it is removed from the list', () => {
    knownBreaks['probe rule'] = { 'server/fixed.ts': 'test' };
    try {
      expect(() => expectOnlyKnownBreaks('probe rule', [])).toThrow(/remove from knownBreaks/);
      expect(() => expectOnlyKnownBreaks('probe rule', ['server/new.ts imports x'])).toThrow(/New breaks/);
    } finally {
      delete knownBreaks['probe rule'];
    }
  });
});
