/**
 * The crate formats the export dialog offers, each by the DJ application that reads it, with the
 * file it makes and one line on how that application imports it (docs/crates.md).
 */
import { m3u8 } from '../../dj-formats/m3u8/writer.ts';
import { rekordboxXml } from '../../dj-formats/rekordbox-xml/writer.ts';
import type { SavedEntry } from '../../dj-formats/saved-file.ts';
import { seratoCrate, seratoDrive } from '../../dj-formats/serato/crate.ts';
import { traktorNml } from '../../dj-formats/traktor-nml/writer.ts';
import type { DesktopOs } from '../../dj-formats/volume-path.ts';

export const crateFormats = ['rekordbox', 'serato', 'traktor', 'm3u8'] as const;
export type CrateFormat = (typeof crateFormats)[number];

export const isCrateFormat = (value: unknown): value is CrateFormat =>
  crateFormats.includes(value as CrateFormat);

export interface CrateFormatInfo {
  /** The application(s), as the dialog's choice names them. */
  label: string;
  extension: string;
  type: string;
}

export const crateFormatInfo: Record<CrateFormat, CrateFormatInfo> = {
  rekordbox: {
    label: 'rekordbox',
    extension: 'xml',
    type: 'application/xml',
  },
  serato: {
    label: 'Serato DJ',
    extension: 'crate',
    type: 'application/octet-stream',
  },
  traktor: {
    label: 'Traktor',
    extension: 'nml',
    type: 'application/xml',
  },
  m3u8: {
    label: 'Engine DJ / VirtualDJ / Mixxx (M3U8)',
    extension: 'm3u8',
    type: 'audio/x-mpegurl',
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
export function exportedCrate(
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
