import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tracklistLines } from '../../lib/contract/tracklist-line.ts';
import {
  maxTracklistLines,
  TracklistLineMatch,
  TracklistMatchMetadata,
  TracklistOutcome,
} from '../../lib/contract/tracklist-match.ts';
import { envelopeOf } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { badParameter } from '../http/api-error.ts';
import { apiRoute } from '../http/api-route.ts';
import { envelope } from '../http/envelope.ts';
import { refuseOtherMethods } from '../http/methods.ts';
import { component } from '../http/openapi-schemas.ts';
import { matchTracklist } from './match.ts';

const url = '/catalog/3/tracklist';

const params = z.object({
  text: z
    .string()
    .max(64_000, 'must be at most 64000 characters long')
    .describe(
      `The tracklist, one line per track ("Artist - Title (Mix)"), at most ${maxTracklistLines} lines.`,
    ),
});

/** The tracklist match: every line of a list read and matched against the catalog in one call. */
export function tracklistRoutes(app: FastifyInstance, ctx: StoreContext): void {
  apiRoute(app, ctx, {
    method: 'POST',
    url,
    operationId: 'matchTracklist',
    summary: 'Match a tracklist against the catalog, line by line',
    description: `Each line is read ("Artist - Title (Mix)", numbers, timestamps and labels passed by) and answered with the same recording (outcome track), the title by those artists in other mixes (otherMixes, none chosen), notFound with a link to the website's search, unreleased ("ID"), or notRead (a blank line or a heading). At most ${maxTracklistLines} lines a call; send a longer list in parts.`,
    tag: 'catalog',
    scope: undefined,
    params,
    response: component(
      envelopeOf(z.array(TracklistLineMatch), TracklistMatchMetadata),
      'TracklistMatchResponse',
    ),
    handler: async ({ params: { text } }) => {
      const lines = tracklistLines(text);
      // A final line end is not one more line.
      if (lines.length > 1 && lines.at(-1)?.trim() === '') lines.pop();
      if (lines.every((line) => line.trim() === '')) {
        throw badParameter('text', 'The tracklist is empty: send at least one "Artist - Title" line.');
      }
      if (lines.length > maxTracklistLines) {
        throw badParameter(
          'text',
          `A tracklist match takes at most ${maxTracklistLines} lines; this one has ${lines.length}. Send it in parts of ${maxTracklistLines}.`,
        );
      }
      const matched = await matchTracklist(ctx, lines);
      const counts = Object.fromEntries(TracklistOutcome.options.map((outcome) => [outcome, 0])) as Record<
        TracklistOutcome,
        number
      >;
      for (const line of matched) counts[line.outcome]++;
      return envelope(matched, { lines: matched.length, counts });
    },
  });
  refuseOtherMethods(app, url, ['POST']);
}
