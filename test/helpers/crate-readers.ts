/**
 * A reader of the Traktor NML the extension exports through a DOM parser (not our reader), for the
 * unit tests and the e2e crate journey. Serato's crates are read by lib/dj-formats/serato/crate.ts.
 */

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
