// @vitest-environment happy-dom
/**
 * The bulk download panel asks once, after a first bulk download saved files, whether new
 * purchases should arrive by themselves; the answer is stored and not asked for again.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BulkDownloadPanel } from '../../../../../components/popup/library/bulk-download-panel.tsx';
import type { BulkProgress } from '../../../../../lib/protocol/messages.ts';
import { newPurchasesArriveSetting, newPurchasesAskedItem } from '../../../../../lib/storage/items.ts';
import { fakeBackground } from '../../../../helpers/popup-fixtures.ts';

const finished = (done: number): BulkProgress => ({
  status: 'finished',
  total: done,
  done,
  failed: [],
  active: [],
});

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

const question = /Save new purchases by themselves\?/;

describe('the offer to save new purchases by themselves', () => {
  it('is made after a bulk download saved files, and a yes turns the option on for good', async () => {
    fakeBackground({ bulkDownloadProgress: () => finished(3) });
    render(<BulkDownloadPanel />);
    expect(await screen.findByText(question)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(async () => expect(await newPurchasesArriveSetting.getValue()).toBe(true));
    expect(await newPurchasesAskedItem.getValue()).toBe(true);
    expect(screen.queryByText(question)).toBeNull();
    cleanup();
    render(<BulkDownloadPanel />);
    await screen.findByText('Finished: 3 of 3 files');
    expect(screen.queryByText(question)).toBeNull();
  });

  it('takes a no as an answer: the option stays off and the question is not asked again', async () => {
    fakeBackground({ bulkDownloadProgress: () => finished(1) });
    render(<BulkDownloadPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(async () => expect(await newPurchasesAskedItem.getValue()).toBe(true));
    expect(await newPurchasesArriveSetting.getValue()).toBe(false);
  });

  it('is not made after a run that saved nothing (every file was here already)', async () => {
    fakeBackground({ bulkDownloadProgress: () => ({ ...finished(0), alreadySaved: 2 }) });
    render(<BulkDownloadPanel />);
    await screen.findByText(/Finished: 2 already saved/);
    expect(screen.queryByText(question)).toBeNull();
  });
});
