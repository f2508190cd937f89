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

/** Why `name` cannot name a cart, as a sentence for a person; null when it can. */
export function cartNameProblem(name: string): string | null {
  if (!/\S/.test(name)) return 'Give the cart a name.';
  if (name.length > maxCartNameLength) return `A cart name has at most ${maxCartNameLength} characters.`;
  if (controlCharacters.test(name)) return 'A cart name cannot hold control characters.';
  return null;
}

export const isCartName = (name: string): boolean => cartNameProblem(name) === null;

/** The cart a request without a name acts on (contract.md section 4); the store names it so too. */
export const defaultCartName = 'default';

/** The cart a request names: its own name, or the default cart's when it names none. */
export const cartNameOf = (target: { name?: string }): string => target.name ?? defaultCartName;
