// @vitest-environment happy-dom
/** The options page's "New purchases": the stored setting shown, and a click saves it at once (the popup then need not ask). */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NewPurchasesSection } from '../../../../components/options/new-purchases-section.tsx';
import { newPurchasesArriveSetting, newPurchasesAskedItem } from '../../../../lib/storage/items.ts';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

const box = () =>
  screen.findByRole('checkbox', {
    name: 'Save new purchases to this computer by themselves',
  }) as Promise<HTMLInputElement>;

describe('the new purchases option', () => {
  it('is off until the DJ ticks it; ticking saves it and answers the popup’s question', async () => {
    render(<NewPurchasesSection />);
    expect((await box()).checked).toBe(false);
    fireEvent.click(await box());
    await waitFor(async () => expect(await newPurchasesArriveSetting.getValue()).toBe(true));
    expect(await newPurchasesAskedItem.getValue()).toBe(true);
    expect((await box()).checked).toBe(true);
  });

  it('shows the option as turned on elsewhere (the popup’s offer)', async () => {
    render(<NewPurchasesSection />);
    expect((await box()).checked).toBe(false);
    await newPurchasesArriveSetting.setValue(true);
    await waitFor(async () => expect((await box()).checked).toBe(true));
  });
});
