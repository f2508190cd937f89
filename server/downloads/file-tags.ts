import { trackDisplayTitle } from '../../lib/contract/track-display.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { coverFile, coverSpec } from '../artwork/release-art.ts';
import type { AudioTrack } from '../audio/audio-file.ts';
import type { StoreContext } from '../context.ts';

/**
 * What goes into a file's sound and tags: the track record with what only the release knows
 * (catalog number, date, track number of total) and, for purchased files, the release's cover.
 */
export async function audioTrackOf(
  ctx: StoreContext,
  track: Track,
  { withCover }: { withCover: boolean },
): Promise<AudioTrack> {
  const release = await ctx.db.get<{
    track_number: number;
    track_total: number;
    catalog_number: string;
    publish_date: string;
  }>(
    `SELECT t.track_number, r.catalog_number, r.publish_date,
            (SELECT count(*) FROM tracks WHERE release_id = r.id) AS track_total
       FROM tracks t JOIN releases r ON r.id = t.release_id
      WHERE t.id = ?`,
    track.id,
  );
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
    ...(spec ? { cover: coverFile(spec) } : {}),
  };
}
