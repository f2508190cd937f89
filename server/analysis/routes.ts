import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TrackAnalysis, WaveformDetail } from '../../lib/contract/track-analysis.ts';
import { envelopeOf } from '../../lib/contract/wire.ts';
import { loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { notFound } from '../http/api-error.ts';
import { apiRoute } from '../http/api-route.ts';
import { envelope } from '../http/envelope.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { component } from '../http/openapi-schemas.ts';
import { wholeNumber } from '../http/param-schemas.ts';
import { NoBeatError } from './beat-grid.ts';
import { trackAnalysis, trackWaveformDetail } from './track-analyses.ts';

export const analysisUrl = '/catalog/3/track-analysis';
export const waveformUrl = '/catalog/3/track-waveform';

const trackParams = z.object({ id: wholeNumber('The track’s id.') });

/** The analysis, or 404 when the audio has no beat to measure (no track of the demo's). */
async function measured<T>(id: number, measure: () => Promise<T>): Promise<T> {
  try {
    return await measure();
  } catch (error) {
    if (error instanceof NoBeatError)
      throw notFound(`Track ${id} has no steady beat the store could measure.`);
    throw error;
  }
}

async function trackById(ctx: StoreContext, id: number) {
  const track = (await loadTracks(ctx, [id])).get(id);
  if (!track) throw notFound(`There is no track with id ${id}.`);
  return track;
}

/** A track's analysis (beat grid, cues, waveform overview) and its detailed waveform, public as the catalog is. */
export function analysisRoutes(app: FastifyInstance, ctx: StoreContext): void {
  apiRoute(app, ctx, {
    method: 'GET',
    url: analysisUrl,
    operationId: 'getTrackAnalysis',
    summary: 'A track’s beat grid, cue points and waveform overview, measured on its audio',
    description:
      'Tempo to 0.01 BPM, the first downbeat, named hot cues at the phrase changes and a memory cue on the first downbeat, and a 400-column overview of three bands. Positions are in ms of the decoded audio (docs/analysis.md). Measured on the first request for the track, then kept.',
    tag: 'catalog',
    scope: undefined,
    params: trackParams,
    response: component(envelopeOf(component(TrackAnalysis, 'TrackAnalysis')), 'TrackAnalysisResponse'),
    errors: [404],
    handler: async ({ params }) => {
      const track = await trackById(ctx, params.id);
      return envelope(await measured(params.id, () => trackAnalysis(ctx, track)));
    },
  });
  apiRoute(app, ctx, {
    method: 'GET',
    url: waveformUrl,
    operationId: 'getTrackWaveform',
    summary: 'A track’s detailed waveform for a deck: 150 columns a second, three bands',
    tag: 'catalog',
    scope: undefined,
    params: trackParams,
    response: component(envelopeOf(component(WaveformDetail, 'WaveformDetail')), 'TrackWaveformResponse'),
    errors: [404],
    handler: async ({ params }) => {
      const track = await trackById(ctx, params.id);
      return envelope(await measured(params.id, () => trackWaveformDetail(ctx, track)));
    },
  });
  refuseOtherMethods(app, analysisUrl, ['GET']);
  refuseOtherMethods(app, waveformUrl, ['GET']);
}
