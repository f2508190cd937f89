// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WelcomePage } from '../../../../components/welcome/welcome-page.tsx';
import { storeUrlSetting } from '../../../../lib/storage/items.ts';
import { getMessageFrom, readLocale } from '../../../helpers/locales.ts';
import { fakeBackground, signedIn, signedOut } from '../../../helpers/popup-fixtures.ts';

describe('WelcomePage', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(cleanup);

  it('chooses the demo store, signs in through the worker, and says so', async () => {
    let auth = signedOut;
    const sent = fakeBackground({
      getAuthState: () => auth,
      checkStore: () => ({}),
      signIn: () => {
        auth = signedIn;
        return auth;
      },
    });
    render(<WelcomePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Use this store' }));
    expect(await screen.findByText('Crate now talks to http://127.0.0.1:8787.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to your store' }));
    expect(await screen.findByText('Signed in as demo.')).toBeTruthy();
    expect(sent.map(({ kind }) => kind)).toContain('checkStore');
    expect(await storeUrlSetting.getValue()).toBe('http://127.0.0.1:8787');
  });

  it('refuses an address that is no store, and keeps the one in use', async () => {
    fakeBackground({ getAuthState: () => signedOut });
    render(<WelcomePage />);
    fireEvent.click(screen.getByRole('radio', { name: 'Another store' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Store address' }), {
      target: { value: 'not a store' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use this store' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(await storeUrlSetting.getValue()).toBe('http://127.0.0.1:8787');
  });

  it('speaks German in a German browser', async () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(readLocale('de')) as typeof fakeBrowser.i18n.getMessage;
    fakeBackground({ getAuthState: () => signedOut });
    render(<WelcomePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Willkommen bei Crate');
    expect(screen.getByRole('button', { name: 'Beim Store anmelden' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tastenkürzel' })).toBeTruthy();
  });
});
