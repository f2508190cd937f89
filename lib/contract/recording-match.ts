/**
 * When two tracks are the same recording: the rule the collection import (options page), the
 * store pages (content script) and the popup's cart share, so it lives once. A store could use it
 * to de-duplicate its own catalog, hence lib/contract.
 *
 * The rule (docs/collection.md): ISRC when both sides have one; otherwise the same set of artists,
 * the same title and the same mix, each compared after folding case, accents and punctuation, with
 * "Original Mix" (or "Original", "Original Version") the same as no mix name. A mix may be given
 * apart, or at the title's end in brackets or after a dash ("Glue - Extended Mix"). Another mix, another
 * artist or a missing artist is not the same recording: a false "you have this" costs a DJ a track
 * they wanted, a missed one only a look.
 */

export interface Recording {
  /** Main artists as one string ("A & B feat. C") or as a list; remixers are not artists here. */
  artists: string | readonly string[];
  title: string;
  /** The mix name ("Extended Mix"); empty or absent: the title may end with it in brackets. */
  mix?: string | null;
  isrc?: string | null;
}

/** Letters without a decomposition of their own, folded as a person reading them would. */
const extraFolds: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

/**
 * Case, accents and punctuation folded away: "Beyoncé – Déjà Vu!" and "beyonce deja vu" fold the
 * same. Apostrophes vanish ("Don't" is "dont"), other punctuation separates words; `&` and `+`
 * read "and" so "Drum & Bass" and "Drum and Bass" agree. Idempotent.
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđłıþ]/g, (letter) => extraFolds[letter] ?? letter)
    .replace(/['’‘`´]/g, '')
    .replace(/\s*[&+]\s*/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Where one artist ends and the next begins. Each side of a comparison is split the same way, so a
 * name that holds a separator ("Above & Beyond") splits alike on both sides and still matches.
 * " x " is a separator (collaborations "A x B"); "and" written out is not ("Chase and Status").
 */
const artistSeparators =
  /\s*(?:[,;/&]|\s(?:feat|featuring|ft|vs|versus|with|x)\.?\s|\((?:feat|featuring|ft)\.?\s|\))\s*/giu;

const leadingSeparatorWord = /^\s*(?:feat|featuring|ft|vs|versus|with|x)\.?\s+/i;

/** The artists' names as written, one per artist: "A feat. B" is ["A", "B"]. */
export function splitArtists(artists: string | readonly string[]): string[] {
  const joined = typeof artists === 'string' ? artists : artists.join(', ');
  return (
    ` ${joined} `
      .split(artistSeparators)
      // A separator word right after a bracket ("A (UK) vs. B"): the bracket took the space before it.
      .map((name, i) => (i > 0 ? name.replace(leadingSeparatorWord, '') : name).trim())
      .filter(Boolean)
  );
}

/** The artists as folded names, sorted and without repeats: "B & A" and "A, B" give the same list. */
export function foldedArtists(artists: string | readonly string[]): string[] {
  const names = splitArtists(artists).map(fold).filter(Boolean);
  return [...new Set(names)].sort();
}

const originalMix = /^original(?: (?:mix|version))?$/;
/** A title's last bracket, which may hold one of its own: "(Felix Weiß (BR) Remix)". */
const trailingBrackets = /\s*[([]((?:[^()[\]]|\([^()[\]]*\))*)[)\]]\s*$/;
const featuring = /^(?:feat|featuring|ft)\.?\s/i;
/** " - Extended Mix" at a title's end, as stores' file names and tag editors write the mix. */
const trailingDashPart = /\s+[-–—]\s+([^-–—]+)$/;
/** The words a mix name ends with: only such a dashed part is a mix, "Song - Live at X" is a title. */
const mixWord =
  /(?:^| )(?:mix|remix|rmx|edit|re edit|dub|version|rework|remaster|remastered|vip|bootleg|instrumental|original|refix|reprise)$/;

/**
 * Title, mix and extra artists: a title's trailing "(Extended Mix)" or " - Extended Mix" is its
 * mix when no mix is given, and a "(feat. C)" anywhere in it names an artist, as stores list
 * featured artists.
 */
export function titleParts(title: string, mix: string): { title: string; mix: string; featured: string[] } {
  let rest = title;
  let mixName = mix;
  const featured: string[] = [];
  for (;;) {
    const bracket = trailingBrackets.exec(rest);
    const dashed = bracket ? null : trailingDashPart.exec(rest);
    const match = bracket ?? dashed;
    if (!match) break;
    const inside = (match[1] ?? '').trim();
    if (bracket && featuring.test(inside)) featured.push(inside.replace(featuring, ''));
    else if (dashed && !isMixName(inside)) break;
    else if (mixName === '') mixName = inside;
    // A title that repeats its mix ("Glue (Extended Mix)" and "Extended Mix") says it once.
    else if (foldMix(inside) !== foldMix(mixName)) break;
    rest = rest.slice(0, match.index);
  }
  return { title: rest, mix: mixName, featured };
}

/** Whether text ends with a word mix names end with ("Extended Mix", "Dub", "VIP"). */
export const isMixName = (text: string): boolean => mixWord.test(fold(text));

/** The folded mix name, empty for the original. */
export function foldMix(mix: string): string {
  const folded = fold(mix);
  return originalMix.test(folded) ? '' : folded;
}

/** The folded ISRC ("GB-XYZ-24-00103" is "GBXYZ2400103"), or null when it is not one. */
export function foldIsrc(isrc: string | null | undefined): string | null {
  const folded = (isrc ?? '').replace(/[^0-9a-z]/gi, '').toUpperCase();
  return /^[A-Z]{2}[0-9A-Z]{3}[0-9]{7}$/.test(folded) ? folded : null;
}

/**
 * What identifies a recording by its names, or null when it has too little to be matched (no
 * artist or no title): such a track is never "in your collection".
 */
export function namesKey(recording: Recording): string | null {
  const names = recordingNames(recording);
  return names && `${names.artists}\u0001${names.title}\u0001${names.mix}`;
}

/**
 * The folded artists, title and mix namesKey is made of, or null when too little: apart, so a
 * store can tell "the same recording" from "the same title and artists, another mix".
 */
export function recordingNames(recording: Recording): { artists: string; title: string; mix: string } | null {
  const parts = titleParts(recording.title, recording.mix?.trim() ?? '');
  const artists = foldedArtists([
    ...(typeof recording.artists === 'string' ? [recording.artists] : recording.artists),
    ...parts.featured,
  ]);
  const title = fold(parts.title);
  if (artists.length === 0 || title === '') return null;
  return { artists: artists.join('|'), title, mix: foldMix(parts.mix) };
}

/** Whether two tracks are the same recording (the rule above). */
export function sameRecording(a: Recording, b: Recording): boolean {
  const isrcA = foldIsrc(a.isrc);
  const isrcB = foldIsrc(b.isrc);
  if (isrcA !== null && isrcB !== null) return isrcA === isrcB;
  const names = namesKey(a);
  return names !== null && names === namesKey(b);
}

/**
 * The keys a collection's track is filed under, so a lookup is a set membership instead of a
 * comparison with every track: `i:` its ISRC, and its names as `n:` (no ISRC: names decide) or
 * `N:` (has an ISRC: names decide only against a track without one).
 */
export function collectionKeys(recording: Recording): string[] {
  const isrc = foldIsrc(recording.isrc);
  const names = namesKey(recording);
  const keys = isrc === null ? [] : [`i:${isrc}`];
  if (names !== null) keys.push(`${isrc === null ? 'n' : 'N'}:${names}`);
  return keys;
}

/** The keys to look a store track up under: any one filed in the collection is a match. */
export function lookupKeys(recording: Recording): string[] {
  const isrc = foldIsrc(recording.isrc);
  const names = namesKey(recording);
  const keys = isrc === null ? [] : [`i:${isrc}`];
  if (names !== null) keys.push(`n:${names}`, ...(isrc === null ? [`N:${names}`] : []));
  return keys;
}
