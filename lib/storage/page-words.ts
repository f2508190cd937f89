/**
 * The store pages' words as stored (items.ts, pageWordsItem): each message the content script has
 * used, as its template ($1… unfilled), in the browser language it was read in. The content
 * script reads the key directly (lib/content/page-i18n.ts); the worker drops it on install and
 * update, when the words may have changed.
 */
export interface PageWords {
  /** `i18n.getUILanguage()` when the templates were read: another language, and they are not used. */
  language: string;
  /** Message name (dots as "_", as `getMessage` takes it) to template. */
  messages: Partial<Record<string, string>>;
}

export const pageWordsKey = 'pageWords';

export function isPageWords(value: unknown): value is PageWords {
  if (typeof value !== 'object' || value === null) return false;
  const { language, messages } = value as Partial<PageWords>;
  return (
    typeof language === 'string' &&
    typeof messages === 'object' &&
    messages !== null &&
    Object.values(messages).every((text) => typeof text === 'string')
  );
}
