/**
 * The store's tracklist match (POST /catalog/3/tracklist, docs/api.md): what it answers for each
 * line, one schema for the store that builds it and the extension that reads it.
 */
import { z } from 'zod';
import { Track } from './wire.ts';

/** Lines one call matches; a longer list is sent in parts (the tracklist page does). */
export const maxTracklistLines = 250;

export const TracklistRead = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('track'),
    artists: z.array(z.string()),
    title: z.string(),
    mix: z.string(),
    label: z.string(),
  }),
  z.object({ kind: z.literal('unreleased'), artists: z.array(z.string()) }),
  z.object({ kind: z.enum(['blank', 'notTrack', 'tooLong']) }),
]);

/**
 * `track`: the same recording (tracks holds it); `otherMixes`: the title by those artists in other
 * mixes only (tracks lists them, none chosen); `notFound`; `unreleased` ("ID"); `notRead`: a
 * blank line, a heading, a line too long.
 */
export const TracklistOutcome = z.enum(['track', 'otherMixes', 'notFound', 'unreleased', 'notRead']);
export type TracklistOutcome = z.infer<typeof TracklistOutcome>;

export const TracklistLineMatch = z.object({
  /** 1-based, in the list sent. */
  number: z.number().int(),
  text: z.string(),
  read: TracklistRead,
  outcome: TracklistOutcome,
  tracks: z.array(Track),
  /** The store website's search for the line, for `notFound` and `otherMixes`. */
  searchUrl: z.string().nullable(),
});
export type TracklistLineMatch = z.infer<typeof TracklistLineMatch>;

export const TracklistMatchMetadata = z.object({
  lines: z.number().int(),
  /** Lines by outcome. */
  counts: z.object(
    Object.fromEntries(TracklistOutcome.options.map((outcome) => [outcome, z.number().int()])) as Record<
      TracklistOutcome,
      z.ZodNumber
    >,
  ),
});
