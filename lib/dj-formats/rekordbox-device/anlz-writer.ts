/**
 * A track's analysis files for the stick: ANLZ0000.DAT (path, MP3 seek index, beat grid, preview
 * waveforms, cues) for every player, and ANLZ0000.EXT (path, detail waveforms, cues with names and
 * colours) for nexus and later players. Built from the store's TrackAnalysis (issue #36) and the
 * detail waveform it serves apart. Positions are written as the analysis gives them: milliseconds
 * of the decoded audio (docs/usb-stick.md says what that means on a CDJ for MP3).
 */
import type { AnalysisCue, TrackAnalysis } from '../../contract/track-analysis.ts';
import { waveformDetailColumnsPerSecond, waveformOverviewColumns } from '../../contract/track-analysis.ts';
import { beatEntry, cueEntry, extendedCueColor, extendedCueEntry, word } from './anlz-layout.ts';
import { anlzFile, type BigEndianWriter, section } from './anlz-sections.ts';
import { colorDetail, monochrome, resample } from './anlz-waveform.ts';

export interface AnlzInput {
  /** The audio file's path on the stick, "/Contents/…". */
  filePath: string;
  analysis: TrackAnalysis;
  /** The detail waveform, 150 columns a second, three bands (low, mid, high) a column. */
  waveformDetail: Uint8Array;
  /** For MP3: the byte offset of the frame at each 1/400 of the track (mp3-seek-index.ts). */
  mp3SeekIndex?: Uint32Array;
}

const noLoop = 0xffffffff;
/** Hot cues A to C go in the .DAT's list (players before the nexus 2 have three pads), D to H in the .EXT's. */
const datHotCues = 3;
const tinyPreviewColumns = 100;

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function pathSection(out: BigEndianWriter, filePath: string): void {
  section(out, 'PPTH', { lenPath: (filePath.length + 1) * 2 }, (w) => w.utf16be(filePath));
}

/** Every beat of the grid, from the first at or after 0 ms; bar positions keep the downbeat at 1. */
export function gridBeats(analysis: TrackAnalysis): { beatNumber: number; timeMs: number }[] {
  const beatMs = 60000 / analysis.bpm;
  const before = Math.floor(analysis.firstDownbeatMs / beatMs);
  const beats: { beatNumber: number; timeMs: number }[] = [];
  for (let n = -before; n < analysis.beatCount; n++) {
    const timeMs = Math.round(analysis.firstDownbeatMs + n * beatMs);
    if (timeMs > analysis.durationMs) break;
    beats.push({ beatNumber: (((n % 4) + 4) % 4) + 1, timeMs });
  }
  return beats;
}

function beatGridSection(out: BigEndianWriter, analysis: TrackAnalysis): void {
  const beats = gridBeats(analysis);
  const tempo = Math.round(analysis.bpm * 100);
  section(out, 'PQTZ', { unknown1: 0, unknown2: 0x80000, numBeats: beats.length }, (w) => {
    for (const beat of beats) w.put(beatEntry, { beatNumber: beat.beatNumber, tempo, time: beat.timeMs });
  });
}

function vbrSection(out: BigEndianWriter, index: Uint32Array): void {
  section(out, 'PVBR', { unknown: 0 }, (w) => {
    for (let i = 0; i < 400; i++) w.put(word, { value: index[i] ?? 0 });
    w.put(word, { value: 0 });
  });
}

function previewSections(out: BigEndianWriter, overview: Uint8Array): void {
  const preview = monochrome(resample(overview, waveformOverviewColumns), 31);
  section(out, 'PWAV', { lenPreview: preview.length, unknown: 0x10000 }, (w) => w.raw(preview));
  const tiny = monochrome(resample(overview, tinyPreviewColumns), 15);
  section(out, 'PWV2', { lenPreview: tiny.length, unknown: 0x10000 }, (w) => w.raw(tiny));
}

function hotCues(cues: readonly AnalysisCue[]): AnalysisCue[] {
  return cues.filter((cue) => cue.hotCue !== undefined).sort((a, b) => (a.hotCue ?? 0) - (b.hotCue ?? 0));
}

function memoryCues(cues: readonly AnalysisCue[]): AnalysisCue[] {
  return cues.filter((cue) => cue.hotCue === undefined).sort((a, b) => a.positionMs - b.positionMs);
}

/** PCOB: the cue list the older players read, memory cues chained in time order. */
function cueListSection(out: BigEndianWriter, listType: 0 | 1, cues: readonly AnalysisCue[]): void {
  const header = { type: listType, unknown: 0, numCues: cues.length, memoryCount: 0xffffffff };
  section(out, 'PCOB', header, (w) => {
    cues.forEach((cue, i) => {
      const entry = {
        hotCue: listType === 1 ? (cue.hotCue ?? 0) + 1 : 0,
        status: 0, // 4 only for an active loop
        unknown1: 0x10000,
        orderFirst: i === 0 ? 0xffff : i - 1, // the previous and next cue of the chain
        orderLast: i + 1 < cues.length ? i + 1 : 0xffff,
      };
      section(w, 'PCPT', entry, (e) => {
        // A cue point, not a loop.
        e.put(cueEntry, { type: 1, unknown2: 0x03e8, time: Math.round(cue.positionMs), loopTime: noLoop });
      });
    });
  });
}

/** PCO2: the nexus 2 cue list, with each cue's name and colour. */
function extendedCueListSection(out: BigEndianWriter, listType: 0 | 1, cues: readonly AnalysisCue[]): void {
  section(out, 'PCO2', { type: listType, numCues: cues.length, unknown: 0 }, (w) => {
    for (const cue of cues) {
      const hotCue = listType === 1 ? (cue.hotCue ?? 0) + 1 : 0;
      section(w, 'PCP2', { hotCue }, (e) => {
        e.put(extendedCueEntry, {
          type: 1,
          unknown2: 0x03e8,
          time: Math.round(cue.positionMs),
          loopTime: noLoop,
          colorId: 0, // palette colour: none, the RGB below is shown
          lenComment: (cue.name.length + 1) * 2,
        });
        e.utf16be(cue.name);
        e.put(extendedCueColor, {
          colorCode: 0,
          red: Number.parseInt(cue.color.slice(1, 3), 16),
          green: Number.parseInt(cue.color.slice(3, 5), 16),
          blue: Number.parseInt(cue.color.slice(5, 7), 16),
        });
        if ((cue.name.length + 1) % 2 === 1) e.raw(new Uint8Array(2)); // entries end on a 4-byte boundary
      });
    }
  });
}

function detailSections(out: BigEndianWriter, detail: Uint8Array): void {
  const mono = monochrome(detail, 31);
  // 0x960000: 150 columns a second.
  const pwv3 = { lenEntryBytes: 1, lenEntries: mono.length, unknown: waveformDetailColumnsPerSecond << 16 };
  section(out, 'PWV3', pwv3, (w) => w.raw(mono));
  const color = colorDetail(detail);
  section(out, 'PWV5', { lenEntryBytes: 2, lenEntries: color.length / 2, unknown: 0x960305 }, (w) =>
    w.raw(color),
  );
}

/** ANLZ0000.DAT and ANLZ0000.EXT for one track. */
export function writeAnlzFiles(input: AnlzInput): { dat: Uint8Array; ext: Uint8Array } {
  const { analysis } = input;
  const overview = decodeBase64(analysis.waveformOverview);
  const hot = hotCues(analysis.cues);
  const memory = memoryCues(analysis.cues);
  const dat = anlzFile(16 * 1024, (out) => {
    pathSection(out, input.filePath);
    if (input.mp3SeekIndex) vbrSection(out, input.mp3SeekIndex);
    beatGridSection(out, analysis);
    previewSections(out, overview);
    cueListSection(
      out,
      1,
      hot.filter((cue) => (cue.hotCue ?? 0) < datHotCues),
    );
    cueListSection(out, 0, memory);
  });
  // The detail waveforms: a byte (PWV3) and two (PWV5) per column, three bands a column given.
  const ext = anlzFile(input.waveformDetail.length + 8 * 1024, (out) => {
    pathSection(out, input.filePath);
    detailSections(out, input.waveformDetail);
    cueListSection(
      out,
      1,
      hot.filter((cue) => (cue.hotCue ?? 0) >= datHotCues),
    );
    cueListSection(out, 0, []);
    extendedCueListSection(out, 1, hot);
    extendedCueListSection(out, 0, memory);
  });
  return { dat, ext };
}
