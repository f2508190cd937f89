import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountPanel } from '../../components/popup/account-panel.tsx';
import type { AuthState } from '../../lib/protocol/messages.ts';

const signedOut: AuthState = {
  signedIn: false,
  username: null,
  storeUrl: 'http://127.0.0.1:8787',
  storeProblem: null,
  notice: null,
};

/** A background that answers the popup's messages from a table. */
function background(answers: Record<string, unknown>) {
  fakeBrowser.runtime.onMessage.addListener((message: unknown) =>
    Promise.resolve(answers[(message as { kind: string }).kind]),
  );
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(cleanup);

describe('the popup account panel', () => {
  it('offers "Sign in" when signed out', async () => {
    background({ getAuthState: { ok: true, value: signedOut } });
    render(<AccountPanel />);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows who is signed in and signs out', async () => {
    background({
      getAuthState: { ok: true, value: { ...signedOut, signedIn: true, username: 'demo' } },
      signOut: { ok: true, value: signedOut },
    });
    render(<AccountPanel />);
    expect((await screen.findByText(/^Signed in as/)).textContent).toBe('Signed in as demo');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('offers to sign out of the store website too, after signing out', async () => {
    background({
      getAuthState: { ok: true, value: { ...signedOut, signedIn: true, username: 'demo' } },
      signOut: { ok: true, value: signedOut },
    });
    const opened = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<AccountPanel />);
    expect(screen.queryByRole('button', { name: 'Sign out of the website too' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out of the website too' }));
    expect(opened).toHaveBeenCalledWith({ url: 'http://127.0.0.1:8787/sign-out' });
  });

  it('asks the store for the password to sign in as another account', async () => {
    const sent: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
      sent.push(message);
      const { kind } = message as { kind: string };
      return Promise.resolve({
        ok: true,
        value: kind === 'signIn' ? { ...signedOut, signedIn: true, username: 'dj2' } : signedOut,
      });
    });
    render(<AccountPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use another account' }));
    expect((await screen.findByText(/^Signed in as/)).textContent).toBe('Signed in as dj2');
    expect(sent).toContainEqual(
      expect.objectContaining({ kind: 'signIn', payload: { anotherAccount: true } }),
    );
  });

  it('says so when the store cannot be reached', async () => {
    const problem = 'The store at http://127.0.0.1:8787 is not answering. Is it running?';
    background({ getAuthState: { ok: true, value: { ...signedOut, storeProblem: problem } } });
    render(<AccountPanel />);
    expect((await screen.findByRole('alert')).textContent).toBe(problem);
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why a sign-in failed', async () => {
    background({
      getAuthState: { ok: true, value: signedOut },
      signIn: { ok: false, error: { kind: 'forbidden', message: 'Sign-in was cancelled.' } },
    });
    render(<AccountPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in was cancelled.');
  });

  it('explains a sign-out the person did not ask for', async () => {
    background({
      getAuthState: {
        ok: true,
        value: { ...signedOut, notice: 'The store ended your session. Sign in again.' },
      },
    });
    render(<AccountPanel />);
    expect(await screen.findByText('The store ended your session. Sign in again.')).toBeTruthy();
  });
});
