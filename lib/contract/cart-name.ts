/**
 * A cart's name (contract.md section 4): 1 to 64 characters (UTF-16 code units, as the store
 * counts them), not only white space (JavaScript's \s: spaces, tabs, no-break and ideographic
 * spaces), none of them a control character, C0, DEL or C1 (U+0080-U+009F, which holds
 * U+0085, NEXT LINE). The store refuses any other name with a 400; the extension refuses it
 * before asking, in the popup and in the background's message check.
 */
export const maxCartNameLength = 64;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `name` cannot name a cart, as a rule broken (each side words it: the store in English, the popup in the DJ's language); null when it can. */
export type CartNameIssue = 'empty' | 'tooLong' | 'controlCharacters';

export function cartNameIssue(name: string): CartNameIssue | null {
  if (!/\S/.test(name)) return 'empty';
  if (name.length > maxCartNameLength) return 'tooLong';
  if (controlCharacters.test(name)) return 'controlCharacters';
  return null;
}

export const isCartName = (name: string): boolean => cartNameIssue(name) === null;

/** The cart a request without a name acts on (contract.md section 4); the store names it so too. */
export const defaultCartName = 'default';

/** The cart a request names: its own name, or the default cart's when it names none. */
export const cartNameOf = (target: { name?: string }): string => target.name ?? defaultCartName;
