/**
 * A track's analysis files for the stick: ANLZ0000.DAT (path, MP3 seek index, beat grid, preview
 * waveforms, cues) for every player, and ANLZ0000.EXT (path, detail waveforms, cues with names and
 * colours) for nexus and later players. Built from the store's TrackAnalysis (issue #36) and the
 * detail waveform it serves apart. Positions are written as the analysis gives them: milliseconds
 * of the decoded audio (docs/usb-stick.md says what that means on a CDJ for MP3).
 */
import type { AnalysisCue, TrackAnalysis } from '../../contract/track-analysis.ts';
import { waveformDetailColumnsPerSecond, waveformOverviewColumns } from '../../contract/track-analysis.ts';
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
  section(
    out,
    'PPTH',
    (w) => w.u32((filePath.length + 1) * 2),
    (w) => w.utf16be(filePath),
  );
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
  section(
    out,
    'PQTZ',
    (w) => w.u32(0).u32(0x80000).u32(beats.length),
    (w) => {
      for (const beat of beats) w.u16(beat.beatNumber).u16(tempo).u32(beat.timeMs);
    },
  );
}

function vbrSection(out: BigEndianWriter, index: Uint32Array): void {
  section(
    out,
    'PVBR',
    (w) => w.u32(0),
    (w) => {
      for (let i = 0; i < 400; i++) w.u32(index[i] ?? 0);
      w.u32(0);
    },
  );
}

function previewSections(out: BigEndianWriter, overview: Uint8Array): void {
  const preview = monochrome(resample(overview, waveformOverviewColumns), 31);
  section(
    out,
    'PWAV',
    (w) => w.u32(preview.length).u32(0x10000),
    (w) => w.raw(preview),
  );
  const tiny = monochrome(resample(overview, tinyPreviewColumns), 15);
  section(
    out,
    'PWV2',
    (w) => w.u32(tiny.length).u32(0x10000),
    (w) => w.raw(tiny),
  );
}

function hotCues(cues: readonly AnalysisCue[]): AnalysisCue[] {
  return cues.filter((cue) => cue.hotCue !== undefined).sort((a, b) => (a.hotCue ?? 0) - (b.hotCue ?? 0));
}

function memoryCues(cues: readonly AnalysisCue[]): AnalysisCue[] {
  return cues.filter((cue) => cue.hotCue === undefined).sort((a, b) => a.positionMs - b.positionMs);
}

/** PCOB: the cue list the older players read, memory cues chained in time order. */
function cueListSection(out: BigEndianWriter, listType: 0 | 1, cues: readonly AnalysisCue[]): void {
  section(
    out,
    'PCOB',
    (w) => w.u32(listType).u16(0).u16(cues.length).u32(0xffffffff),
    (w) => {
      cues.forEach((cue, i) => {
        section(
          w,
          'PCPT',
          (e) =>
            e
              .u32(listType === 1 ? (cue.hotCue ?? 0) + 1 : 0)
              .u32(0) // status: 4 only for an active loop
              .u32(0x10000)
              .u16(i === 0 ? 0xffff : i - 1) // the previous and next cue of the chain
              .u16(i + 1 < cues.length ? i + 1 : 0xffff),
          (e) => {
            e.u8(1).u8(0).u8(0x03).u8(0xe8); // a cue point, not a loop
            e.u32(Math.round(cue.positionMs)).u32(noLoop);
            e.raw(new Uint8Array(16));
          },
        );
      });
    },
  );
}

/** PCO2: the nexus 2 cue list, with each cue's name and colour. */
function extendedCueListSection(out: BigEndianWriter, listType: 0 | 1, cues: readonly AnalysisCue[]): void {
  section(
    out,
    'PCO2',
    (w) => w.u32(listType).u16(cues.length).u16(0),
    (w) => {
      for (const cue of cues) {
        const red = Number.parseInt(cue.color.slice(1, 3), 16);
        const green = Number.parseInt(cue.color.slice(3, 5), 16);
        const blue = Number.parseInt(cue.color.slice(5, 7), 16);
        section(
          w,
          'PCP2',
          (e) => e.u32(listType === 1 ? (cue.hotCue ?? 0) + 1 : 0),
          (e) => {
            e.u8(1).u8(0).u8(0x03).u8(0xe8);
            e.u32(Math.round(cue.positionMs)).u32(noLoop);
            e.u8(0).raw(new Uint8Array(7)); // palette colour id: none, the RGB below is shown
            e.u16(0).u16(0); // loop length in beats: not a loop
            e.u32((cue.name.length + 1) * 2).utf16be(cue.name);
            e.u8(0).u8(red).u8(green).u8(blue);
            if ((cue.name.length + 1) % 2 === 1) e.u16(0); // entries end on a 4-byte boundary
          },
        );
      }
    },
  );
}

function detailSections(out: BigEndianWriter, detail: Uint8Array): void {
  const mono = monochrome(detail, 31);
  section(
    out,
    'PWV3',
    (w) =>
      w
        .u32(1)
        .u32(mono.length)
        .u32(waveformDetailColumnsPerSecond << 16), // 0x960000: 150 a second
    (w) => w.raw(mono),
  );
  const color = colorDetail(detail);
  section(
    out,
    'PWV5',
    (w) =>
      w
        .u32(2)
        .u32(color.length / 2)
        .u32(0x960305),
    (w) => w.raw(color),
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
