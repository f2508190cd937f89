/**
 * Function length: no function over 80 lines in the worker (`lib/background/`), none over 100 anywhere
 * else in `lib/`, `components/`, `entrypoints/` and `server/`. A function's length is its whole span,
 * first line to last, nested functions included: a long closure is long however it is cut inside.
 * Functions are found with a real parser (oxc-parser), so declarations, arrow functions, function
 * expressions, methods and Preact components all count.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseSync } from 'oxc-parser';

export interface LengthRule {
  /** A folder, relative to the repository root, with `/` separators and a trailing `/`. */
  folder: string;
  maxLines: number;
}

/** The first rule whose folder holds a file is the one that applies to it. */
export const lengthRules: readonly LengthRule[] = [
  { folder: 'lib/background/', maxLines: 80 },
  { folder: 'lib/', maxLines: 100 },
  { folder: 'components/', maxLines: 100 },
  { folder: 'entrypoints/', maxLines: 100 },
  { folder: 'server/', maxLines: 100 },
];

/**
 * Files left out on purpose. They hold data written as code, not logic to split:
 * - the schema migrations are released SQL, never edited once shipped (a migration is one function
 *   returning the schema's text);
 * - the demo catalog's word lists are lists.
 */
export const excludedFiles: ReadonlySet<string> = new Set([
  'server/db/migrations.ts',
  'server/generation/vocabulary.ts',
]);

export interface FunctionSpan {
  name: string;
  /** 1-based line numbers, inclusive. */
  startLine: number;
  endLine: number;
  lines: number;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const functionTypes = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function keyName(key: unknown): string | undefined {
  if (!isNode(key)) return undefined;
  if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') return String(key.name);
  if (key.type === 'Literal') return String(key.value);
  return undefined;
}

/** The name a reader would search for: the function's own, or what it is assigned to. */
function nameOf(fn: Node, parent: Node | undefined): string {
  const id = fn.id;
  if (isNode(id) && id.type === 'Identifier') return String(id.name);
  if (!parent) return '(anonymous)';
  if (parent.type === 'VariableDeclarator') return keyName(parent.id) ?? '(anonymous)';
  if (['MethodDefinition', 'Property', 'PropertyDefinition'].includes(parent.type)) {
    return keyName(parent.key) ?? '(anonymous)';
  }
  if (
    parent.type === 'AssignmentExpression' &&
    isNode(parent.left) &&
    parent.left.type === 'MemberExpression'
  ) {
    return keyName(parent.left.property) ?? '(anonymous)';
  }
  if (parent.type === 'CallExpression' && isNode(parent.callee)) {
    const callee =
      parent.callee.type === 'MemberExpression' ? keyName(parent.callee.property) : keyName(parent.callee);
    return `(callback of ${callee ?? 'a call'})`;
  }
  return '(anonymous)';
}

/** Every function in a source text with its line span. Throws on a syntax error: a checker must not skip a file. */
export function functionSpans(fileName: string, source: string): FunctionSpan[] {
  const { program, errors } = parseSync(fileName, source);
  if (errors.length > 0) throw new Error(`${fileName}: ${errors[0]?.message ?? 'syntax error'}`);
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const spans: FunctionSpan[] = [];
  const visit = (node: Node, parent: Node | undefined) => {
    if (functionTypes.has(node.type)) {
      const startLine = lineOf(node.start);
      const endLine = lineOf(Math.max(node.start, node.end - 1));
      spans.push({ name: nameOf(node, parent), startLine, endLine, lines: endLine - startLine + 1 });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) isNode(child) && visit(child, node);
      else if (isNode(value)) visit(value, node);
    }
  };
  visit(program as unknown as Node, undefined);
  return spans;
}

export interface LongFunction extends FunctionSpan {
  file: string;
  maxLines: number;
}

export function ruleFor(file: string): LengthRule | undefined {
  if (excludedFiles.has(file)) return undefined;
  return lengthRules.find((rule) => file.startsWith(rule.folder));
}

const sourceFile = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;

function listFiles(root: string, folder: string): string[] {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  if (existsSync(join(root, folder))) walk(join(root, folder));
  return files.map((path) => relative(root, path).split(sep).join('/'));
}

/** Every function over its folder's limit under `root`, longest first. */
export function longFunctions(root: string): LongFunction[] {
  // lib/background/ lies inside lib/: the set lists each file once.
  const files = new Set(lengthRules.flatMap((rule) => listFiles(root, rule.folder)));
  const found: LongFunction[] = [];
  for (const file of files) {
    const rule = ruleFor(file);
    if (!rule) continue;
    for (const span of functionSpans(file, readFileSync(join(root, file), 'utf8'))) {
      if (span.lines > rule.maxLines) found.push({ ...span, file, maxLines: rule.maxLines });
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}
