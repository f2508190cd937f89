/**
 * rekordbox's collection export (File, Export Collection in xml format): every `TRACK` of
 * `COLLECTION`, with `Name`, `Artist`, `Mix`, `Remixer`, `Album`, `Label`, `Location`,
 * `Tonality` and `AverageBpm`. The `TRACK`s under `PLAYLISTS` only point at those and are passed by.
 */
import type { CollectionTrack, DjPlaylist } from '../collection-track.ts';
import type { XmlTag } from '../xml-tags.ts';

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
