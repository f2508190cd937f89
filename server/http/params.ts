import type { FastifyRequest } from 'fastify';
import { badParameter } from './api-error.ts';
import type { Paging } from './envelope.ts';

type Raw = string | string[] | undefined;

/**
 * A request's parameters: the query string, plus a form body on POST/PUT/DELETE.
 * A name present in both is refused (contract.md section 1), so no caller has to guess which wins.
 */
export class Params {
  private readonly values: Map<string, Raw>;

  constructor(request: FastifyRequest) {
    this.values = new Map();
    const query = (request.query ?? {}) as Record<string, Raw>;
    const body = request.body;
    for (const [name, value] of Object.entries(query)) this.values.set(name, value);
    if (body !== undefined && body !== null) {
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw badParameter(
          'body',
          'Send parameters in the query string or as a form (application/x-www-form-urlencoded).',
        );
      }
      for (const [name, value] of Object.entries(body as Record<string, Raw>)) {
        if (this.values.has(name)) {
          throw badParameter(
            name,
            `Parameter "${name}" was sent both in the query string and in the body; send it once.`,
          );
        }
        this.values.set(name, value);
      }
    }
  }

  has(name: string): boolean {
    return this.values.get(name) !== undefined;
  }

  /** A single-valued parameter; repeated ones are refused. */
  string(name: string, options: { required: true; max?: number }): string;
  string(name: string, options?: { required?: false; max?: number }): string | undefined;
  string(name: string, { required = false, max = 4096 }: { required?: boolean; max?: number } = {}) {
    const value = this.values.get(name);
    if (value === undefined) {
      if (required) throw badParameter(name, `Parameter "${name}" is required.`);
      return undefined;
    }
    if (Array.isArray(value)) throw badParameter(name, `Parameter "${name}" was given more than once.`);
    if (value.length > max) throw badParameter(name, `Parameter "${name}" is longer than ${max} characters.`);
    return value;
  }

  /** A repeatable parameter, as a list (also accepting the `name[]` spelling). */
  list(name: string): string[] {
    const out: string[] = [];
    for (const key of [name, `${name}[]`]) {
      const value = this.values.get(key);
      if (value === undefined) continue;
      out.push(...(Array.isArray(value) ? value : [value]));
    }
    return out;
  }

  int(name: string, options: { required: true; min?: number; max?: number }): number;
  int(name: string, options?: { required?: false; min?: number; max?: number }): number | undefined;
  int(name: string, { required = false, min = 1, max = Number.MAX_SAFE_INTEGER } = {}) {
    const value = this.string(name, { required: required as false });
    if (value === undefined) return undefined;
    if (!/^[0-9]{1,16}$/.test(value)) throw badParameter(name, `Parameter "${name}" must be a whole number.`);
    const number = Number(value);
    if (number < min || number > max) {
      throw badParameter(name, `Parameter "${name}" must be between ${min} and ${max}.`);
    }
    return number;
  }

  /** Booleans are exactly "true" or "false". */
  bool(name: string): boolean | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw badParameter(name, `Parameter "${name}" must be "true" or "false".`);
  }

  /** One of a fixed set of values. */
  choice<T extends string>(name: string, choices: readonly T[]): T | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (!(choices as readonly string[]).includes(value)) {
      throw badParameter(name, `Parameter "${name}" must be one of: ${choices.join(', ')}.`);
    }
    return value as T;
  }

  /** page (>= 1) and perPage (1..150, default 25). */
  paging(): Paging {
    return {
      page: this.int('page', { min: 1, max: 1_000_000 }) ?? 1,
      perPage: this.int('perPage', { min: 1, max: 150 }) ?? 25,
    };
  }

  /** A comma-separated list of positive integer ids. */
  idList(name: string, max = 500): number[] | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const parts = value.split(',').map((part) => part.trim());
    if (parts.length > max) throw badParameter(name, `Parameter "${name}" lists more than ${max} ids.`);
    return parts.map((part) => {
      if (!/^[1-9][0-9]{0,15}$/.test(part) || !Number.isSafeInteger(Number(part))) {
        throw badParameter(
          name,
          `Parameter "${name}" must be a comma-separated list of positive whole numbers.`,
        );
      }
      return Number(part);
    });
  }
}
