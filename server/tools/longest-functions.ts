/**
 * `npm run report:functions [-- --most N] [folder…]`: the longest functions in the source, by lines from the start of
 * the declaration to its closing brace. The structure reviews (issue #26) compare this list before and after a move of
 * code, so it is a command anyone can run rather than a number someone once counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

interface FunctionLength {
  file: string;
  name: string;
  line: number;
  lines: number;
}

const args = process.argv.slice(2);
const mostAt = args.indexOf('--most');
const most = mostAt >= 0 ? Number(args[mostAt + 1]) : 5;
const folders = args.filter((arg, index) => !arg.startsWith('--') && (mostAt < 0 || index !== mostAt + 1));
const roots = folders.length ? folders : ['client', 'server', 'shared'];

// The plain-JavaScript modules (server/tools/*.mjs, run before a build exists) are source too; declarations are not.
const isSource = (file: string) => /\.[cm]?[jt]sx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file);

/** The source files under a folder, or the file itself when one is named. */
const sourceFiles = (root: string): string[] =>
  fs.statSync(root).isFile()
    ? [root]
    : fs
        .readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter(isSource)
        .map((file) => path.join(root, file));

/** A readable name for a function node: its own, or the variable, property or method it is assigned to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

function measure(file: string): FunctionLength[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: nameOf(node, source), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const all = roots.flatMap(sourceFiles).flatMap(measure);
all.sort((a, b) => b.lines - a.lines);
for (const entry of all.slice(0, most))
  console.log(`${String(entry.lines).padStart(5)}  ${entry.file}:${entry.line}  ${entry.name}`);
