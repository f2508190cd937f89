/** Text and attributes for the XML crate formats (rekordbox XML, Traktor NML). */

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** XML 1.0 cannot carry most control characters at all, even escaped: they are dropped. */
const allowedInXml = (char: string) => {
  const code = char.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
};

export const xmlText = (text: string) =>
  [...text]
    .filter(allowedInXml)
    .join('')
    .replace(/[&<>"']/g, (c) => xmlEscapes[c] ?? c);

/** `name="value"` pairs, in the order given. */
export const attributes = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}="${xmlText(String(value))}"`)
    .join(' ');
