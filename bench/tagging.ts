/**
 * Tagging benchmark: does writing tags and cover art slow downloads? One store, one run:
 *
 * - Serving: the same library entry's file served tagged (what the download link sends) and
 *   untagged, by two routes that differ only in that, one request of each in turn; prints the
 *   median time to the last byte of each and the tagged/untagged ratio per format (goal: at most
 *   1.1x). The tagged file is larger by its cover, which weighs most on the short demo MP3s.
 * - First requests: encoding a release's cover (once per release), tagging a file whose sound is
 *   already encoded, and the first request of a 30-second preview next to encoding 30 seconds
 *   straight through.
 *
 *   npm run bench:tagging -- [--pairs 300]
 */
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { FastifyReply } from 'fastify';
import type { CoverSpec } from '../server/artwork/cover.ts';
import { coverFile, coverSpec } from '../server/artwork/release-art.ts';
import { type AudioFile, trackFile, untaggedTrackFile } from '../server/audio/audio-file.ts';
import { encodeMp3 } from '../server/audio/mp3.ts';
import { synthesize } from '../server/audio/synth.ts';
import { loadTracks } from '../server/catalog/records.ts';
import { audioTrackOf } from '../server/downloads/file-tags.ts';
import { findDownload } from '../server/downloads/library.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { startTestStore } from '../test/helpers/store.ts';
import { median, recordFigures } from './figures.ts';

const { values } = parseArgs({ options: { pairs: { type: 'string', default: '300' } } });
const pairs = Number(values.pairs);

const port = await freePort();
// Six-second tracks: the tags' cost shows against a short file's sound (full-length files are bench/file-serving.ts's).
const store = await startTestStore({
  scale: 300,
  trackSeconds: 6,
  config: { baseUrl: `http://127.0.0.1:${port}` },
});
const { ctx, app } = store;

const time = <T>(work: () => T): [T, number] => {
  const start = performance.now();
  const result = work();
  return [result, performance.now() - start];
};

// The two routes do everything the download route does after checking the link (find the entry,
// load the track, gather its tags and cover), and differ only in which file they send.
const send = (reply: FastifyReply, file: AudioFile) =>
  reply
    .header('cache-control', 'private, no-store')
    .type(file.contentType)
    .header('content-length', file.size)
    .send(Readable.from(file.chunks(), { objectMode: false }));
for (const tagged of [true, false]) {
  app.get<{ Params: { id: string } }>(
    `/bench/${tagged ? 'tagged' : 'untagged'}/:id`,
    async (request, reply) => {
      const download = await findDownload(ctx, Number(request.params.id));
      if (!download) return reply.code(404).send();
      const track = (await loadTracks(ctx, [download.track_id])).get(download.track_id);
      if (!track) return reply.code(404).send();
      const audioTrack = await audioTrackOf(ctx, track, { withCover: true });
      const file = tagged
        ? trackFile(audioTrack, download.audio_format)
        : untaggedTrackFile(audioTrack, download.audio_format);
      return send(reply, file);
    },
  );
}
await app.listen({ port, host: '127.0.0.1' });
const baseUrl = `http://127.0.0.1:${port}`;

const entryOf = async (format: string) =>
  (await ctx.db.get<{ id: number; track_id: number }>(
    'SELECT id, track_id FROM downloads WHERE audio_format = ? ORDER BY id LIMIT 1',
    format,
  )) as { id: number; track_id: number };

console.log(`Serving, ${pairs} pairs of requests per format, tagged and untagged alternating:`);
console.log(
  `${'format'.padEnd(7)} ${'bytes'.padStart(9)} ${'+tags'.padStart(7)} ${'untagged ms'.padStart(12)} ${'tagged ms'.padStart(10)} ${'ratio'.padStart(6)}`,
);
/** One request's time to the last byte, in ms. */
async function timed(url: string): Promise<[number, number]> {
  const start = performance.now();
  const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
  return [performance.now() - start, bytes];
}
const ratios: number[] = [];
for (const format of ['mp3', 'wav', 'aiff'] as const) {
  const { id } = await entryOf(format);
  const urls = { tagged: `${baseUrl}/bench/tagged/${id}`, untagged: `${baseUrl}/bench/untagged/${id}` };
  // The first requests encode the sound, the cover and the tags; the pairs measure serving.
  const sizes = { tagged: (await timed(urls.tagged))[1], untagged: (await timed(urls.untagged))[1] };
  const times: Record<'tagged' | 'untagged', number[]> = { tagged: [], untagged: [] };
  for (let pair = 0; pair < pairs; pair++) {
    // Side by side, alternating which goes first, so a busy moment of the machine hits both alike.
    const order = pair % 2 === 0 ? (['untagged', 'tagged'] as const) : (['tagged', 'untagged'] as const);
    for (const kind of order) times[kind].push((await timed(urls[kind]))[0]);
  }
  const untaggedMs = median(times.untagged);
  const taggedMs = median(times.tagged);
  const ratio = taggedMs / untaggedMs;
  ratios.push(ratio);
  console.log(
    [
      format.padEnd(7),
      String(sizes.tagged).padStart(9),
      `${((sizes.tagged / sizes.untagged - 1) * 100).toFixed(1)}%`.padStart(7),
      untaggedMs.toFixed(2).padStart(12),
      taggedMs.toFixed(2).padStart(10),
      `${ratio.toFixed(2)}x`.padStart(6),
    ].join(' '),
  );
}
console.log(`worst tagged/untagged latency ratio: ${Math.max(...ratios).toFixed(2)}x (goal <= 1.10x)`);
recordFigures({ tagging_overhead_ratio: Math.max(...ratios) });

// ---- First requests ----
const releaseIds = (
  await ctx.db.all<{ id: number }>('SELECT id FROM releases ORDER BY id DESC LIMIT 12')
).map((row) => row.id);
const coverSpecs: CoverSpec[] = [];
for (const id of releaseIds) coverSpecs.push((await coverSpec(ctx, id)) as CoverSpec);
const coverTimes = coverSpecs.map((spec) => time(() => coverFile(spec))[1]);
const cachedCover = time(() => coverFile(coverSpecs[0] as CoverSpec))[1];
console.log(
  `\ncover art, first encode of ${releaseIds.length} releases (600x600 JPEG): median ${median(coverTimes).toFixed(0)} ms, max ${Math.max(...coverTimes).toFixed(0)} ms; again from the cache: ${cachedCover.toFixed(3)} ms`,
);

for (const format of ['mp3', 'wav', 'aiff'] as const) {
  const { track_id } = await entryOf(format);
  const track = await audioTrackOf(ctx, (await loadTracks(ctx, [track_id])).get(track_id) as never, {
    withCover: true,
  });
  // Different titles: each call tags anew over the cached sound.
  const tagTimes = Array.from(
    { length: 20 },
    (_, i) => time(() => trackFile({ ...track, title: `${track.title} ${i}` }, format))[1],
  );
  console.log(
    `tagging a ${format} whose sound is encoded (first request for new tags): median ${median(tagTimes).toFixed(2)} ms`,
  );
}

const previewTracks = (
  await ctx.db.all<{ id: number }>('SELECT id FROM tracks ORDER BY id DESC LIMIT 8')
).map((row) => row.id);
const firstPreview: number[] = [];
const cachedPreview: number[] = [];
for (const id of previewTracks) {
  for (const list of [firstPreview, cachedPreview]) {
    const start = performance.now();
    const response = await fetch(`${baseUrl}/samples/${id}.mp3`);
    await response.arrayBuffer();
    list.push(performance.now() - start);
  }
}
const straight = previewTracks
  .slice(0, 3)
  .map(
    (id) =>
      time(() =>
        encodeMp3(
          synthesize({ seed: id + 100_000, bpm: 126, key: 'A Minor', seconds: 30, channels: 1 }),
          128,
        ),
      )[1],
  );
console.log(
  `30-second preview, first request: median ${median(firstPreview).toFixed(0)} ms, max ${Math.max(...firstPreview).toFixed(0)} ms; cached: median ${median(cachedPreview).toFixed(1)} ms; encoding 30 s straight through would take ${median(straight).toFixed(0)} ms (${(median(straight) / median(firstPreview)).toFixed(1)}x the first request)`,
);

recordFigures({ preview_first_request_ms: median(firstPreview), cover_encode_ms: median(coverTimes) });
await store.close();
