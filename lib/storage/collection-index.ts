/**
 * The compact collection index the store pages read (owner: options page; readers: content
 * script, popup). Each source keeps its recordings' match keys (lib/contract/recording-match.ts)
 * as 64-bit hashes, sorted, in base64: 8 bytes a key, so 100,000 tracks take about 1 MB of
 * storage.local, decoded once per page into a typed array and searched by bisection. Two
 * independent 32-bit hashes make a false match among 100,000 keys about one in 10^9.
 */
import { lookupKeys, type Recording } from '../contract/recording-match.ts';

export interface CollectionSourceIndex {
  /** `<kind>:<file or folder name>`: importing the same again replaces it. */
  id: string;
  kind: CollectionSourceKind;
  /** What the page says: "rekordbox", "Traktor", a playlist's or a folder's name. */
  name: string;
  tracks: number;
  /** When it was imported (ISO 8601): a page re-decodes a source only when this changes. */
  importedAt: string;
  /** The sorted hashes, two uint32 per key (high, low), as base64. */
  keys: string;
}

export type CollectionSourceKind = 'rekordbox' | 'traktor' | 'playlist' | 'folder';

export interface CollectionIndex {
  sources: CollectionSourceIndex[];
}

/** Two 32-bit hashes of a string (FNV-1a and a multiply-rotate one, different seeds). */
export function hashKey(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  return [a >>> 0, (b ^ (b >>> 16)) >>> 0];
}

/** The keys' hashes, sorted and without repeats, as base64. */
export function encodeKeys(keys: Iterable<string>): string {
  const pairs = [...keys].map(hashKey).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const words = new Uint32Array(pairs.length * 2);
  let n = 0;
  for (const [high, low] of pairs) {
    if (n > 0 && words[n - 2] === high && words[n - 1] === low) continue;
    words[n++] = high;
    words[n++] = low;
  }
  const bytes = new Uint8Array(words.buffer, 0, n * 4);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A source's keys, decoded for lookups. */
export function decodeKeys(base64: string): Uint32Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Uint32Array(bytes.buffer, 0, bytes.length >> 2);
}

/** Whether the decoded keys hold `key`: a bisection over the sorted pairs. */
export function hasKey(words: Uint32Array, key: string): boolean {
  const [high, low] = hashKey(key);
  let lo = 0;
  let hi = words.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const h = words[mid * 2] as number;
    const l = words[mid * 2 + 1] as number;
    if (h === high && l === low) return true;
    if (h < high || (h === high && l < low)) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * The name of the first source holding a recording ("rekordbox"), or null. Each source's keys are
 * decoded once here, so make one lookup per index and ask it for every track.
 */
export function collectionLookup(
  index: CollectionIndex | null | undefined,
): (recording: Recording) => string | null {
  const sources = (index?.sources ?? []).map(({ name, keys }) => ({ name, words: decodeKeys(keys) }));
  return (recording) => {
    if (sources.length === 0) return null;
    const keys = lookupKeys(recording);
    return sources.find(({ words }) => keys.some((key) => hasKey(words, key)))?.name ?? null;
  };
}
