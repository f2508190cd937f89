import { z } from 'zod';
import { CartItemRef } from '../../lib/contract/wire.ts';

/** Most items one call may name; a whole release counts as one. */
export const maxItemsPerCall = 100;

export type ItemRef = z.infer<typeof CartItemRef>;

const example = (withFormat: boolean) =>
  withFormat ? '[{"id":1,"type":"track","audioFormat":"mp3"}]' : '[{"id":1,"type":"track"}]';

/**
 * `items`: a string holding a JSON array (contract.md section 1) of {id, type} items, with an
 * `audioFormat` from the store's formats when `formats` is given. Malformed JSON, a non-array, and
 * any element with a missing, extra or mistyped field are refused, naming `items`.
 */
export function itemsParam<F extends readonly [string, ...string[]]>(formats?: F) {
  const element = formats
    ? CartItemRef.extend({
        audioFormat: z.enum(formats, { error: `audioFormat must be one of ${formats.join(', ')}` }),
      })
    : CartItemRef;
  return z
    .string()
    .max(64 * 1024, 'must be at most 64 KiB')
    .transform((raw, context) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        context.addIssue({
          code: 'custom',
          message: `must be a JSON array, e.g. ${example(Boolean(formats))}`,
        });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(element, { error: 'must be a JSON array' })
        .min(1, 'must list at least one item')
        .max(maxItemsPerCall, `may list at most ${maxItemsPerCall} items`),
    )
    .meta({
      description: `A JSON array of ${formats ? `{id, type: "track"|"release", audioFormat: ${formats.map((f) => `"${f}"`).join('|')}}` : '{id, type: "track"|"release"}'}, 1 to ${maxItemsPerCall} items, e.g. ${example(Boolean(formats))}.`,
      type: 'string',
      contentMediaType: 'application/json',
    });
}
