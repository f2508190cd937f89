/**
 * What a bench script hands to `npm run bench` (bench/run.ts): its figures, by the names of
 * `.bench/results.json`, with the unit in the name. Run alone, a script only prints; run by the
 * runner, it also writes its figures to the file the runner names in CRATE_BENCH_FIGURES.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const figuresFileVariable = 'CRATE_BENCH_FIGURES';

export function recordFigures(figures: Record<string, number>): void {
  const file = process.env[figuresFileVariable];
  if (!file) return;
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
  writeFileSync(file, JSON.stringify({ ...before, ...figures }, null, 2));
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
