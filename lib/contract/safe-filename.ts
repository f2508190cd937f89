/**
 * File names that every system saves as given: the store names its downloads with this, and the
 * extension cleans what it saves with the same rule, so a name the store sends is never changed.
 */

/** Characters Windows, macOS or Linux refuse in a file name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it matches
export const illegalFilenameCharacters = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;

/**
 * `name` without illegal characters, runs of white space as one space, at most `maxLength`
 * characters, and no trailing dot or space (Windows drops them, downloads.download refuses them).
 * Empty when nothing is left: the caller picks the fallback.
 */
export function safeFilename(name: string, maxLength = Number.POSITIVE_INFINITY): string {
  return name
    .replace(illegalFilenameCharacters, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .replace(/[. ]+$/, '');
}
