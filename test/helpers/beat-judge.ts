import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * An independent judge of where a file's beats are: aubio (Debian's aubio-tools) finding the
 * onsets of the audio as FFmpeg decodes it, the way a player would (for an MP3, gapless: FFmpeg
 * trims the delay and padding the LAME header declares).
 */

const run = promisify(execFile);

/**
 * The onset times in seconds, found on a 32-sample hop (0.7 ms) so a drift of 1 ms shows, and how
 * many sample frames the decoder played.
 */
export async function onsetsOf(
  bytes: Uint8Array,
  extension: string,
): Promise<{ onsets: number[]; frames: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'crate-beats-'));
  try {
    const path = join(dir, `track.${extension}`);
    const decoded = join(dir, 'decoded.wav');
    writeFileSync(path, bytes);
    await run('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', decoded]);
    const { stdout } = await run('aubio', ['onset', '-i', decoded, '-H', '32', '-B', '512', '-t', '0.5'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const onsets = stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => Number.parseFloat(line));
    // 16-bit mono: the data chunk's size over 2.
    const wav = readFileSync(decoded);
    return { onsets, frames: wav.readUInt32LE(wav.indexOf('data') + 4) / 2 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * How far each onset near a beat of the grid (within a quarter beat) lies from it, in ms: the
 * kicks, not the off-beat hats and bass.
 */
export function offsetsFromGrid(onsets: readonly number[], firstBeatS: number, beatS: number): number[] {
  return onsets
    .map((time) => (time - firstBeatS - Math.round((time - firstBeatS) / beatS) * beatS) * 1000)
    .filter((offset) => Math.abs(offset) < (beatS * 1000) / 4);
}

/** The median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** aubio's own reading of a file's tempo (`aubio tempo`), in BPM. */
export async function aubioTempo(bytes: Uint8Array, extension: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'crate-tempo-'));
  try {
    const path = join(dir, `track.${extension}`);
    writeFileSync(path, bytes);
    const { stdout } = await run('aubio', ['tempo', '-i', path]);
    return Number.parseFloat(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A drum track FFmpeg synthesizes from an expression (audio the store did not make): silence for
 * `leadIn` seconds, then a kick on every beat, with a hat on each off-beat, and no kick over the
 * beats [breakFrom, breakTo) counted from the first.
 */
export async function renderDrums(options: {
  bpm: number;
  leadIn: number;
  seconds: number;
  breakFrom: number;
  breakTo: number;
}): Promise<Uint8Array> {
  const { bpm, leadIn, seconds, breakFrom, breakTo } = options;
  const beat = 60 / bpm;
  const phase = `mod(t-${leadIn}\\,${beat})`;
  const offPhase = `mod(t-${leadIn}+${beat / 2}\\,${beat})`;
  const kick = `0.8*sin(2*PI*(50*${phase}+(100/30)*(1-exp(-30*${phase}))))*exp(-8*${phase})`;
  const hat = `0.1*random(0)*exp(-60*${offPhase})`;
  const inBreak = `between(t\\,${leadIn + breakFrom * beat}\\,${leadIn + breakTo * beat})`;
  const expression = `if(lt(t\\,${leadIn})\\,0\\,if(${inBreak}\\,0\\,${kick})+${hat})`;
  const dir = mkdtempSync(join(tmpdir(), 'crate-drums-'));
  try {
    const path = join(dir, 'drums.wav');
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=exprs='${expression}':s=44100:d=${seconds}`,
      '-ac',
      '2',
      '-c:a',
      'pcm_s16le',
      path,
    ]);
    return new Uint8Array(readFileSync(path));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
