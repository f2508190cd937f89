/**
 * What anything thrown says, for a person: an Error's (a StoreError's) message, or the value as
 * text. Imports nothing, so the collection import's worker, which has no extension APIs, can use it.
 */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
