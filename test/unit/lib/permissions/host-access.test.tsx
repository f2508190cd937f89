// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HostAccessNotice } from '../../../../components/popup/notices/host-access-notice.tsx';
import { saveSettings } from '../../../../lib/settings/save-settings.ts';
import { storeUrlSetting } from '../../../../lib/storage/items.ts';
import { fakePermissions } from '../../../helpers/fake-permissions.ts';

const storeUrl = 'http://127.0.0.1:8787';
const origin = 'http://127.0.0.1/*';

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(cleanup);

describe('the popup when the browser withholds access to the store', () => {
  it('says nothing while access is granted', async () => {
    const asked = vi.spyOn(fakeBrowser.permissions, 'contains');
    render(<HostAccessNotice />);
    // The sign it looked: the browser was asked, and answered.
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await act(() => asked.mock.results[0]?.value);
    expect(screen.queryByRole('region', { name: 'Access to the store' })).toBeNull();
  });

  it('says so in words and grants access from the click', async () => {
    fakePermissions.withheld.add(origin);
    render(<HostAccessNotice />);
    const notice = await screen.findByRole('region', { name: 'Access to the store' });
    expect(notice.textContent).toContain(`Crate may not reach ${storeUrl}`);
    fireEvent.click(screen.getByRole('button', { name: `Allow access to ${storeUrl}` }));
    expect(fakePermissions.requested).toEqual([origin]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Access to the store' })).toBeNull());
  });

  it('keeps the notice and explains when the person says no', async () => {
    fakePermissions.withheld.add(origin);
    fakePermissions.answer = false;
    render(<HostAccessNotice />);
    fireEvent.click(await screen.findByRole('button', { name: `Allow access to ${storeUrl}` }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Without access to ${storeUrl}, Crate cannot show its buttons or your cart.`,
    );
    expect(screen.getByRole('region', { name: 'Access to the store' })).toBeTruthy();
  });

  it('appears when access is taken back elsewhere, and goes when it is granted elsewhere', async () => {
    const asked = vi.spyOn(fakeBrowser.permissions, 'contains');
    render(<HostAccessNotice />);
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await act(() => asked.mock.results[0]?.value);
    await fakeBrowser.permissions.remove({ origins: [origin] });
    await screen.findByRole('region', { name: 'Access to the store' });
    await fakeBrowser.permissions.request({ origins: [origin] });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Access to the store' })).toBeNull());
  });
});

describe('saving a store URL', () => {
  it('asks for its origin, the local store too, before anything else', async () => {
    fakePermissions.withheld.add(origin);
    fakePermissions.answer = false;
    await expect(
      saveSettings({ storeUrl: 'http://127.0.0.1:9999', sourceType: 'crate', defaultAudioFormat: 'mp3' }),
    ).rejects.toThrow('Crate needs your permission to reach http://127.0.0.1:9999.');
    expect(fakePermissions.requested).toEqual([origin]);
    expect(await storeUrlSetting.getValue()).toBe(storeUrl);
  });
});
