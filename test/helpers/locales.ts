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
