/** What anything thrown says, for a person: an Error's message, or the value as text. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
