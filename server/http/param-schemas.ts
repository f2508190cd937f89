import { z } from 'zod';

/**
 * Building blocks of the API's parameter schemas. Every parameter arrives as a string (query
 * string or form field, see api-route.ts), so each schema reads a string and, where the value is
 * a number or a boolean, turns it into one. The messages are the end of a sentence that starts
 * with the parameter's name (errors.ts).
 */

/** Required strings must say something: empty and whitespace-only values are refused. */
export const text = (max: number, description: string) =>
  z
    .string()
    .max(max, `must be at most ${max} characters long`)
    .regex(/\S/, 'must not be empty or only spaces')
    .describe(description);

/** A whole number in [min, max], written in decimal digits only ("1e3", "+1" and "1.0" are refused). */
export const wholeNumber = (description: string, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}) =>
  z
    .string()
    .regex(/^[0-9]{1,16}$/, 'must be a whole number')
    .transform(Number)
    .pipe(
      z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`),
    )
    // Documented as what it means on the wire: an integer in a query string or form.
    .meta({ description, type: 'integer', minimum: min, maximum: max, pattern: undefined });

/** Booleans are exactly "true" or "false" (contract.md section 1). */
export const flag = (description: string) =>
  z
    .enum(['true', 'false'], { error: 'must be "true" or "false"' })
    .transform((value) => value === 'true')
    .describe(description);

/** One of a fixed list. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` }).describe(description);

/** A comma-separated list of positive ids, at most `max` of them. */
export const idList = (description: string, max: number) =>
  z
    .string()
    .max(max * 17, `lists more than ${max} ids`)
    .regex(
      /^\s*[1-9][0-9]{0,15}\s*(,\s*[1-9][0-9]{0,15}\s*)*$/,
      'must be a comma-separated list of positive whole numbers',
    )
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .refine((ids) => ids.length <= max, `lists more than ${max} ids`)
    .describe(description);

/** page (>= 1, default 1) and perPage (1..150, default 25), contract.md section 1. */
export const pagingParams = {
  page: wholeNumber('Page to return, 1-based (default 1).', { max: 1_000_000 }).optional(),
  perPage: wholeNumber('Entries per page (default 25).', { max: 150 }).optional(),
};

export const paging = (params: { page?: number; perPage?: number }) => ({
  page: params.page ?? 1,
  perPage: params.perPage ?? 25,
});

export const accessTokenParam = {
  access_token: z
    .string()
    .max(2048, 'must be at most 2048 characters long')
    .optional()
    .describe('The OAuth access token, when it is not sent as "Authorization: Bearer".'),
};

/**
 * A parameter whose grammar a parse function knows (sortBy, facets): the function's refusal
 * becomes the schema's issue, so it is reported like any other invalid parameter.
 */
export const parsedWith =
  <I, T>(parse: (value: I) => T) =>
  (value: I, context: z.core.$RefinementCtx<I>): T => {
    try {
      return parse(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  };
