/**
 * Which DJ program's collection export a file is, by its first few kilobytes: rekordbox XML
 * (rekordbox-xml/) or Traktor NML (traktor-nml/). Each has its root element; the readers stream it.
 */
import { rekordboxReader } from './rekordbox-xml/reader.ts';
import { traktorReader } from './traktor-nml/reader.ts';

export type DjExport = 'rekordbox' | 'traktor';

/** The export the file's start names, or null for another file. */
export const djExportOf = (start: string): DjExport | null =>
  /<DJ_PLAYLISTS\b/.test(start) ? 'rekordbox' : /<NML\b/.test(start) ? 'traktor' : null;

/** Each export's root element: the file is whole once its end tag is read. */
export const djExportRoot: Record<DjExport, string> = { rekordbox: 'DJ_PLAYLISTS', traktor: 'NML' };

/** The collection reader of an export: feed it every tag, it gives each track once complete. */
export const collectionReader = (kind: DjExport) =>
  kind === 'rekordbox' ? rekordboxReader() : traktorReader();
