/**
 * rekordbox's collection export (File, Export Collection in xml format): every `TRACK` of
 * `COLLECTION`, with `Name`, `Artist`, `Mix`, `Remixer`, `Album`, `Label`, `Location`,
 * `Tonality` and `AverageBpm`. The `TRACK`s under `PLAYLISTS` only point at those and are passed by.
 */
import type { CollectionTrack } from './collection-track.ts';
import type { XmlTag } from './xml-tags.ts';

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
