import { useEffect, useState } from 'preact/hooks';
import type { AuthState } from '../lib/messages.ts';
import { sendMessage } from '../lib/send-message.ts';

type Busy = 'loading' | 'signingIn' | 'signingOut' | null;

/** The popup's first version: who is signed in, sign in and out, and whether the store answers. */
export function AccountPanel() {
  const [state, setState] = useState<AuthState | null>(null);
  const [busy, setBusy] = useState<Busy>('loading');
  const [error, setError] = useState<string | null>(null);

  async function run(next: Busy, action: () => Promise<AuthState>) {
    setBusy(next);
    setError(null);
    try {
      setState(await action());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      // The action may have changed the session even when it failed (e.g. sign-out offline).
      setState(await sendMessage('getAuthState', {}).catch(() => null));
    } finally {
      setBusy(null);
    }
  }

  useEffect(() => {
    void run('loading', () => sendMessage('getAuthState', {}));
  }, []);

  if (busy === 'loading') return <p aria-live="polite">Checking the store…</p>;

  return (
    <section aria-label="Account">
      {state?.storeProblem && (
        <p role="alert" class="problem">
          {state.storeProblem}
        </p>
      )}
      {state?.notice && !state.signedIn && <p class="notice">{state.notice}</p>}
      {error && (
        <p role="alert" class="problem">
          {error}
        </p>
      )}
      {state?.signedIn ? (
        <>
          <p>
            Signed in as <strong>{state.username}</strong>
          </p>
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => run('signingOut', () => sendMessage('signOut', {}))}
          >
            {busy === 'signingOut' ? 'Signing out…' : 'Sign out'}
          </button>
        </>
      ) : (
        <button
          type="button"
          disabled={busy !== null || !state || state.storeProblem !== null}
          onClick={() => run('signingIn', () => sendMessage('signIn', {}))}
        >
          {busy === 'signingIn' ? 'Signing in…' : 'Sign in'}
        </button>
      )}
      {state && <p class="store">Store: {state.storeUrl}</p>}
    </section>
  );
}
