/**
 * Literal text: what a person reads in the extension comes from locales/<language>.json, so no
 * component (`components/**`, test page objects `*.page.ts` aside) holds words of its own. Found with a
 * real parser (oxc-parser):
 * - JSX text and string or template literals inside JSX (`<p>Sign in</p>`, `{'Sign in'}`);
 * - the attributes a person reads or hears (`aria-label`, `title`, `placeholder`, `alt`, `label`);
 * - DOM text set by hand: `.textContent = 'Add'`, `.title =`, `.ariaLabel =`, `setAttribute('title', 'Add')`;
 * - text a function returns (`return 'Add to cart'`, `() => (owned ? 'Owned' : 'Get')`), the way the
 *   content script's label functions word its buttons: only a literal that starts with a capital
 *   letter counts, so the class names and states a function returns (`'mark owned'`) do not.
 * A word is two or more letters with a lower-case one: "MP3", "WAV", "BPM" and "▶" are the same in
 * every language; so are the names in `names` below.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseSync } from 'oxc-parser';

/** Names, not words: the product's, the DJ apps' and the formats' own. */
const names = new Set(['Crate', 'rekordbox', 'Serato', 'Traktor', 'Mixxx', 'Engine', 'DJ']);

/**
 * Components whose words have not moved to the locale files yet: none since issue #28 moved the last
 * ones. A file listed here is let through; the checker fails once a listed file holds no literal
 * text any more, so the list only ever shrinks.
 */
export const untranslatedFiles: ReadonlySet<string> = new Set<string>([]);

const spokenAttributes = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description']);
const spokenProperties = new Set(['textContent', 'innerText', 'title', 'ariaLabel', 'placeholder']);

export interface LiteralText {
  file: string;
  line: number;
  text: string;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** True when the text holds a word a translator would translate. */
export function hasWords(text: string): boolean {
  for (const [word] of text.matchAll(/\p{L}[\p{L}'’-]*/gu)) {
    if (word.length >= 2 && /\p{Ll}/u.test(word) && !names.has(word)) return true;
  }
  return false;
}

/** The literal text of a string literal or a template literal's fixed parts, or undefined. */
function literalText(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && Array.isArray(node.quasis)) {
    return (node.quasis as Node[])
      .map((quasi) => String((quasi.value as { cooked?: string }).cooked ?? ''))
      .join(' ');
  }
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  return undefined;
}

function attributeName(node: Node): string | undefined {
  const name = node.name;
  return isNode(name) && name.type === 'JSXIdentifier' ? String(name.name) : undefined;
}

function propertyName(node: unknown): string | undefined {
  if (!isNode(node) || node.type !== 'MemberExpression' || !isNode(node.property)) return undefined;
  return node.property.type === 'Identifier' ? String(node.property.name) : undefined;
}

/** The literal texts an expression can be: both branches of a condition, each side of `??`/`||`. */
function branchTexts(node: unknown): string[] {
  if (!isNode(node)) return [];
  if (node.type === 'ParenthesizedExpression') return branchTexts(node.expression);
  if (node.type === 'ConditionalExpression')
    return [...branchTexts(node.consequent), ...branchTexts(node.alternate)];
  if (node.type === 'LogicalExpression') return [...branchTexts(node.left), ...branchTexts(node.right)];
  const text = literalText(node);
  return text === undefined ? [] : [text];
}

/** The texts a node puts before a person, when they are literal. */
function spokenTexts(node: Node, parent: Node | undefined): string[] {
  if (node.type === 'JSXText') return [String(node.value)];
  if (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment') {
    if (node.type === 'JSXExpressionContainer') return branchTexts(node.expression);
  }
  if (node.type === 'JSXAttribute' && spokenAttributes.has(attributeName(node) ?? ''))
    return branchTexts(node.value);
  if (node.type === 'AssignmentExpression' && spokenProperties.has(propertyName(node.left) ?? '')) {
    return branchTexts(node.right);
  }
  if (node.type === 'CallExpression' && propertyName(node.callee) === 'setAttribute') {
    const [name, value] = node.arguments as unknown[];
    if (spokenAttributes.has(literalText(name) ?? '')) return branchTexts(value);
  }
  return [];
}

/**
 * A returned literal that reads as text for a person: words, starting with a capital letter or
 * quoting something (`"${title}" is in the cart`); class names and states do neither.
 */
const readsAsText = (text: string) => hasWords(text) && /^\P{L}*\p{Lu}|["“”«»„]/u.test(text);

/** The text a function hands back: a `return`'s value, or an arrow function's expression body. */
function returnedText(node: Node): string[] {
  const value =
    node.type === 'ReturnStatement'
      ? node.argument
      : node.type === 'ArrowFunctionExpression' && node.expression === true
        ? node.body
        : undefined;
  return branchTexts(value).filter(readsAsText);
}

/** Every literal text in one source file. Throws on a syntax error: a checker must not skip a file. */
export function literalTexts(file: string, source: string): LiteralText[] {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message ?? 'syntax error'}`);
  const found: LiteralText[] = [];
  const visit = (node: Node, parent: Node | undefined) => {
    for (const text of [...spokenTexts(node, parent).filter(hasWords), ...returnedText(node)]) {
      const line = source.slice(0, node.start).split('\n').length;
      found.push({ file, line, text: text.trim().replace(/\s+/g, ' ').slice(0, 60) });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) isNode(child) && visit(child, node);
      else if (isNode(value)) visit(value, node);
    }
  };
  visit(program as unknown as Node, undefined);
  return found;
}

function componentFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(page|d)\.ts$/.test(entry.name)) files.push(path);
    }
  };
  if (existsSync(join(root, 'components'))) walk(join(root, 'components'));
  return files.map((path) => relative(root, path).split(sep).join('/'));
}

/** Literal text in components outside the untranslated list, and listed files that no longer hold any. */
export function literalTextInComponents(root: string): { found: LiteralText[]; stale: string[] } {
  const found: LiteralText[] = [];
  const clean = new Set<string>();
  for (const file of componentFiles(root)) {
    const texts = literalTexts(file, readFileSync(join(root, file), 'utf8'));
    if (texts.length === 0) clean.add(file);
    else if (!untranslatedFiles.has(file)) found.push(...texts);
  }
  const stale = [...untranslatedFiles].filter((file) => clean.has(file) || !existsSync(join(root, file)));
  return { found, stale };
}
