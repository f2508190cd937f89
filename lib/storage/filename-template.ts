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

/** Every field a template may use, with what it holds, in a DJ's words (the options page lists them). */
export const templateFieldHelp = {
  artist: 'the artists, e.g. "Bicep, Hammer"',
  title: 'the track title',
  mix: 'the mix, e.g. "Extended Mix"',
  release: 'the release (EP or album) the track is on',
  label: 'the record label',
  catalog: 'the label\'s catalogue number, e.g. "NINJA123"',
  year: 'the year the track came out',
  track: 'its number on the release, e.g. "03"',
  bpm: 'the tempo, e.g. "124"',
  key: 'the key, in the notation chosen above',
  camelot: 'the key on the Camelot wheel, e.g. "8A"',
  format: 'mp3, wav or aiff: the file type',
  isrc: "the recording's ISRC code",
  remixers: 'the remixers, if any',
  genre: "the store's genre",
} as const;

export type TemplateField = keyof typeof templateFieldHelp;
export const templateFields = Object.keys(templateFieldHelp) as TemplateField[];
export type FilenameFields = Record<TemplateField, string>;

/** Older names still read, so a template saved before the rename keeps working. */
const fieldAliases: Record<string, TemplateField> = { artists: 'artist', ext: 'format' };

const fieldOf = (name: string): TemplateField | undefined =>
  Object.hasOwn(templateFieldHelp, name)
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

const describeCharacter = (character: string) =>
  (character.codePointAt(0) ?? 0) < 0x20 || character === '\u007f' ? 'a control character' : `"${character}"`;

/** Why a template cannot be used, in a sentence for the options page, or null when it can. */
export function templateProblem(template: string): string | null {
  if (template.trim() === '')
    return 'The file name template is empty: type at least one field, e.g. {title}.';
  let open = -1;
  for (const [index, character] of [...template].entries()) {
    if (character === '{') {
      if (open >= 0)
        return `A "{" opens inside another field (character ${index + 1}): close the first with "}".`;
      open = index;
    } else if (character === '}') {
      if (open < 0) return `A "}" has no "{" before it (character ${index + 1}).`;
      open = -1;
    }
  }
  if (open >= 0) return `A "{" is not closed (character ${open + 1}): add "}" after the field name.`;
  const unknown = [...template.matchAll(placeholder)]
    .map((match) => match[1] as string)
    .filter((name) => fieldOf(name) === undefined);
  if (unknown.length > 0) {
    const list = [...new Set(unknown)].map((name) => `{${name}}`).join(', ');
    return `Unknown field${unknown.length > 1 ? 's' : ''} ${list}: use the fields listed below.`;
  }
  const text = template.replace(placeholder, '');
  if (text.includes('\\')) return 'Use "/" for folders, not "\\".';
  const illegal = illegalTemplateCharacter.exec(text)?.[0];
  if (illegal) return `${describeCharacter(illegal)} cannot be in a file or folder name on Windows or macOS.`;
  const segments = template.split('/');
  if (segments.some((segment) => segment.trim() === '.' || segment.trim() === '..'))
    return 'A folder cannot be "." or "..": files stay inside your download folder.';
  if ((segments.at(-1) ?? '').trim() === '') return 'The template ends with "/": add the file name after it.';
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
