/**
 * One library entry saved from its row's button: the state its row shows while and after it is
 * saved, the line its row's status says, and the line announced to a screen reader.
 */
import { i18n } from '#i18n';
import { artistsLine, trackDisplayTitle } from '../../contract/track-display.ts';
import type { LibraryEntry } from '../../contract/wire.ts';
import { dayOptions, formatDate } from '../../i18n/dates.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import type { Payload, Reply } from '../../protocol/messages.ts';
import { send } from '../../protocol/send.ts';

export type DownloadState =
  | { kind: 'saving' }
  | { kind: 'saved'; filename: string }
  | { kind: 'failed'; message: string };

/** A library row's title: "Title (Mix)". */
export const entryTrackTitle = (entry: LibraryEntry): string => trackDisplayTitle(entry.track);

/** A library row's artists: "Artist, Artist". */
export const entryArtists = (entry: LibraryEntry): string => artistsLine(entry.track);

/**
 * What an entry's line says: its download as it happens, else whether the store counts it
 * downloaded (on any computer), else when it was bought.
 */
export function entryStatus(entry: LibraryEntry, state: DownloadState | undefined): string {
  if (state?.kind === 'saving') return i18n.t('popup.library.starting');
  if (state?.kind === 'saved') return i18n.t('popup.library.justNow');
  if (state?.kind === 'failed') return state.message;
  // "downloaded" or "re-download"
  if (entry.status !== 'available') return i18n.t('popup.library.storeDownloaded');
  return i18n.t('popup.library.bought', [formatDate(entry.purchasedAt, dayOptions)]);
}

type Initiate = (payload: Payload<'initiateDownloads'>) => Promise<Reply<'initiateDownloads'>>;

export interface EntrySaved {
  /** The row's state once the worker has answered: saved, or failed with why. */
  state: Exclude<DownloadState, { kind: 'saving' }>;
  /** What a screen reader hears. */
  announcement: string;
}

/** Asks the worker to save one entry's file; never throws: a failure is a state with its reason. */
export async function saveEntry(
  entry: LibraryEntry,
  initiate: Initiate = (payload) => send('initiateDownloads', payload),
): Promise<EntrySaved> {
  const title = entryTrackTitle(entry);
  try {
    const [saved] = await initiate({
      entries: [{ id: entry.id, audioFormat: entry.audioFormat, track: entry.track }],
    });
    const filename = saved?.filename ?? title;
    return { state: { kind: 'saved', filename }, announcement: i18n.t('popup.library.saving', [filename]) };
  } catch (caught) {
    const message = errorMessage(caught);
    return {
      state: { kind: 'failed', message },
      announcement: i18n.t('popup.library.failed', [title, message]),
    };
  }
}
