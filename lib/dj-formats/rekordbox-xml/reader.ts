/**
 * rekordbox's collection export (File, Export Collection in xml format): every `TRACK` of
 * `COLLECTION`, with `Name`, `Artist`, `Mix`, `Remixer`, `Album`, `Label`, `Location`,
 * `Tonality` and `AverageBpm`. The `TRACK`s under `PLAYLISTS` only point at those and are passed by.
 * readRekordboxXml reads a whole (crate-sized) file as the writer (writer.ts) writes it.
 */
import type { CollectionTrack, DjPlaylist } from '../collection-track.ts';
import { childNamed, childrenNamed, type XmlElement, type XmlTag, xmlDocument } from '../xml-tags.ts';

/** Reads tags one at a time, keeping whether it is inside `COLLECTION`. */
export function rekordboxReader(): (tag: XmlTag) => CollectionTrack | null {
  let inCollection = false;
  return (tag) => {
    if (tag.name === 'COLLECTION') inCollection = !tag.end;
    if (!inCollection || tag.end || tag.name !== 'TRACK') return null;
    const a = tag.attributes;
    return {
      artists: a.Artist ?? '',
      title: a.Name ?? '',
      mix: a.Mix ?? '',
      remixers: a.Remixer ?? '',
      album: a.Album ?? '',
      label: a.Label ?? '',
      location: a.Location ?? '',
      key: a.Tonality ?? '',
      bpm: Number.parseFloat(a.AverageBpm ?? '') || null,
      isrc: null,
    };
  };
}

/**
 * The playlists of a rekordbox XML: each `NODE Type="1"` under `PLAYLISTS` names its tracks by
 * `TrackID` (`KeyType="0"`) or by `Location` (`KeyType="1"`); folders (`Type="0"`) give the path.
 * Feed it every tag, then ask for the playlists once the file is read.
 */
export function rekordboxPlaylistReader(): { read(tag: XmlTag): void; playlists(): DjPlaylist[] } {
  const readTrack = rekordboxReader();
  const byId = new Map<string, CollectionTrack>();
  const byLocation = new Map<string, CollectionTrack>();
  const folders: string[] = [];
  const found: { name: string; byLocation: boolean; keys: string[] }[] = [];
  let open: (typeof found)[number] | null = null;
  return {
    read(tag) {
      const track = readTrack(tag);
      if (track) {
        byId.set(tag.attributes.TrackID ?? '', track);
        byLocation.set(track.location, track);
      } else if (tag.name === 'NODE' && tag.end) {
        if (open) open = null;
        else folders.pop();
      } else if (tag.name === 'NODE') {
        const name = tag.attributes.Name ?? '';
        if (tag.attributes.Type === '1') {
          open = {
            name: [...folders.slice(1), name].join(' / '),
            byLocation: tag.attributes.KeyType === '1',
            keys: [],
          };
          found.push(open);
        } else folders.push(name);
      } else if (open && tag.name === 'TRACK' && !tag.end) open.keys.push(tag.attributes.Key ?? '');
    },
    playlists: () =>
      found.map(({ name, byLocation: located, keys }) => ({
        name,
        tracks: keys.flatMap((key) => (located ? byLocation : byId).get(key) ?? []),
      })),
  };
}

/** A COLLECTION track as written: its attributes, its TEMPO and POSITION_MARK children's. */
export interface RekordboxTrack {
  attributes: Record<string, string>;
  tempos: Record<string, string>[];
  marks: Record<string, string>[];
}

/** A playlist (`NODE Type="1"`): its folders' names and its own, and its TRACK Keys. */
export interface RekordboxPlaylist {
  name: string;
  keyType: string;
  keys: string[];
}

export interface RekordboxXml {
  version: string;
  product: Record<string, string>;
  tracks: RekordboxTrack[];
  playlists: RekordboxPlaylist[];
}

function playlistsUnder(node: XmlElement | undefined, folders: string[]): RekordboxPlaylist[] {
  return childrenNamed(node, 'NODE').flatMap((child) => {
    const name = child.attributes.Name ?? '';
    if (child.attributes.Type === '1')
      return [
        {
          name: [...folders, name].join(' / '),
          keyType: child.attributes.KeyType ?? '',
          keys: childrenNamed(child, 'TRACK').map((track) => track.attributes.Key ?? ''),
        },
      ];
    return playlistsUnder(child, [...folders, name]);
  });
}

/** A whole rekordbox XML: its product, every COLLECTION track and every playlist under the ROOT folder. */
export function readRekordboxXml(text: string): RekordboxXml {
  const root = xmlDocument(text);
  if (root.name !== 'DJ_PLAYLISTS') throw new Error(`Not a rekordbox XML: <${root.name}>.`);
  return {
    version: root.attributes.Version ?? '',
    product: childNamed(root, 'PRODUCT')?.attributes ?? {},
    tracks: childrenNamed(childNamed(root, 'COLLECTION'), 'TRACK').map((track) => ({
      attributes: track.attributes,
      tempos: childrenNamed(track, 'TEMPO').map((tempo) => tempo.attributes),
      marks: childrenNamed(track, 'POSITION_MARK').map((mark) => mark.attributes),
    })),
    playlists: playlistsUnder(childNamed(childNamed(root, 'PLAYLISTS'), 'NODE'), []),
  };
}

/**
 * The absolute path a `Location` names ("file://localhost/C:/Music/a%20b.wav" -> "C:/Music/a b.wav",
 * "file://localhost/home/dj/a.mp3" -> "/home/dj/a.mp3"), with "/" between folders.
 */
export function pathOfLocation(location: string): string {
  const parts = location.replace(/^file:\/\/(?:localhost)?\//, '').split('/');
  const path = parts.map((part) => decodeURIComponent(part)).join('/');
  return /^[A-Za-z]:/.test(path) ? path : `/${path}`;
}
