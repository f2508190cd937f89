/**
 * Names a saved file from a template such as `{artists} - {title} ({mix}).{ext}`. The result is a
 * relative path for downloads.download: values never add folders (their slashes are replaced), no
 * segment can climb out of the download folder, and every segment is a name Windows, macOS and
 * Linux all accept.
 */
import { illegalFilenameCharacters } from '../contract/safe-filename.ts';
import type { AudioFormat, Track } from '../contract/wire.ts';

export const defaultFilenameTemplate = '{artists} - {title} ({mix}).{ext}';
export const releaseFolderTemplate = '{release}/';

export const templateFields = [
  'artists',
  'title',
  'mix',
  'remixers',
  'release',
  'label',
  'genre',
  'bpm',
  'key',
  'isrc',
  'ext',
] as const;
export type TemplateField = (typeof templateFields)[number];
export type FilenameFields = Record<TemplateField, string>;

export function filenameFields(track: Track, audioFormat: AudioFormat): FilenameFields {
  const names = (refs: { name: string }[]) => refs.map((ref) => ref.name).join(', ');
  return {
    artists: names(track.artists),
    title: track.name,
    mix: track.mixName,
    remixers: names(track.remixers),
    release: track.release.name,
    label: track.label.name,
    genre: track.genre.name,
    bpm: String(track.bpm),
    key: track.key,
    isrc: track.isrc,
    ext: audioFormat,
  };
}

const placeholder = /\{([a-z]+)\}/g;

/** Why a template cannot be used, in a sentence for the options page, or null when it can. */
export function templateProblem(template: string): string | null {
  if (template.trim() === '') return 'The file name template is empty.';
  const unknown = [...template.matchAll(placeholder)]
    .map((match) => match[1] as string)
    .filter((name) => !(templateFields as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return `The file name template has unknown fields: ${unknown.map((name) => `{${name}}`).join(', ')}.`;
  }
  return null;
}

// Device names Windows reserves, with or without an extension ("CON.mp3" is refused too).
const reservedName = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// Linux and macOS allow 255 bytes per name; Windows 255 UTF-16 units. Bytes are the stricter.
const maxFileBytes = 200;
const maxFolderBytes = 100;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The longest prefix of `text` within `bytes` UTF-8 bytes, never splitting a character. */
function truncateBytes(text: string, bytes: number): string {
  let kept = '';
  let used = 0;
  for (const character of text) {
    used += utf8Length(character);
    if (used > bytes) break;
    kept += character;
  }
  return kept;
}

/** A field's value, safe inside one name: separators and illegal characters become `_`. */
function cleanValue(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[\t\n\r]/g, ' ')
    .replace(illegalFilenameCharacters, '_');
}

/** Tidies one rendered name: empty brackets of missing values, doubled spaces, dangling " - ". */
function tidy(name: string): string {
  return name
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–]+|[\s\-–]+$/g, '')
    .replace(/\s+(\.[^.\s]*)$/, '$1');
}

/**
 * One path segment made safe: no leading dots (hidden files, `.` and `..`), no trailing dots or
 * spaces (Windows drops them), no reserved device name, and within the length limit.
 */
function safeSegment(name: string, maxBytes: number, extension = ''): string {
  let stem = name.replace(/^[.\s]+/, '');
  stem = truncateBytes(stem, maxBytes - utf8Length(extension)).replace(/[.\s]+$/, '');
  if (reservedName.test(stem + extension)) stem = `_${stem}`;
  return stem ? stem + extension : '';
}

export interface RenderOptions {
  /** Puts the file in a folder named after its release. */
  folderPerRelease?: boolean;
  /** Used when the template leaves nothing of a name, e.g. `track-42`. */
  fallbackName: string;
}

/** The relative path (segments joined by `/`) a file with these fields is saved under. */
export function renderFilename(template: string, fields: FilenameFields, options: RenderOptions): string {
  const full = (options.folderPerRelease ? releaseFolderTemplate : '') + template;
  const extension = `.${cleanValue(fields.ext)}`;
  const segments = full
    .split(/[/\\]/)
    .map((segment) =>
      tidy(
        segment.replace(placeholder, (match, name: string) =>
          name in fields ? cleanValue(fields[name as TemplateField]) : cleanValue(match),
        ),
      ),
    );
  const fileSegment = segments.pop() ?? '';
  const folders = segments
    .map((segment) => safeSegment(segment, maxFolderBytes))
    .filter((segment) => segment !== '');
  // The extension is the file's type: it always ends the name, once, whatever the template says.
  const stem = fileSegment.toLowerCase().endsWith(extension.toLowerCase())
    ? fileSegment.slice(0, -extension.length)
    : fileSegment;
  const file =
    safeSegment(tidy(stem), maxFileBytes, extension) ||
    safeSegment(options.fallbackName, maxFileBytes, extension);
  return [...folders, file].join('/');
}
