import { z } from 'zod';
import { type CartItemInput, CartItemRef } from '../../lib/contract/wire.ts';
import { audioFormatFees } from '../catalog/records.ts';
import type { Database } from '../db/database.ts';
import { badParameter } from '../http/api-error.ts';
import type { Params } from '../http/params.ts';

/** Most items one call may name; a whole release counts as one. */
export const maxItemsPerCall = 100;

export type ItemRef = z.infer<typeof CartItemRef>;

const describe = (issue: z.core.$ZodIssue) => {
  const where = issue.path.length ? ` (item ${issue.path.join('.')})` : '';
  return `${issue.message}${where}`;
};

function parseJsonArray(raw: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badParameter(
      'items',
      'Parameter "items" must be a JSON array, e.g. [{"id":1,"type":"track","audioFormat":"mp3"}].',
    );
  }
  if (!Array.isArray(value)) throw badParameter('items', 'Parameter "items" must be a JSON array.');
  if (value.length === 0) throw badParameter('items', 'Parameter "items" must list at least one item.');
  if (value.length > maxItemsPerCall) {
    throw badParameter('items', `Parameter "items" may list at most ${maxItemsPerCall} items.`);
  }
  return value;
}

/** `items` with {id, type} only (remove). */
export function itemRefsParam(params: Params): ItemRef[] {
  const raw = params.string('items', { required: true, max: 64 * 1024 });
  const parsed = itemRefsSchema.safeParse(parseJsonArray(raw));
  if (!parsed.success) {
    throw badParameter(
      'items',
      `Each item is {"id": <positive whole number>, "type": "track"|"release"}: ${describe(parsed.error.issues[0] as z.core.$ZodIssue)}.`,
    );
  }
  return parsed.data;
}

// Built once per format list: zod compiles a schema on first use, which costs more than parsing.
const itemsWithFormatSchemas = new Map<string, z.ZodType<CartItemInput[]>>();
const itemRefsSchema = z.array(CartItemRef);

function itemsWithFormatSchema(formats: string[]) {
  const key = formats.join(',');
  let schema = itemsWithFormatSchemas.get(key);
  if (!schema) {
    schema = z.array(
      CartItemRef.extend({
        audioFormat: z.string().refine((format) => formats.includes(format), {
          message: `audioFormat must be one of ${formats.join(', ')}`,
        }),
      }),
    ) as unknown as z.ZodType<CartItemInput[]>;
    itemsWithFormatSchemas.set(key, schema);
  }
  return schema;
}

/** `items` with {id, type, audioFormat} (add, change formats); formats are the store's list. */
export function itemsWithFormatParam(params: Params, db: Database): CartItemInput[] {
  const raw = params.string('items', { required: true, max: 64 * 1024 });
  const formats = audioFormatFees(db).map((fee) => fee.name);
  const parsed = itemsWithFormatSchema(formats).safeParse(parseJsonArray(raw));
  if (!parsed.success) {
    throw badParameter(
      'items',
      `Each item is {"id": <positive whole number>, "type": "track"|"release", "audioFormat": ${formats.map((f) => `"${f}"`).join('|')}}: ${describe(parsed.error.issues[0] as z.core.$ZodIssue)}.`,
    );
  }
  return parsed.data;
}

/** The whole-cart `audioFormat` parameter. */
export function audioFormatParam(params: Params, db: Database): string | undefined {
  const formats = audioFormatFees(db).map((fee) => fee.name);
  return params.choice('audioFormat', formats);
}
