/**
 * Names a saved file from a template such as `{artist} - {title} ({mix}).{format}`. The result is a
 * relative path for downloads.download: values never add folders (their slashes are replaced), no
 * segment can climb out of the download folder, and every segment is a name Windows, macOS and
 * Linux all accept. A field the store has no value for renders empty, and the brackets or
 * separator around it go with it: a name never says "undefined" or "0".
 */
import { formatKey, type KeyNotation, parseKey } from '../contract/musical-key.ts';
import { illegalFilenameCharacters } from '../contract/safe-filename.ts';
import { isBpm } from '../contract/track-display.ts';
import type { AudioFormat, Release, Track } from '../contract/wire.ts';

export const defaultFilenameTemplate = '{artist} - {title} ({mix}).{format}';
export const releaseFolderTemplate = '{release}/';

/**
 * Every field a template may use, in the order the options page lists them with what each holds
 * (locales/<language>.json, `options.field.<name>`).
 */
export const templateFields = [
  'artist',
  'title',
  'mix',
  'release',
  'label',
  'catalog',
  'year',
  'track',
  'bpm',
  'key',
  'camelot',
  'format',
  'isrc',
  'remixers',
  'genre',
] as const;

export type TemplateField = (typeof templateFields)[number];
export type FilenameFields = Record<TemplateField, string>;

/** Older names still read, so a template saved before the rename keeps working. */
const fieldAliases: Record<string, TemplateField> = { artists: 'artist', ext: 'format' };

const fieldOf = (name: string): TemplateField | undefined =>
  (templateFields as readonly string[]).includes(name)
    ? (name as TemplateField)
    : Object.hasOwn(fieldAliases, name)
      ? fieldAliases[name]
      : undefined;

const placeholder = /\{([^{}]*)\}/g;

/** Fields that need the track's release record (the library entry carries only its name). */
const releaseFields: readonly TemplateField[] = ['catalog', 'track'];

/** The known fields a template uses, once each, in order (old names as their new ones). */
export function fieldsUsed(template: string): TemplateField[] {
  const used = [...template.matchAll(placeholder)].flatMap((match) => fieldOf(match[1] as string) ?? []);
  return [...new Set(used)];
}

/** Whether naming by this template needs the tracks' release records. */
export function templateNeedsRelease(template: string): boolean {
  return fieldsUsed(template).some((field) => releaseFields.includes(field));
}

export interface FilenameContext {
  /** The track's release from the catalog, for {catalog} and {track}; those are empty without it. */
  release?: Pick<Release, 'catalogNumber' | 'trackIds'>;
  /** The notation {key} is written in. */
  keyNotation?: KeyNotation;
}

/** What each field holds for one file: an empty string when the store has no value for it. */
export function filenameFields(
  track: Track,
  audioFormat: AudioFormat,
  { release, keyNotation = 'musical' }: FilenameContext = {},
): FilenameFields {
  const names = (refs: { name: string }[]) => refs.map((ref) => ref.name).join(', ');
  const key = parseKey(track.key);
  const position = release ? release.trackIds.indexOf(track.id) : -1;
  const width = Math.max(2, String(release?.trackIds.length ?? 0).length);
  return {
    artist: names(track.artists),
    title: track.name,
    mix: track.mixName,
    release: track.release.name,
    label: track.label.name,
    catalog: release?.catalogNumber ?? '',
    year: /^(\d{4})/.exec(track.publishDate)?.[1] ?? '',
    track: position >= 0 ? String(position + 1).padStart(width, '0') : '',
    bpm: isBpm(track.bpm) ? String(track.bpm) : '',
    // A key the notations cannot read is kept as the store wrote it; {camelot} has no such fallback.
    key: key ? formatKey(key, keyNotation) : track.key.trim(),
    camelot: key ? formatKey(key, 'camelot') : '',
    format: audioFormat,
    isrc: track.isrc,
    remixers: names(track.remixers),
    genre: track.genre.name,
  };
}

// What a template's own text may not hold (values are cleaned instead): "/" is the folder separator.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it matches
const illegalTemplateCharacter = /[<>:"\\|?*\u0000-\u001f\u007f]/;

/**
 * Why a template cannot be used: the problem's message (`options.problem.<problem>` in
 * locales/<language>.json, worded by template-problem.ts) and its values; null when it can.
 */
export interface TemplateIssue {
  problem:
    | 'templateEmpty'
    | 'nestedOpen'
    | 'strayClose'
    | 'unclosed'
    | 'unknownFields'
    | 'backslash'
    | 'controlCharacter'
    | 'illegalCharacter'
    | 'dotFolder'
    | 'endsWithSlash';
  value?: string;
}

export function templateIssue(template: string): TemplateIssue | null {
  if (template.trim() === '') return { problem: 'templateEmpty', value: '{title}' };
  let open = -1;
  for (const [index, character] of [...template].entries()) {
    if (character === '{') {
      if (open >= 0) return { problem: 'nestedOpen', value: String(index + 1) };
      open = index;
    } else if (character === '}') {
      if (open < 0) return { problem: 'strayClose', value: String(index + 1) };
      open = -1;
    }
  }
  if (open >= 0) return { problem: 'unclosed', value: String(open + 1) };
  const unknown = [...template.matchAll(placeholder)]
    .map((match) => match[1] as string)
    .filter((name) => fieldOf(name) === undefined);
  if (unknown.length > 0) {
    return { problem: 'unknownFields', value: [...new Set(unknown)].map((name) => `{${name}}`).join(', ') };
  }
  const text = template.replace(placeholder, '');
  if (text.includes('\\')) return { problem: 'backslash' };
  const illegal = illegalTemplateCharacter.exec(text)?.[0];
  if (illegal) {
    const control = (illegal.codePointAt(0) ?? 0) < 0x20 || illegal === '\u007f';
    return control ? { problem: 'controlCharacter' } : { problem: 'illegalCharacter', value: illegal };
  }
  const segments = template.split('/');
  if (segments.some((segment) => segment.trim() === '.' || segment.trim() === '..'))
    return { problem: 'dotFolder' };
  if ((segments.at(-1) ?? '').trim() === '') return { problem: 'endsWithSlash' };
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
  return (
    name
      .replace(/\(\s*\)|\[\s*\]/g, '')
      .replace(/\s+/g, ' ')
      // "A - {catalog} - B" without a catalogue number: one separator, not two.
      .replace(/( [-–])(?: [-–])+(?= )/g, '$1')
      .replace(/^[\s\-–]+|[\s\-–]+$/g, '')
      .replace(/\s+(\.[^.\s]*)$/, '$1')
  );
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
  const extension = `.${cleanValue(fields.format)}`;
  const segments = full.split(/[/\\]/).map((segment) =>
    tidy(
      segment.replace(placeholder, (match, name: string) => {
        const field = fieldOf(name);
        return cleanValue(field ? fields[field] : match);
      }),
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
