import { z } from 'zod';
import {
  Artist,
  ArtistRef,
  Cart,
  CartItem,
  CartSummary,
  CartWarning,
  Chart,
  DownloadLink,
  ErrorEnvelope,
  LibraryEntry,
  PagingMetadata,
  Price,
  Ref,
  Release,
  Track,
} from '../../lib/contract/wire.ts';

/**
 * Names under which shared schemas appear in the OpenAPI document's components, so that every
 * operation refers to one definition (registered on zod's global registry, which the OpenAPI
 * transform of fastify-type-provider-zod reads).
 */
const components: [z.ZodType, string][] = [
  [ErrorEnvelope, 'Error'],
  [PagingMetadata, 'PagingMetadata'],
  [Price, 'Price'],
  [Ref, 'Ref'],
  [ArtistRef, 'ArtistRef'],
  [Track, 'Track'],
  [Release, 'Release'],
  [Chart, 'Chart'],
  [Artist, 'Artist'],
  [CartItem, 'CartItem'],
  [CartSummary, 'CartSummary'],
  [Cart, 'Cart'],
  [CartWarning, 'CartWarning'],
  [LibraryEntry, 'LibraryEntry'],
  [DownloadLink, 'DownloadLink'],
];

/** Gives a schema a component name; returns it, for use in place. */
export function component<T extends z.ZodType>(schema: T, id: string): T {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  return schema;
}

for (const [schema, id] of components) component(schema, id);

const errorDescriptions: Record<number, string> = {
  400: 'A parameter is missing or wrong; `metadata.parameter` names it.',
  401: 'The access token is missing, invalid or expired (`WWW-Authenticate: Bearer error="invalid_token"`).',
  403: 'Not allowed: the token lacks the scope (`insufficient_scope`, with `WWW-Authenticate`), or the item cannot be had this way.',
  404: 'Nothing has this id.',
  409: 'A limit of the store was reached or the state does not allow the change; the message names it.',
  410: 'The link has expired.',
  412: 'If-Match named a version that is no longer the current one: read again, then retry. Nothing changed.',
  413: 'The request body is over 64 KiB.',
  415: 'The body is not a form (application/x-www-form-urlencoded).',
};

/** The documented error answers of an operation: all in the one error envelope. */
export function errorResponses(statuses: number[]) {
  return Object.fromEntries(
    [...new Set(statuses)].map((status) => [
      status,
      {
        description: errorDescriptions[status] ?? 'Error',
        content: { 'application/json': { schema: ErrorEnvelope } },
      },
    ]),
  );
}
