import { type CompiledQuery, type Kysely, type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';
import { postgresFunctions } from './dialect.ts';
import type { Engine } from './migrations.ts';
import type { Schema } from './schema.ts';

export type SqlValue = string | number | bigint | null | Uint8Array;
/** What a query's argument may be: a list goes to the database as one JSON parameter (idsIn). */
export type Argument = SqlValue | readonly number[];
export type Arguments = Record<string, Argument>;

/** A query's parameter while it is built: Kysely binds it like any value, and it is filled per run. */
class Parameter {
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }
}

interface Compiled {
  text: string;
  /** Per bound value: the argument it takes, or undefined for a constant the builder bound. */
  slots: readonly (string | undefined)[];
  constants: readonly unknown[];
}

/** A query builder, or a `sql` template, that Kysely compiles for one dialect. */
interface Buildable<O> {
  compile(executorProvider: QueryExecutorProvider): CompiledQuery<O>;
}

/**
 * A query written once with Kysely's builder (or, where the builder cannot say it, a `sql`
 * template), its row type read from the Schema. It is compiled the first time each engine runs
 * it, with its arguments as parameters, so the database prepares one statement text and every
 * run binds new values (database.ts keeps the statements).
 */
export class Query<A extends Arguments, O> {
  private readonly compiled: Partial<Record<Engine, Compiled>> = {};

  private readonly build: (db: Kysely<Schema>, args: A) => Buildable<O>;

  constructor(build: (db: Kysely<Schema>, args: A) => Buildable<O>) {
    this.build = build;
  }

  /** The statement text for this engine and the values to bind for these arguments. */
  bind(engine: Engine, db: Kysely<Schema>, args: A): { text: string; values: SqlValue[] } {
    this.compiled[engine] ??= this.compile(engine, db);
    const compiled = this.compiled[engine];
    const values = compiled.slots.map((slot, i) => {
      if (slot === undefined) return compiled.constants[i] as SqlValue;
      const value = args[slot];
      if (value === undefined) throw new Error(`The query needs the argument ${slot}.`);
      return Array.isArray(value) ? JSON.stringify(value) : (value as SqlValue);
    });
    return { text: compiled.text, values };
  }

  private compile(engine: Engine, db: Kysely<Schema>): Compiled {
    const parameters = new Proxy({} as A, {
      get: (_target, name) => new Parameter(String(name)),
    });
    const { sql: text, parameters: bound } = this.build(db, parameters).compile(db);
    return {
      text: engine === 'postgres' ? postgresFunctions(text) : text,
      slots: bound.map((value) => (value instanceof Parameter ? value.name : undefined)),
      constants: bound,
    };
  }
}

/** The row type of a query. */
export type RowOf<Q> = Q extends Query<infer _A, infer O> ? O : never;

/** A query with named arguments: `query((db, a: { id: number }) => db.selectFrom(...)...)`. */
export const query = <O, A extends Arguments = Record<never, never>>(
  build: (db: Kysely<Schema>, args: A) => Buildable<O>,
): Query<A, O> => new Query(build);

/**
 * The ids of a JSON list argument as a set to test with `in`: one parameter whatever the list's
 * length, so one prepared statement serves every length (json_each on SQLite, the function
 * migration 1 defines on PostgreSQL).
 */
export const idsIn = (ids: readonly number[]): RawBuilder<number> =>
  sql<number>`(SELECT value FROM json_each(${ids}))`;

/** Seconds since 1970 of an ISO 8601 text column (unixepoch on SQLite, a function on PostgreSQL). */
export const unixepoch = (moment: RawBuilder<unknown> | string): RawBuilder<number> =>
  sql<number>`unixepoch(${typeof moment === 'string' ? sql.ref(moment) : moment})`;
