/**
 * What of a crate export is the popup's: which of a cart's tracks go in the file (owned, and saved
 * on this computer) and how what is left out is worded. The files themselves are written by the
 * DJ formats (lib/dj-formats/, docs/dj-formats.md) through crate-formats.ts; loaded by the popup
 * only when an export is asked for.
 */
import { i18n } from '#i18n';
import { inFormatOrder } from '../../contract/audio-formats.ts';
import { artistsLine } from '../../contract/track-display.ts';
import type { AudioFormat, CartItem, LibraryEntry } from '../../contract/wire.ts';
import { entryArtistsAndTitle, type SavedEntry } from '../../dj-formats/saved-file.ts';
import { formatCount } from '../../i18n/intl.ts';
import { plural } from '../../i18n/plural.ts';

/** A track the export cannot put in the file, named as the dialog lists it, and why. */
export interface MissingTrack {
  key: string;
  title: string;
  reason: string;
}

/** One of a crate's tracks the person owns: its library entries, the preferred format first. */
export interface OwnedTrack {
  trackId: number;
  entries: LibraryEntry[];
}

/**
 * A cart (a named cart used as a crate) as tracks: each track item, and each release item's
 * tracks in the release's order, once each. A track owned (in the library, any format) comes with
 * its entries, the cart's format first: its file in that format is the one exported, else one in
 * another format. What is not owned is missing ("not bought yet"); a release the catalog could
 * not list counts the tracks of it the library holds.
 */
export function cartTracks(
  items: readonly CartItem[],
  library: readonly LibraryEntry[],
  releaseTracks: ReadonlyMap<number, readonly number[]>,
): { owned: OwnedTrack[]; notBought: MissingTrack[] } {
  const entriesOf = new Map<number, LibraryEntry[]>();
  for (const entry of library) {
    const list = entriesOf.get(entry.track.id) ?? [];
    list.push(entry);
    entriesOf.set(entry.track.id, list);
  }
  const owned: OwnedTrack[] = [];
  const notBought: MissingTrack[] = [];
  const seen = new Set<number>();
  const ownedInFormat = (trackId: number, format: AudioFormat): LibraryEntry[] => {
    // The asked format first, then the others in the order people see them.
    const order = [
      format,
      ...inFormatOrder((entriesOf.get(trackId) ?? []).map((entry) => entry.audioFormat)),
    ];
    const rank = (entry: LibraryEntry) => order.indexOf(entry.audioFormat);
    return [...(entriesOf.get(trackId) ?? [])].sort((a, b) => rank(a) - rank(b));
  };
  const itemTitle = (item: CartItem) => `${artistsLine(item)} - ${item.name}`;

  for (const item of items) {
    if (item.type === 'track') {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      const entries = ownedInFormat(item.id, item.audioFormat);
      if (entries.length > 0) owned.push({ trackId: item.id, entries });
      else
        notBought.push({
          key: `track:${item.id}`,
          title: itemTitle(item),
          reason: i18n.t('popup.export.notBought'),
        });
      continue;
    }
    const listed = releaseTracks.get(item.id);
    const trackIds = listed ?? [
      ...new Set(library.filter((entry) => entry.track.release.id === item.id).map((e) => e.track.id)),
    ];
    let unowned = 0;
    for (const trackId of trackIds) {
      if (seen.has(trackId)) continue;
      seen.add(trackId);
      const entries = ownedInFormat(trackId, item.audioFormat);
      if (entries.length > 0) owned.push({ trackId, entries });
      else unowned++;
    }
    if (listed === undefined && trackIds.length === 0)
      notBought.push({
        key: `release:${item.id}`,
        title: itemTitle(item),
        reason: i18n.t('popup.export.notBought'),
      });
    else if (unowned > 0)
      notBought.push({
        key: `release:${item.id}`,
        title: itemTitle(item),
        reason:
          unowned === trackIds.length
            ? i18n.t('popup.export.notBought')
            : plural('popup.export.partlyBought', trackIds.length, formatCount(unowned)),
      });
  }
  return { owned, notBought };
}

/**
 * Each owned track's file: the first of its entries (preferred format first) whose file is on
 * disk (`files`, by library entry id); a track with none is missing ("not downloaded yet").
 */
export function chooseFiles(
  owned: readonly OwnedTrack[],
  files: ReadonlyMap<number, { path: string; location: string | null }>,
): { saved: SavedEntry[]; notDownloaded: MissingTrack[] } {
  const saved: SavedEntry[] = [];
  const notDownloaded: MissingTrack[] = [];
  for (const { entries } of owned) {
    const found = entries.find((entry) => files.get(entry.id)?.location);
    const file = found && files.get(found.id);
    if (found && file?.location) saved.push({ entry: found, path: file.path, location: file.location });
    else {
      const [first] = entries as [LibraryEntry];
      notDownloaded.push({
        key: `entry:${first.id}`,
        title: entryArtistsAndTitle(first),
        reason: i18n.t('popup.export.notDownloaded'),
      });
    }
  }
  return { saved, notDownloaded };
}
