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
    const { tags, consumed } = tagsIn(text);
    // Text after the last whole tag may begin one; past a megabyte without a tag it is only text.
    const lastOpen = text.lastIndexOf('<');
    rest = lastOpen >= consumed && text.length - lastOpen < 1 << 20 ? text.slice(lastOpen) : '';
    yield tags;
  }
}

/** The whole tags of a text, in order, and where the last one ends. */
function tagsIn(text: string): { tags: XmlTag[]; consumed: number } {
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
  return { tags, consumed };
}

/** An element of a whole document read at once: its attributes and child elements (text is passed by). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
}

/** A small document's root element (an exported crate, not a 100,000-track collection: that is streamed). */
export function xmlDocument(text: string): XmlElement {
  const root: XmlElement = { name: '', attributes: {}, children: [] };
  const open = [root];
  for (const tag of tagsIn(text).tags) {
    const parent = open.at(-1) as XmlElement;
    if (tag.end) {
      if (open.length > 1 && parent.name === tag.name) open.pop();
      continue;
    }
    const element = { name: tag.name, attributes: tag.attributes, children: [] };
    parent.children.push(element);
    open.push(element);
  }
  const [element] = root.children;
  if (!element) throw new Error('No XML element.');
  return element;
}

/** An element's children named `name`. */
export const childrenNamed = (element: XmlElement | undefined, name: string) =>
  element?.children.filter((child) => child.name === name) ?? [];

/** An element's first child named `name`. */
export const childNamed = (element: XmlElement | undefined, name: string) => childrenNamed(element, name)[0];
