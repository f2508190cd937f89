/**
 * What an import says besides its tracks, as codes the options page words in the DJ's language
 * (components/options/collection-section.tsx): why entries were skipped, and why a whole import
 * was refused.
 */

/** Why an entry was passed by. */
export type SkipReason =
  /** No artist or no title: nothing to match it by. */
  | 'unnamed'
  /** A playlist entry whose #EXTINF line and file name both do not read "Artist - Title". */
  | 'unnamedEntry'
  /** A file in a folder that is no MP3, WAV, AIFF or FLAC. */
  | 'notMusic'
  /** A music file with no tags this reader knows. */
  | 'noTags'
  /** A file the browser could not read. */
  | 'unreadable';

export type SkippedCounts = Partial<Record<SkipReason, number>>;

/** Why a whole import is refused; nothing was changed. */
export type ImportRefusal =
  /** The file is neither a rekordbox XML nor a Traktor NML. */
  | 'notCollection'
  /** The file ends before its root's end tag (an export cut short). */
  | 'cutShort'
  /** Not one track can be matched. */
  | 'nothingToMatch'
  /** A folder without a music file whose tags name its track. */
  | 'noMusicInFolder';

/** An import refused, with the file's or folder's name; the page says why in the DJ's language. */
export class CollectionImportError extends Error {
  constructor(
    readonly refusal: ImportRefusal,
    readonly subject: string,
  ) {
    super(`${subject}: ${refusal}`);
  }
}
