import { safeFilename } from '../../lib/contract/safe-filename.ts';
import { artistsAndTitle } from '../../lib/contract/track-display.ts';
import type { Track } from '../../lib/contract/wire.ts';

/** "Artist, Artist - Title (Mix).ext", safe to save on any system. */
export function downloadFilename(track: Track, extension: string): string {
  const base = safeFilename(artistsAndTitle(track), 200);
  return `${base || `track-${track.id}`}.${extension}`;
}

// RFC 5987 attr-char: what encodeURIComponent leaves alone, minus the few it allows that RFC 5987 does not.
const encodeAttrChars = (text: string) =>
  encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${(char.codePointAt(0) as number).toString(16).toUpperCase()}`,
  );

/**
 * Content-Disposition for a download (RFC 6266): an ASCII `filename` every client understands, plus
 * `filename*` in UTF-8 when the name has characters outside ASCII ("Chloé" stays "Chloé" where supported).
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  if (ascii === filename) return `attachment; filename="${filename}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeAttrChars(filename)}`;
}
