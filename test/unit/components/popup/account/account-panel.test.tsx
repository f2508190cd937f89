// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountPanel } from '../../../../../components/popup/account/account-panel.tsx';
import { fakeBackground, signedIn, signedOut } from '../../../../helpers/popup-fixtures.ts';

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(cleanup);

describe('the popup account panel', () => {
  it('offers "Sign in" when signed out', async () => {
    fakeBackground({ getAuthState: () => signedOut });
    render(<AccountPanel />);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('says it is checking the store, with no button a person can reach until the answer comes', async () => {
    const asked = new Promise<(state: typeof signedOut) => void>((heard) => {
      fakeBackground({ getAuthState: () => new Promise((resolve) => heard(resolve)) });
    });
    const { container } = render(<AccountPanel />);
    expect(screen.getByText('Checking the store…')).toBeTruthy();
    // The placeholder only holds the answer's height (account-panel.tsx): hidden from every reader.
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    const placeholder = container.querySelector('button') as HTMLButtonElement;
    expect([placeholder.disabled, placeholder.tabIndex, placeholder.getAttribute('aria-hidden')]).toEqual([
      true,
      -1,
      'true',
    ]);
    (await asked)(signedOut);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('Checking the store…')).toBeNull();
  });

  it('shows who is signed in and signs out', async () => {
    fakeBackground({ getAuthState: () => signedIn, signOut: () => signedOut });
    render(<AccountPanel />);
    expect((await screen.findByText(/^Signed in as/)).textContent).toBe('Signed in as demo');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('offers to sign out of the store website too, after signing out', async () => {
    fakeBackground({ getAuthState: () => signedIn, signOut: () => signedOut });
    const opened = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<AccountPanel />);
    expect(screen.queryByRole('button', { name: 'Sign out of the website too' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out of the website too' }));
    expect(opened).toHaveBeenCalledWith({ url: 'http://127.0.0.1:8787/sign-out' });
  });

  it('asks the store for the password to sign in as another account', async () => {
    const sent = fakeBackground({
      getAuthState: () => signedOut,
      signIn: () => ({ ...signedIn, username: 'dj2' }),
    });
    render(<AccountPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use another account' }));
    expect((await screen.findByText(/^Signed in as/)).textContent).toBe('Signed in as dj2');
    expect(sent).toContainEqual({ kind: 'signIn', payload: { anotherAccount: true } });
  });

  it('says so when the store cannot be reached', async () => {
    const problem = 'The store at http://127.0.0.1:8787 is not answering. Is it running?';
    fakeBackground({ getAuthState: () => ({ ...signedOut, storeProblem: problem }) });
    render(<AccountPanel />);
    expect((await screen.findByRole('alert')).textContent).toBe(problem);
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why a sign-in failed', async () => {
    fakeBackground({
      getAuthState: () => signedOut,
      signIn: () => {
        throw { kind: 'forbidden', message: 'Sign-in was cancelled.' };
      },
    });
    render(<AccountPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in was cancelled.');
  });

  it('explains a sign-out the person did not ask for', async () => {
    fakeBackground({
      getAuthState: () => ({ ...signedOut, notice: 'The store ended your session. Sign in again.' }),
    });
    render(<AccountPanel />);
    expect(await screen.findByText('The store ended your session. Sign in again.')).toBeTruthy();
  });
});
