import { trackDisplayTitle } from '../../lib/contract/track-display.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { coverFileOffThread, coverSpec } from '../artwork/release-art.ts';
import type { AudioTrack } from '../audio/audio-file.ts';
import type { StoreContext } from '../context.ts';
import { releaseFacts } from './queries.ts';

/**
 * What goes into a file's sound and tags: the track record with what only the release knows
 * (catalog number, date, track number of total) and, for purchased files, the release's cover.
 */
export async function audioTrackOf(
  ctx: StoreContext,
  track: Track,
  { withCover }: { withCover: boolean },
): Promise<AudioTrack> {
  const release = await ctx.db.get(releaseFacts, { trackId: track.id });
  const spec = withCover ? await coverSpec(ctx, track.release.id) : undefined;
  return {
    id: track.id,
    lengthMs: track.lengthMs,
    title: trackDisplayTitle(track),
    mixName: track.mixName,
    artists: track.artists.map((artist) => artist.name),
    remixers: track.remixers.map((artist) => artist.name),
    album: track.release.name,
    label: track.label.name,
    catalogNumber: release?.catalog_number ?? '',
    releaseDate: release?.publish_date.slice(0, 10) ?? track.publishDate.slice(0, 10),
    trackNumber: release?.track_number ?? 1,
    trackTotal: release?.track_total ?? 1,
    bpm: track.bpm,
    key: track.key,
    genre: track.genre.name,
    isrc: track.isrc,
    ...(spec ? { cover: await coverFileOffThread(spec) } : {}),
  };
}
