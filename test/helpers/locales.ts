/**
 * The browser's `i18n.getMessage` for unit tests, answering from locales/<language>.json as the
 * built extension's _locales would (keys flattened with "_", $1-$9 substituted, "$$" a dollar).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Tree = { [key: string]: string | Tree };

export function flattenMessages(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}_${key}` : key;
    if (typeof value === 'string') flat.set(name, value);
    else for (const [inner, text] of flattenMessages(value, name)) flat.set(inner, text);
  }
  return flat;
}

export function readLocale(language: string): Map<string, string> {
  const path = join(import.meta.dirname, '..', '..', 'locales', `${language}.json`);
  return flattenMessages(JSON.parse(readFileSync(path, 'utf8')) as Tree);
}

export function getMessageFrom(messages: Map<string, string>) {
  return (key: string, substitutions?: string | string[]): string => {
    const text = messages.get(key);
    if (text === undefined) return '';
    const values = substitutions === undefined ? [] : ([] as string[]).concat(substitutions);
    return text.replace(/\$(\$|[1-9])/g, (_, which: string) =>
      which === '$' ? '$' : (values[Number(which) - 1] ?? ''),
    );
  };
}

/** English, as the page objects read the extension's words unless a test gives another language. */
export const englishMessages = readLocale('en');

/** One message of a language, its $1… filled in; throws for a key the language lacks. */
export function messageText(messages: Map<string, string>, key: string, ...values: string[]): string {
  const text = messages.get(key);
  if (text === undefined) throw new Error(`No message ${key}`);
  return getMessageFrom(messages)(key, values);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One message as a regular expression's source: its words literal, each $n the pattern given. */
export function messagePattern(messages: Map<string, string>, key: string, ...patterns: string[]): string {
  const text = messages.get(key);
  if (text === undefined) throw new Error(`No message ${key}`);
  return text
    .split(/(\$[1-9])/)
    .map((piece) => (/^\$[1-9]$/.test(piece) ? (patterns[Number(piece[1]) - 1] ?? '') : escaped(piece)))
    .join('');
}
