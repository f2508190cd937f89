/**
 * Traktor's `collection.nml`: each `ENTRY` of `COLLECTION` names its title and artist, with its
 * file (`LOCATION`), album, label, remixer and mix (`INFO`) and tempo (`TEMPO`) in child tags.
 * `ENTRY`s under `PLAYLISTS` hold only a `PRIMARYKEY` and are passed by.
 */
import type { CollectionTrack } from './collection-track.ts';
import type { XmlTag } from './xml-tags.ts';

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
