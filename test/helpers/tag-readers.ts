import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Independent readers of a file's tags, from Debian: TagLib (through kid3-cli), FFmpeg (ffprobe),
 * mutagen (python3-mutagen) and ExifTool. Each gets the bytes as a file in a temp folder.
 */

const run = promisify(execFile);

async function withFile<T>(bytes: Uint8Array, extension: string, read: (path: string) => Promise<T>) {
  const dir = mkdtempSync(join(tmpdir(), 'crate-tags-'));
  const path = join(dir, `track.${extension}`);
  writeFileSync(path, bytes);
  try {
    return await read(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** TagLib's view: the tag's format ("ID3v2.3.0"), its frames by kid3's names, and the picture's bytes. */
export function readWithKid3(bytes: Uint8Array, extension: string) {
  return withFile(bytes, extension, async (path) => {
    const { stdout } = await run('kid3-cli', ['-c', '{"method":"get","params":[]}', path]);
    const { tag2 } = (
      JSON.parse(stdout) as {
        result: { taggedFile: { tag2: { format: string; frames: { name: string; value: string }[] } } };
      }
    ).result.taggedFile;
    const picture = join(path, '..', 'cover.jpg');
    await run('kid3-cli', ['-c', `get picture:'${picture}'`, path]);
    return {
      format: tag2.format,
      frames: Object.fromEntries(tag2.frames.map((frame) => [frame.name, frame.value])),
      picture: new Uint8Array(readFileSync(picture)),
    };
  });
}

interface FfprobeStream {
  codec_name: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
}

/** FFmpeg's view: the container's tags, the streams (audio, and the cover as an attached picture) and the cover's bytes. */
export function readWithFfprobe(bytes: Uint8Array, extension: string) {
  return withFile(bytes, extension, async (path) => {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_format',
      '-show_streams',
      '-of',
      'json',
      path,
    ]);
    const probe = JSON.parse(stdout) as {
      format: { format_name: string; duration: string; tags?: Record<string, string> };
      streams: FfprobeStream[];
    };
    const picture = join(path, '..', 'cover.jpg');
    await run('ffmpeg', ['-v', 'error', '-i', path, '-map', '0:v', '-c', 'copy', '-f', 'mjpeg', picture]);
    return { ...probe, picture: new Uint8Array(readFileSync(picture)) };
  });
}

/** mutagen's view: the ID3 version, every text frame (TXXX by description), the pictures and GEOB objects. */
export function readWithMutagen(bytes: Uint8Array, extension: string) {
  return withFile(bytes, extension, async (path) => {
    // Debian's python3, where python3-mutagen is installed (a python3 earlier on PATH may lack it).
    const python = '/usr/bin/python3';
    const { stdout } = await run(python, [join(import.meta.dirname, 'read-id3-mutagen.py'), path]);
    return JSON.parse(stdout) as {
      version: number[];
      frames: Record<string, string[]>;
      pictures: { mime: string; type: number; desc: string; data: string }[];
      objects: { mime: string; desc: string; data: string }[];
      info: { sample_rate: number; channels: number; length: number };
    };
  });
}

/** ExifTool's view: every tag by group ("ID3v2_3:Title", "RIFF:Title"), and the picture's bytes. */
export function readWithExiftool(bytes: Uint8Array, extension: string) {
  return withFile(bytes, extension, async (path) => {
    const { stdout } = await run('exiftool', ['-j', '-G1', path]);
    const [tags] = JSON.parse(stdout) as [Record<string, string | number>];
    const { stdout: picture } = await run('exiftool', ['-b', '-Picture', path], { encoding: 'buffer' });
    return { tags, picture: new Uint8Array(picture) };
  });
}
