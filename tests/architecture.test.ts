import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.join(dir, file));
}

type ImportRef = { specifier: string; typeOnly: boolean; resolved: string | null };

function importsOf(file: string): ImportRef[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const refs: ImportRef[] = [];
  const pattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[3] ?? match[4]!;
    const typeOnly = Boolean(match[2]);
    const resolved = specifier.startsWith('.') ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier)) : null;
    refs.push({ specifier, typeOnly, resolved });
  }
  return refs;
}

const topFolder = (resolved: string | null) => resolved?.split(path.sep)[0] ?? null;

describe('import rules between layers', () => {
  it('shared/ imports only zod and other shared/ files', () => {
    const offenders = sourceFiles('shared').flatMap((file) =>
      importsOf(file)
        .filter((ref) => (ref.resolved ? topFolder(ref.resolved) !== 'shared' : ref.specifier !== 'zod' && !ref.specifier.startsWith('zod/')))
        .map((ref) => `${file} -> ${ref.specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('server/ never imports client/', () => {
    const offenders = sourceFiles('server').flatMap((file) =>
      importsOf(file).filter((ref) => topFolder(ref.resolved) === 'client').map((ref) => `${file} -> ${ref.specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('client/ takes only types from server/', () => {
    const offenders = sourceFiles('client').flatMap((file) =>
      importsOf(file).filter((ref) => topFolder(ref.resolved) === 'server' && !ref.typeOnly).map((ref) => `${file} -> ${ref.specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('migrations/ import only kysely', () => {
    const offenders = sourceFiles('migrations').flatMap((file) =>
      importsOf(file).filter((ref) => ref.specifier !== 'kysely').map((ref) => `${file} -> ${ref.specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the rules catch a forbidden import (self-check of the scanner)', () => {
    const fake = 'shared/__probe__.ts';
    fs.writeFileSync(path.join(root, fake), "import { x } from '../client/app/paths';\nimport type { Y } from '../server/trpc/router';\n");
    try {
      const refs = importsOf(fake);
      expect(refs.map((ref) => topFolder(ref.resolved))).toEqual(['client', 'server']);
      expect(refs[1]!.typeOnly).toBe(true);
    } finally {
      fs.unlinkSync(path.join(root, fake));
    }
  });
});
