/**
 * Readers of the crate files the extension exports, written from the formats (not from our
 * writer): Serato's records and Traktor's NML, for the unit tests and the e2e crate journey.
 */

export interface SeratoRecord {
  tag: string;
  body: Uint8Array;
}

/** A Serato file's records: a four-letter tag, a 32-bit big-endian length, the body; throws on a cut record. */
export function seratoRecords(bytes: Uint8Array): SeratoRecord[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: SeratoRecord[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) throw new Error(`A cut record header at ${offset}.`);
    const tag = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const length = view.getUint32(offset + 4);
    if (offset + 8 + length > bytes.length) throw new Error(`${tag} at ${offset} runs past the end.`);
    found.push({ tag, body: bytes.subarray(offset + 8, offset + 8 + length) });
    offset += 8 + length;
  }
  return found;
}

export const utf16be = (bytes: Uint8Array) => {
  if (bytes.length % 2 !== 0) throw new Error('UTF-16 text of an odd length.');
  return new TextDecoder('utf-16be').decode(bytes);
};

/** A crate's version and its tracks' paths (each otrk's ptrk). */
export function readSeratoCrate(bytes: Uint8Array): { version: string; paths: string[]; tags: string[] } {
  const records = seratoRecords(bytes);
  const version = records[0]?.tag === 'vrsn' ? utf16be(records[0].body) : '';
  const paths = records
    .filter((record) => record.tag === 'otrk')
    .map((record) => {
      const ptrk = seratoRecords(record.body).find((inner) => inner.tag === 'ptrk');
      if (!ptrk) throw new Error('An otrk without a ptrk.');
      return utf16be(ptrk.body);
    });
  return { version, paths, tags: records.map((record) => record.tag) };
}

type Attributes = Record<string, string>;
const attributesOf = (element: Element | null | undefined): Attributes =>
  Object.fromEntries([...(element?.attributes ?? [])].map((attribute) => [attribute.name, attribute.value]));
/** An element's children with this tag (happy-dom has no ":scope >" selectors). */
const childrenOf = (element: Element | null | undefined, tag: string) =>
  [...(element?.children ?? [])].filter((child) => child.tagName === tag);
const child = (element: Element | null | undefined, tag: string) => childrenOf(element, tag)[0];

/**
 * A Traktor NML document: its version and HEAD, each collection entry's attributes by element
 * (with `path`: VOLUME + DIR without the ":" + FILE, where Mixxx's Traktor library finds it, and
 * `key`: VOLUME + DIR + FILE, the key a playlist names it by), and the $ROOT playlist's keys.
 */
export function readTraktorNml(doc: Document) {
  const nml = doc.documentElement;
  const entries = childrenOf(child(nml, 'COLLECTION'), 'ENTRY').map((entry) => {
    const location = attributesOf(child(entry, 'LOCATION'));
    return {
      entry: attributesOf(entry),
      location,
      path: `${location.VOLUME}${location.DIR?.replaceAll('/:', '/')}${location.FILE}`,
      key: `${location.VOLUME}${location.DIR}${location.FILE}`,
      album: attributesOf(child(entry, 'ALBUM')),
      info: attributesOf(child(entry, 'INFO')),
      tempo: attributesOf(child(entry, 'TEMPO')),
      musicalKey: attributesOf(child(entry, 'MUSICAL_KEY')),
      cues: childrenOf(entry, 'CUE_V2').map(attributesOf),
    };
  });
  const root = child(child(nml, 'PLAYLISTS'), 'NODE');
  const subnodes = child(root, 'SUBNODES');
  const playlistNode = child(subnodes, 'NODE');
  const playlist = child(playlistNode, 'PLAYLIST');
  return {
    errors: doc.getElementsByTagName('parsererror').length,
    tag: nml.tagName,
    version: nml.getAttribute('VERSION'),
    head: attributesOf(child(nml, 'HEAD')),
    collection: attributesOf(child(nml, 'COLLECTION')),
    entries,
    root: attributesOf(root),
    subnodes: attributesOf(subnodes),
    playlistNode: attributesOf(playlistNode),
    playlist: attributesOf(playlist),
    playlistKeys: childrenOf(playlist, 'ENTRY').map((entry) => attributesOf(child(entry, 'PRIMARYKEY'))),
  };
}
