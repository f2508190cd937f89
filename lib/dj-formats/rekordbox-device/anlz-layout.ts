/**
 * The analysis files' structures (ANLZ0000.DAT/.EXT), once, as data: crate-digger's
 * rekordbox_anlz.ksy (`file header`, `tagged_section`, and each section's header and entries),
 * big-endian. The writer (anlz-sections.ts, anlz-writer.ts) and the reader (anlz-reader.ts) are both
 * made from these tables.
 */
import { bytes, layout, tag, u8, u16, u32 } from './binary-layout.ts';

/** The PMAI file header: its length (0x1c) and the file's. */
export const fileHeader = layout('be', {
  tag,
  lenHeader: u32,
  lenFile: u32,
  unknown1: u32,
  unknown2: u32,
  unknown3: u32,
  unknown4: u32,
});

/** What every section starts with: its tag, the length of its header and of the whole section. */
export const sectionHeader = layout('be', { tag, lenHeader: u32, lenTag: u32 });

/** Each section's header after the common 12 bytes, by tag. */
export const sectionHeaders = {
  PPTH: layout('be', { lenPath: u32 }),
  PVBR: layout('be', { unknown: u32 }),
  PQTZ: layout('be', { unknown1: u32, unknown2: u32, numBeats: u32 }),
  PWAV: layout('be', { lenPreview: u32, unknown: u32 }),
  PWV2: layout('be', { lenPreview: u32, unknown: u32 }),
  PWV3: layout('be', { lenEntryBytes: u32, lenEntries: u32, unknown: u32 }),
  PWV4: layout('be', { lenEntryBytes: u32, lenEntries: u32, unknown: u32 }),
  PWV5: layout('be', { lenEntryBytes: u32, lenEntries: u32, unknown: u32 }),
  PCOB: layout('be', { type: u32, unknown: u16, numCues: u16, memoryCount: u32 }),
  PCO2: layout('be', { type: u32, numCues: u16, unknown: u16 }),
  PCPT: layout('be', { hotCue: u32, status: u32, unknown1: u32, orderFirst: u16, orderLast: u16 }),
  PCP2: layout('be', { hotCue: u32 }),
};
export type SectionTag = keyof typeof sectionHeaders;

/** One beat of the PQTZ grid. */
export const beatEntry = layout('be', { beatNumber: u16, tempo: u16, time: u32 });

/** A PCPT entry's body: a cue point (type 1) or loop (2) and its time in milliseconds. */
export const cueEntry = layout('be', {
  type: u8,
  unknown1: u8,
  unknown2: u16,
  time: u32,
  loopTime: u32,
  padding: bytes(16),
});

/** A PCP2 entry's body up to its comment (UTF-16BE, `lenComment` bytes with the NUL). */
export const extendedCueEntry = layout('be', {
  type: u8,
  unknown1: u8,
  unknown2: u16,
  time: u32,
  loopTime: u32,
  colorId: u8,
  padding: bytes(7),
  loopNumerator: u16,
  loopDenominator: u16,
  lenComment: u32,
});

/** After a PCP2 comment: the colour shown, as a code and its RGB. */
export const extendedCueColor = layout('be', { colorCode: u8, red: u8, green: u8, blue: u8 });

/** One word of a body that is a list of 32-bit values (PVBR's index). */
export const word = layout('be', { value: u32 });
