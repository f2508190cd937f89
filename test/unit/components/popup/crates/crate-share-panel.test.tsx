// @vitest-environment happy-dom
/**
 * A shared crate imported into a named cart: the worker answers with facts (warning codes, a
 * problem's code and figures), and the panel words them in the DJ's language, never in the store's
 * own words for integrators.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CrateSharePanel } from '../../../../../components/popup/crates/crate-share-panel.tsx';
import { crateFile } from '../../../../../lib/protocol/crate-file.ts';
import type { CrateImportProblem, CrateImportResult } from '../../../../../lib/protocol/messages.ts';
import { cartItem, fakeBackground } from '../../../../helpers/popup-fixtures.ts';

const crate = crateFile('Friday', [cartItem(3), cartItem(8, { type: 'release' }), cartItem(9)]);

/** Chooses the crate file, as a person does, with the worker answering `answer`. */
async function importWith(answer: CrateImportResult): Promise<void> {
  fakeBackground({ importCrate: () => answer });
  render(<CrateSharePanel cartName="default" items={[]} />);
  const input = screen.getByLabelText('Crate file') as HTMLInputElement;
  const file = new File([JSON.stringify(crate)], 'Friday.crate.json', { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('importing a shared crate', () => {
  it('says what was added and why each skipped item was', async () => {
    await importWith({
      imported: true,
      added: [cartItem(3)],
      skipped: [
        { id: 8, type: 'release', code: 'alreadyPurchased' },
        { id: 9, type: 'track', code: 'notPurchasable' },
      ],
    });
    await screen.findByText('1 added, 2 skipped.');
    const lines = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([
      'Release 8: you own it already',
      'Track 9: a free promotion: download it from the store',
    ]);
  });

  it.each<[CrateImportProblem, string]>([
    [{ code: 'empty' }, 'This crate is empty: nothing to add.'],
    [
      {
        code: 'unknownItems',
        count: 7,
        named: [
          { id: 3, type: 'track' },
          { id: 8, type: 'release' },
        ],
      },
      "The store does not know 7 of this crate's items (track 3, release 8, …): nothing was added.",
    ],
    [
      { code: 'cartFull', cartName: 'Friday', holds: 998, wouldHold: 1001, limit: 1000 },
      'The cart "Friday" would hold 1,001 items with this crate (998 now), past the store\'s limit of 1,000: nothing was added.',
    ],
    [
      { code: 'refused', reason: 'You have 100 carts, the most a user may have.' },
      'You have 100 carts, the most a user may have. Nothing was added.',
    ],
  ])('says why nothing was added: %o', async (problem, sentence) => {
    await importWith({ imported: false, problem });
    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
  });
});
