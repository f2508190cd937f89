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

/**
 * An attribute's value. A reader turns a raw line break or tab in an attribute into a space (XML's
 * attribute-value normalisation), so they go as character references: a comment's lines survive.
 */
export const xmlAttribute = (value: string) =>
  xmlText(value).replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `name="value"` pairs, in the order given. */
export const attributes = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}="${xmlAttribute(String(value))}"`)
    .join(' ');
