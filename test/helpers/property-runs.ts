/**
 * How many cases a large property test runs: `CRATE_PROPERTY_RUNS=full` runs each at the size it
 * names (the thorough run, minutes), a number runs that many, and the default (`npm test`, CI) runs
 * a tenth, at least 200, so the suite answers in minutes. Each property keeps its fixed seed where
 * it has one, so the default cases are the full run's first ones.
 */
export function propertyRuns(full: number): number {
  const setting = process.env.CRATE_PROPERTY_RUNS;
  if (setting === 'full') return full;
  const given = Number(setting);
  if (setting && Number.isInteger(given) && given > 0) return given;
  return Math.min(full, Math.max(200, Math.round(full / 10)));
}
