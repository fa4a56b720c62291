/**
 * Links into the docs hold (issue #26.7): every decision record named from code, the README or the docs exists (a
 * comment once linked to one that never did), and the README's map of the server names every folder under server/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const decisionsDir = path.join(root, 'docs/decisions');
const searched = ['client', 'server', 'shared', 'migrations', 'tests', 'docs', '.ci'];
const searchedFiles = ['README.md', 'package.json', 'vite.config.ts', 'tsconfig.json'];
const textFile = /\.(ts|tsx|mts|mjs|js|json|md|css|html)$/;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => textFile.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(dir, file));
}

const decisionFiles = fs.readdirSync(decisionsDir).filter((file) => /^\d{4}-.+\.md$/.test(file));
const decisionNumbers = new Set(decisionFiles.map((file) => file.slice(0, 4)));

type Reference = { from: string; to: string; exists: boolean };

/**
 * `docs/decisions/NNNN-name.md` must be that file; `docs/decisions/NNNN` and `ADR NNNN` a record with that number; a
 * Markdown link to `NNNN-name.md` that file beside the linking one.
 */
function decisionReferences(file: string, text: string): Reference[] {
  const from = path.relative(root, file);
  const found: Reference[] = [];
  for (const [, name] of text.matchAll(/docs\/decisions\/(\d{4}-[a-z0-9-]+\.md)/g))
    found.push({ from, to: name!, exists: decisionFiles.includes(name!) });
  for (const [, number] of text.matchAll(/docs\/decisions\/(\d{4})(?![\d-])/g))
    found.push({ from, to: `record ${number}`, exists: decisionNumbers.has(number!) });
  for (const [, number] of text.matchAll(/\bADRs? (\d{4})\b/g))
    found.push({ from, to: `ADR ${number}`, exists: decisionNumbers.has(number!) });
  for (const [, link] of text.matchAll(/\]\((?:\.\/)?([^)\s/]*\d{4}-[a-z0-9-]+\.md)\)/g))
    found.push({ from, to: link!, exists: fs.existsSync(path.join(path.dirname(file), link!)) });
  return found;
}

describe('docs references', () => {
  const files = [
    ...searched.flatMap((dir) => filesUnder(path.join(root, dir))),
    ...searchedFiles.map((f) => path.join(root, f)),
  ];

  it('every decision record referenced from code, the README or the docs exists', () => {
    const references = files.flatMap((file) => decisionReferences(file, fs.readFileSync(file, 'utf8')));
    // The search itself works: the records are referenced many times over.
    expect(references.length).toBeGreaterThan(50);
    expect(references.filter((ref) => !ref.exists).map((ref) => `${ref.from} → ${ref.to}`)).toEqual([]);
  });

  it('a reference to a record that does not exist is caught', () => {
    const file = path.join(root, 'server/example.ts');
    // Written in pieces, so that this file's own text names no missing record.
    const [records, adr] = ['docs/decisions', 'ADR'];
    const missing = decisionReferences(file, `// see ${records}/9998-nowhere.md, ${records}/9999 and ${adr} 9997`);
    expect(missing.map((ref) => ref.exists)).toEqual([false, false, false]);
    expect(decisionReferences(file, `// see docs/decisions/${decisionFiles[0]}`)[0]?.exists).toBe(true);
  });

  it("the README's map lists every folder under server/", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const map = readme.slice(readme.indexOf('\nserver/ '), readme.indexOf('\nshared/ '));
    const listed = [...map.matchAll(/^ {2}([a-z-]+)\/ /gm)].map(([, folder]) => folder);
    const folders = fs
      .readdirSync(path.join(root, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((folder) => !listed.includes(folder))).toEqual([]);
  });
});
