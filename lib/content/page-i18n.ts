/**
 * The store content script's `#i18n` (wxt.config.ts points the content script's build here): the
 * same `i18n.t` as @wxt-dev/i18n, answered from the templates storage.local keeps (pageWords,
 * read with the page's other keys) instead of `i18n.getMessage`. A renderer's first getMessage
 * fetches the extension's whole message bundle from the browser process, 8 to 16 ms of every
 * store tab's decorating (docs/benchmarks.md). A word not kept yet is read through getMessage
 * once, and kept for the pages after this one.
 */
import { browser } from 'wxt/browser';
import type { i18n as browserI18n } from '#i18n';
import { isPageWords, type PageWords, pageWordsKey } from '../storage/page-words.ts';

/** Each $n filled with itself: getMessage hands back the template. */
const unfilled = ['$1', '$2', '$3', '$4', '$5', '$6', '$7', '$8', '$9'];

let language: string | undefined;
let messages: PageWords['messages'] = {};
let saving = false;

const uiLanguage = () => {
  language ??= browser.i18n.getUILanguage();
  return language;
};

/** The templates storage.local holds, read with the page's other keys (page-storage.ts). */
export function knowPageWords(stored: unknown): void {
  if (isPageWords(stored) && stored.language === uiLanguage()) messages = { ...stored.messages, ...messages };
}

function save(): void {
  if (saving) return;
  saving = true;
  // Once, after the words the same task reads in: a store page reads a few dozen at once.
  setTimeout(() => {
    saving = false;
    const words: PageWords = { language: uiLanguage(), messages };
    void browser.storage.local.set({ [pageWordsKey]: words }).catch(() => {});
  });
}

function template(name: string): string {
  const kept = messages[name];
  if (kept !== undefined) return kept;
  const read = (browser.i18n.getMessage as (name: string, substitutions: string[]) => string)(name, unfilled);
  if (read) {
    messages[name] = read;
    save();
  }
  return read;
}

/** $1…$9 as `getMessage` fills them: in one pass, so a value holding "$2" stays as it is. */
const fill = (text: string, values: readonly string[]) =>
  text.replace(/\$([1-9])/g, (_, which: string) => values[Number(which) - 1] ?? '');

const named = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{([A-Za-z0-9_]+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );

/** @wxt-dev/i18n's `t`: a count picks "one | other", an array fills $n, an object fills {name}. */
function t(key: string, ...args: unknown[]): string {
  let values: string[] = [];
  let count: number | undefined;
  let names: Record<string, unknown> | undefined;
  for (const arg of args) {
    if (typeof arg === 'number') count = arg;
    else if (Array.isArray(arg)) values = arg.map(String);
    else if (typeof arg === 'object' && arg !== null) names = arg as Record<string, unknown>;
  }
  if (count !== undefined && values.length === 0) values = [String(count)];
  let message = fill(template(key.replaceAll('.', '_')), values);
  if (count !== undefined) {
    const forms = message.split(' | ');
    if (forms.length === 2) message = forms[count === 1 ? 0 : 1] as string;
    else if (forms.length === 3) message = forms[count === 0 || count === 1 ? count : 2] as string;
  }
  return names ? named(message, names) : message;
}

export const i18n = { t } as unknown as typeof browserI18n;
