/**
 * The crate formats the export dialog offers, each by the DJ application that reads it, with the
 * file it makes and one line on how that application imports it (docs/crates.md).
 */
import { m3u8, rekordboxXml, type SavedEntry } from './crate-export.ts';
import { seratoCrate, seratoDrive } from './serato-crate.ts';
import { traktorNml } from './traktor-nml.ts';
import type { DesktopOs } from './volume-path.ts';

export const crateFormats = ['rekordbox', 'serato', 'traktor', 'm3u8'] as const;
export type CrateFormat = (typeof crateFormats)[number];

export const isCrateFormat = (value: unknown): value is CrateFormat =>
  crateFormats.includes(value as CrateFormat);

export interface CrateFormatInfo {
  /** The application(s), as the dialog's choice names them. */
  label: string;
  extension: string;
  type: string;
  /** How the application imports the file, in one line. */
  howTo: string;
}

export const crateFormatInfo: Record<CrateFormat, CrateFormatInfo> = {
  rekordbox: {
    label: 'rekordbox',
    extension: 'xml',
    type: 'application/xml',
    howTo:
      'rekordbox: Preferences › Advanced › Database › rekordbox xml, choose this file; the crate is under "rekordbox xml" in the tree.',
  },
  serato: {
    label: 'Serato DJ',
    extension: 'crate',
    type: 'application/octet-stream',
    howTo:
      "Serato DJ: move the file into _Serato_/Subcrates (Music/_Serato_ in your home folder, or the drive's own _Serato_) and restart Serato.",
  },
  traktor: {
    label: 'Traktor',
    extension: 'nml',
    type: 'application/xml',
    howTo: 'Traktor: right-click Playlists in the browser, Import Playlist, and choose this file.',
  },
  m3u8: {
    label: 'Engine DJ / VirtualDJ / Mixxx (M3U8)',
    extension: 'm3u8',
    type: 'audio/x-mpegurl',
    howTo:
      'Engine DJ, VirtualDJ, Mixxx: import it as a playlist (or drag it in); it stays in your downloads, beside the tracks.',
  },
};

export interface CrateFileContext {
  crateName: string;
  os: DesktopOs;
  /** The extension's version (rekordbox's PRODUCT). */
  version: string;
  /** The store's host, for each track's comment. */
  store: string;
  now: Date;
  uuid: string;
}

/** A crate's file in a format: its content, and (Serato) the drive it belongs on, null for the system drive. */
export function crateFile(
  format: CrateFormat,
  saved: readonly SavedEntry[],
  context: CrateFileContext,
): { content: string | Uint8Array; drive?: string | null } {
  switch (format) {
    case 'm3u8':
      return { content: m3u8(saved) };
    case 'rekordbox':
      return { content: rekordboxXml(context.crateName, saved, context) };
    case 'traktor':
      return { content: traktorNml(context.crateName, saved, context) };
    case 'serato': {
      const [first] = saved;
      return {
        content: seratoCrate(saved, context.os),
        drive: first ? seratoDrive(first.location, context.os) : null,
      };
    }
  }
}

/**
 * Serato keeps a crate on the drive its tracks are on: the files on the drive most of them share
 * go in the crate, the others are named apart with that drive.
 */
export function onOneDrive(
  saved: readonly SavedEntry[],
  os: DesktopOs,
): { kept: SavedEntry[]; elsewhere: { saved: SavedEntry; drive: string }[] } {
  const driveOf = (file: SavedEntry) => seratoDrive(file.location, os) ?? '';
  const counts = new Map<string, number>();
  for (const file of saved) counts.set(driveOf(file), (counts.get(driveOf(file)) ?? 0) + 1);
  const [main] = [...counts].sort((a, b) => b[1] - a[1]).map(([drive]) => drive);
  return {
    kept: saved.filter((file) => driveOf(file) === main),
    elsewhere: saved
      .filter((file) => driveOf(file) !== main)
      .map((file) => ({ saved: file, drive: driveOf(file) || 'the system drive' })),
  };
}
