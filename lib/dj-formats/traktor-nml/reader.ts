/**
 * Traktor's `collection.nml`: each `ENTRY` of `COLLECTION` names its title and artist, with its
 * file (`LOCATION`), album, label, remixer and mix (`INFO`) and tempo (`TEMPO`) in child tags.
 * `ENTRY`s under `PLAYLISTS` hold only a `PRIMARYKEY` and are passed by. readTraktorNml reads a
 * whole (crate-sized) file as the writer (writer.ts) writes it.
 */
import type { CollectionTrack, DjPlaylist } from '../collection-track.ts';
import { childNamed, childrenNamed, type XmlElement, type XmlTag, xmlDocument } from '../xml-tags.ts';

/** Reads tags one at a time; an entry is complete at its end tag. */
export function traktorReader(): (tag: XmlTag) => CollectionTrack | null {
  let inCollection = false;
  let entry: CollectionTrack | null = null;
  return (tag) => {
    if (tag.name === 'COLLECTION') inCollection = !tag.end;
    if (!inCollection) return null;
    const a = tag.attributes;
    if (tag.name === 'ENTRY') {
      const done = tag.end ? entry : null;
      entry = tag.end ? null : { ...emptyEntry, artists: a.ARTIST ?? '', title: a.TITLE ?? '' };
      return done;
    }
    if (entry === null || tag.end) return null;
    if (tag.name === 'LOCATION')
      entry.location = `${a.VOLUME ?? ''}${(a.DIR ?? '').replaceAll('/:', '/')}${a.FILE ?? ''}`;
    else if (tag.name === 'ALBUM') entry.album = a.TITLE ?? '';
    else if (tag.name === 'TEMPO') entry.bpm = Number.parseFloat(a.BPM ?? '') || null;
    else if (tag.name === 'INFO') {
      entry.label = a.LABEL ?? '';
      entry.key = a.KEY ?? '';
      entry.mix = a.MIX ?? '';
      entry.remixers = a.REMIXER ?? '';
    }
    return null;
  };
}

const emptyEntry: CollectionTrack = {
  artists: '',
  title: '',
  mix: '',
  remixers: '',
  album: '',
  label: '',
  location: '',
  key: '',
  bpm: null,
  isrc: null,
};

/** Traktor's PRIMARYKEY and LOCATION name a file alike once "/:" reads "/". */
const fileKey = (key: string) => key.replaceAll('/:', '/');

/**
 * The playlists of a Traktor NML (an exported playlist or the whole collection.nml): each
 * `NODE TYPE="PLAYLIST"` lists `PRIMARYKEY`s naming collection entries by their file; folders
 * (`TYPE="FOLDER"`, the root `$ROOT` left out) give the path. Feed it every tag, then ask.
 */
export function traktorPlaylistReader(): { read(tag: XmlTag): void; playlists(): DjPlaylist[] } {
  const readEntry = traktorReader();
  const byFile = new Map<string, CollectionTrack>();
  const folders: string[] = [];
  const found: { name: string; keys: string[] }[] = [];
  let open: (typeof found)[number] | null = null;
  return {
    read(tag) {
      const entry = readEntry(tag);
      if (entry) byFile.set(fileKey(entry.location), entry);
      else if (tag.name === 'NODE' && tag.end) {
        if (open) open = null;
        else folders.pop();
      } else if (tag.name === 'NODE') {
        const name = tag.attributes.NAME ?? '';
        if (tag.attributes.TYPE === 'PLAYLIST') {
          open = { name: [...folders.filter((f) => f !== '$ROOT'), name].join(' / '), keys: [] };
          found.push(open);
        } else folders.push(name);
      } else if (open && tag.name === 'PRIMARYKEY' && !tag.end)
        open.keys.push(fileKey(tag.attributes.KEY ?? ''));
    },
    playlists: () =>
      found.map(({ name, keys }) => ({ name, tracks: keys.flatMap((key) => byFile.get(key) ?? []) })),
  };
}

const attributesOf = (element: XmlElement | undefined) => element?.attributes ?? {};

/**
 * A whole Traktor NML: its version and HEAD, each collection entry's attributes by element (with
 * `path`: VOLUME + DIR without the ":" + FILE, where Mixxx's Traktor library finds it, and `key`:
 * VOLUME + DIR + FILE, the key a playlist names it by), and the first playlist under $ROOT.
 */
export function readTraktorNml(text: string) {
  const nml = xmlDocument(text);
  if (nml.name !== 'NML') throw new Error(`Not a Traktor NML: <${nml.name}>.`);
  const entries = childrenNamed(childNamed(nml, 'COLLECTION'), 'ENTRY').map((entry) => {
    const location = attributesOf(childNamed(entry, 'LOCATION'));
    return {
      entry: entry.attributes,
      location,
      path: `${location.VOLUME}${location.DIR?.replaceAll('/:', '/')}${location.FILE}`,
      key: `${location.VOLUME}${location.DIR}${location.FILE}`,
      album: attributesOf(childNamed(entry, 'ALBUM')),
      info: attributesOf(childNamed(entry, 'INFO')),
      tempo: attributesOf(childNamed(entry, 'TEMPO')),
      musicalKey: attributesOf(childNamed(entry, 'MUSICAL_KEY')),
      cues: childrenNamed(entry, 'CUE_V2').map((cue) => cue.attributes),
    };
  });
  const root = childNamed(childNamed(nml, 'PLAYLISTS'), 'NODE');
  const subnodes = childNamed(root, 'SUBNODES');
  const playlistNode = childNamed(subnodes, 'NODE');
  const playlist = childNamed(playlistNode, 'PLAYLIST');
  return {
    tag: nml.name,
    version: nml.attributes.VERSION ?? null,
    head: attributesOf(childNamed(nml, 'HEAD')),
    collection: attributesOf(childNamed(nml, 'COLLECTION')),
    entries,
    root: attributesOf(root),
    subnodes: attributesOf(subnodes),
    playlistNode: attributesOf(playlistNode),
    playlist: attributesOf(playlist),
    playlistKeys: childrenNamed(playlist, 'ENTRY').map((entry) =>
      attributesOf(childNamed(entry, 'PRIMARYKEY')),
    ),
  };
}
