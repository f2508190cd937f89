import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthenticatedUser, StoreContext } from '../context.ts';
import { ApiError, badParameter } from './api-error.ts';
import { authenticate, type StoreScope } from './auth.ts';
import { errorResponses } from './openapi-schemas.ts';
import { checkedJson } from './serializer.ts';

/**
 * One store API operation, declared once: its parameter schema validates the request (through
 * Fastify's validator, zod), types the handler, and documents the operation in /openapi.json;
 * its response schema documents and serializes the answer.
 *
 * Parameters come from the query string or, on POST/PUT/DELETE, from a form body with the same
 * names (contract.md section 1). Before validation the two are merged into one object: a name in
 * both is a 400, a single-valued parameter given twice is a 400, and a repeatable one (an array
 * schema, such as `facets[]`) always arrives as a list. Names the schema does not know are
 * ignored, on every route (docs/api.md).
 */

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412;

// biome-ignore lint/suspicious/noExplicitAny: the shape's value types are whatever each route declares
type ParamsSchema = z.ZodObject<any>;

export interface ApiOperation<P extends ParamsSchema, R extends z.ZodType, S extends StoreScope | undefined> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: 'cart' | 'catalog' | 'downloads';
  /** The OAuth scope the access token must carry; absent for public operations. */
  scope: S;
  params: P;
  /** The whole 200 envelope, registered under components (openapi-schemas.ts). */
  response: R;
  /** Error statuses the operation can answer besides 400, 413 and 415 (and 401/403 when scoped). */
  errors?: ErrorStatus[];
  /** A read that answers 304 to an If-None-Match naming its current version (preconditions.ts). */
  conditional?: true;
  /**
   * Public operations whose answer depends only on their parameters and these tables: each
   * answer is kept serialized, by parameters, until this process writes one of the tables.
   */
  cachedUntilWritten?: readonly string[];
  handler(call: {
    params: z.output<P>;
    user: S extends StoreScope ? AuthenticatedUser : undefined;
    request: FastifyRequest;
    /** For headers; a handler that sent its answer itself (a 304) returns the reply. */
    reply: FastifyReply;
  }): Promise<z.input<R> | FastifyReply> | z.input<R> | FastifyReply;
}

const formMethods = new Set(['POST', 'PUT', 'DELETE']);
/** operationIds that also take their parameters as a form body (documented by openapi.ts). */
export const formOperations = new Set<string>();
/** operationIds of reads that answer 304 to If-None-Match (documented by openapi.ts). */
export const conditionalOperations = new Set<string>();
const users = new WeakMap<FastifyRequest, AuthenticatedUser>();

/** Whether a parameter's schema reads a list (possibly optional, possibly transformed after). */
function isRepeatable(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodOptional) return isRepeatable(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return isRepeatable(schema.in as z.ZodType);
  return schema instanceof z.ZodArray;
}

/** The request's parameters as one object of strings (lists for repeatable ones). */
function collectParams(request: FastifyRequest, shape: Record<string, z.ZodType>): Record<string, unknown> {
  const sources: Record<string, unknown>[] = [(request.query ?? {}) as Record<string, unknown>];
  const body = request.body;
  if (formMethods.has(request.method) && body !== undefined && body !== null) {
    // Only the form parser is registered on API paths, so a body is an object of strings.
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError(415, 'unsupportedMediaType', 'Send parameters in the query string or as a form.');
    }
    sources.push(body as Record<string, unknown>);
  }
  const merged: Record<string, unknown> = {};
  for (const name of Object.keys(shape)) {
    const given = sources.filter((source) => Object.hasOwn(source, name) && source[name] !== undefined);
    if (given.length === 0) continue;
    if (given.length > 1) {
      throw badParameter(
        name,
        `Parameter "${name}" was sent both in the query string and in the body; send it once.`,
      );
    }
    const value = given[0]?.[name];
    if (isRepeatable(shape[name] as z.ZodType)) merged[name] = Array.isArray(value) ? value : [value];
    else if (Array.isArray(value)) throw badParameter(name, `Parameter "${name}" was given more than once.`);
    else merged[name] = value;
  }
  return merged;
}

export function apiRoute<P extends ParamsSchema, R extends z.ZodType, S extends StoreScope | undefined>(
  app: FastifyInstance,
  ctx: StoreContext,
  operation: ApiOperation<P, R, S>,
): void {
  const { method, url, scope, params, response } = operation;
  if (formMethods.has(method)) formOperations.add(operation.operationId);
  if (operation.conditional) conditionalOperations.add(operation.operationId);
  const cache = operation.cachedUntilWritten && new ResponseCache(ctx, operation.cachedUntilWritten);
  const errors: number[] = [400, ...(scope ? [401, 403] : []), ...(operation.errors ?? []), 413, 415];
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url,
    schema: {
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      tags: [operation.tag],
      security: scope ? [{ oauth: [scope] }] : [],
      querystring: params,
      response: {
        200: {
          description: 'The `{metadata, results}` envelope.',
          content: { 'application/json': { schema: response } },
        },
        ...errorResponses(errors),
      },
    },
    preValidation: async (request) => {
      const merged = collectParams(request, params.shape);
      if (scope) {
        users.set(
          request,
          await authenticate(
            ctx,
            request.headers.authorization,
            merged.access_token as string | undefined,
            scope,
          ),
        );
      }
      request.query = merged as never;
      request.body = undefined;
    },
    // The operation's own signature types the handler; the envelope's type is checked there.
    handler: (async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = () =>
        operation.handler({
          params: request.query as z.output<P>,
          user: users.get(request) as S extends StoreScope ? AuthenticatedUser : undefined,
          request,
          reply,
        });
      if (!cache) return answer();
      const key = JSON.stringify(request.query);
      const version = cache.version();
      let body = cache.get(key);
      if (!body) {
        // Checked against the schema once, as the serializer checks every answer, then kept.
        body = checkedJson(response as never, await answer(), method, url);
        cache.set(key, body, version);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    }) as never,
  });
}

/** Characters of serialized answers one route keeps at most. */
const responseCacheLength = 16 * 1024 * 1024;

/**
 * Serialized answers by parameters, least recently used dropped first, all of them dropped when
 * one of their tables is written. Kept as strings: Node writes a string body in one piece with
 * the headers, a Buffer in a second write.
 */
class ResponseCache {
  private entries = new Map<string, string>();
  private length = 0;
  private kept: number;

  private readonly ctx: StoreContext;
  private readonly tables: readonly string[];

  constructor(ctx: StoreContext, tables: readonly string[]) {
    this.ctx = ctx;
    this.tables = tables;
    this.kept = ctx.db.tablesVersion(tables);
  }

  /** The tables' version now; what was kept for an older one is dropped. */
  version(): number {
    const version = this.ctx.db.tablesVersion(this.tables);
    if (version !== this.kept) {
      this.kept = version;
      this.entries = new Map();
      this.length = 0;
    }
    return version;
  }

  get(key: string): string | undefined {
    const body = this.entries.get(key);
    if (body !== undefined) {
      // Re-inserting moves the key to the end of the Map's order: the most recently used.
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  /** Kept only if no table changed while the answer was made (it may hold the old rows). */
  set(key: string, body: string, madeAt: number): void {
    if (this.version() !== madeAt || body.length > responseCacheLength || this.entries.has(key)) return;
    this.entries.set(key, body);
    this.length += body.length;
    for (const [oldest, old] of this.entries) {
      if (this.length <= responseCacheLength) break;
      this.entries.delete(oldest);
      this.length -= old.length;
    }
  }
}
