/**
 * Reads an analysis file (ANLZ0000.DAT/.EXT) with the layouts the writer uses (anlz-layout.ts):
 * the PMAI header, then each tagged section with its header decoded and its body kept as bytes;
 * the path, beat grid and cue lists decoded further. Sections it has no layout for (PSSI, PWV6…)
 * are kept whole, tag and bytes.
 */

import {
  beatEntry,
  cueEntry,
  extendedCueColor,
  extendedCueEntry,
  fileHeader,
  type SectionTag,
  sectionHeader,
  sectionHeaders,
} from './anlz-layout.ts';
import type { Field, Layout } from './binary-layout.ts';

export interface AnlzSection {
  tag: string;
  /** The tag's header fields after the common 12 bytes; empty for a tag without a layout. */
  header: Record<string, unknown>;
  /** The section past its header. */
  body: Uint8Array;
  /** The section whole, as the file holds it. */
  bytes: Uint8Array;
}

export interface AnlzCue {
  /** 0 for a memory cue, 1 up for hot cue A up. */
  hotCue: number;
  timeMs: number;
  /** PCP2 only. */
  name?: string;
  color?: string;
}

function utf16be(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const unit = ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
    if (unit === 0) break;
    text += String.fromCharCode(unit);
  }
  return text;
}

/** The sections from `start` to `end` of `file`. */
function sectionsIn(file: Uint8Array, start: number, end: number): AnlzSection[] {
  const sections: AnlzSection[] = [];
  for (let at = start; at + sectionHeader.size <= end; ) {
    const { tag, lenHeader, lenTag } = sectionHeader.read(file, at);
    if (lenTag < sectionHeader.size || at + lenTag > end || lenHeader > lenTag)
      throw new Error(`A broken ${tag} section at ${at}`);
    const shape = sectionHeaders[tag as SectionTag] as Layout<Record<string, Field>> | undefined;
    sections.push({
      tag,
      header: shape ? shape.read(file, at + sectionHeader.size) : {},
      body: file.subarray(at + lenHeader, at + lenTag),
      bytes: file.subarray(at, at + lenTag),
    });
    at += lenTag;
  }
  return sections;
}

/** Every section of an analysis file; throws on a file that is not one. */
export function readAnlz(file: Uint8Array): AnlzSection[] {
  if (file.length < fileHeader.size) throw new Error('Not a rekordbox analysis file');
  const header = fileHeader.read(file);
  if (header.tag !== 'PMAI' || header.lenFile > file.length) throw new Error('Not a rekordbox analysis file');
  return sectionsIn(file, header.lenHeader, header.lenFile);
}

/** The audio file's path the PPTH section names. */
export function anlzPath(sections: readonly AnlzSection[]): string | undefined {
  const path = sections.find((s) => s.tag === 'PPTH');
  return path && utf16be(path.body);
}

/** The PQTZ beat grid: bar position (1 to 4), centi-BPM and time of each beat. */
export function anlzBeats(sections: readonly AnlzSection[]) {
  const grid = sections.find((s) => s.tag === 'PQTZ');
  if (grid === undefined) return [];
  const count = grid.header.numBeats as number;
  return Array.from({ length: count }, (_, i) => beatEntry.read(grid.body, i * beatEntry.size));
}

function cueOf(entry: AnlzSection): AnlzCue {
  const hotCue = entry.header.hotCue as number;
  if (entry.tag === 'PCPT') return { hotCue, timeMs: cueEntry.read(entry.body).time };
  const fixed = extendedCueEntry.read(entry.body);
  const nameAt = extendedCueEntry.size;
  const color = extendedCueColor.read(entry.body, nameAt + fixed.lenComment);
  const hex = [color.red, color.green, color.blue].map((c) => c.toString(16).padStart(2, '0')).join('');
  return {
    hotCue,
    timeMs: fixed.time,
    name: utf16be(entry.body.subarray(nameAt, nameAt + fixed.lenComment)),
    color: `#${hex}`,
  };
}

/** The cues of the PCOB (or PCO2, `extended`) lists: hot cues (list type 1) or memory cues (0). */
export function anlzCues(sections: readonly AnlzSection[], listType: 0 | 1, extended = false): AnlzCue[] {
  const tag = extended ? 'PCO2' : 'PCOB';
  return sections
    .filter((s) => s.tag === tag && s.header.type === listType)
    .flatMap((list) => sectionsIn(list.body, 0, list.body.length).map(cueOf));
}
