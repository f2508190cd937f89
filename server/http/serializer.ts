import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type $ZodType, safeParse } from 'zod/v4/core';

/**
 * Responses are checked against their route's zod schema before they are sent: a handler that
 * returns something else is a bug, answered as a 500 and logged, never sent half-right. What is
 * sent is the handler's own value, so a record may carry fields newer than its schema (records
 * gain fields before every client knows them; clients ignore what they do not know).
 */
export function checkedJson(schema: $ZodType, data: unknown, method: string, url: string): string {
  const result = safeParse(schema, data);
  if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
  return JSON.stringify(data);
}

export const serializerCompiler = (({
  schema,
  method,
  url,
}: {
  schema: $ZodType;
  method: string;
  url: string;
}) =>
  (data: unknown) =>
    checkedJson(schema, data, method, url)) as unknown as FastifySerializerCompiler<unknown>;
