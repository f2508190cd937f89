/**
 * The order e2e files start in. vitest starts the files it has no timings for (a clean clone, CI)
 * largest first, and a file's size says little of its time: download-survival.test.ts, a small
 * file, waits out a store restart, a stall and a browser restart for about 150 s, and started
 * eighteenth it ran alone at the end of the stage. So the files that take over 15 s on this machine
 * start slowest first, as their CI times say (docs/testing.md), and the short ones fill the workers
 * at the end: a 35-second file started last had left two of the three workers idle for half a
 * minute. The rest keep vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const longest = [
  'download-survival.test.ts',
  'downloads.test.ts',
  'content-script.test.ts',
  'popup.test.ts',
  'this-computer.test.ts',
  'sign-in.test.ts',
  'previews.test.ts',
  'crates.test.ts',
  'packages.test.ts',
  'following.test.ts',
  'usb-stick-export.test.ts',
  'host-access.test.ts',
  'one-click.test.ts',
  'cart-elsewhere.test.ts',
  'collection.test.ts',
  'tracklist.test.ts',
  'store-formats.test.ts',
  'options-page.test.ts',
  'buying-smarts.test.ts',
];

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
