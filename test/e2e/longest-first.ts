/**
 * The order e2e files start in. vitest starts the files it has no timings for (a clean clone, CI)
 * largest first, and the longest file is a small one: download-survival.test.ts waits out a store
 * restart, a stall and a browser restart for about 150 s. Started eighteenth, it ran alone at the
 * end of the stage; started first, it runs beside all the others. The list holds the files that
 * take over a minute on this machine (docs/testing.md), slowest first; the rest keep vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const longest = ['download-survival.test.ts', 'downloads.test.ts', 'popup.test.ts', 'content-script.test.ts'];

const rank = (spec: TestSpecification) => {
  const at = longest.findIndex((name) => spec.moduleId.endsWith(`/test/e2e/${name}`));
  return at < 0 ? longest.length : at;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the files not listed keep vitest's order among themselves.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
