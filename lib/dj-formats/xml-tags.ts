/**
 * A streaming reader of the start and end tags of an XML file, enough for rekordbox's and
 * Traktor's collection exports: attributes, entities, and nothing kept but the tag at hand, so a
 * 100,000-track file is read chunk by chunk without a DOM of it ever existing.
 */

export interface XmlTag {
  name: string;
  /** An end tag (`</COLLECTION>`); a self-closing tag is reported once, as a start tag. */
  end: boolean;
  attributes: Record<string, string>;
}

const tagPattern = /<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const attributePattern = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const entityPattern = /&(?:#x([0-9a-f]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/gi;
const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const codePoint = (value: number): string =>
  Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '\ufffd';

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(entityPattern, (_, hex: string, decimal: string, name: string) => {
    if (hex) return codePoint(Number.parseInt(hex, 16));
    if (decimal) return codePoint(Number.parseInt(decimal, 10));
    return namedEntities[name.toLowerCase()] ?? '';
  });
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(attributePattern)) {
    attributes[match[1] as string] = decodeEntities(match[2] ?? match[3] ?? '');
  }
  return attributes;
}

/**
 * The tags of the text `chunks` make up, in order, each chunk's as one array (callers yield to
 * the page between chunks). A tag cut by a chunk's end is read with the next chunk.
 */
export async function* xmlTags(chunks: AsyncIterable<string>): AsyncGenerator<XmlTag[]> {
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + chunk;
    const tags: XmlTag[] = [];
    let consumed = 0;
    tagPattern.lastIndex = 0;
    for (let match = tagPattern.exec(text); match; match = tagPattern.exec(text)) {
      const body = match[3] ?? '';
      const name = match[2] as string;
      tags.push({ name, end: match[1] === '/', attributes: match[1] ? {} : attributesOf(body) });
      if (!match[1] && body.endsWith('/')) tags.push({ name, end: true, attributes: {} });
      consumed = tagPattern.lastIndex;
    }
    // Text after the last whole tag may begin one; past a megabyte without a tag it is only text.
    const lastOpen = text.lastIndexOf('<');
    rest = lastOpen >= consumed && text.length - lastOpen < 1 << 20 ? text.slice(lastOpen) : '';
    yield tags;
  }
}
