import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import type { AuthState } from '../../lib/protocol/messages.ts';
import { send } from '../../lib/protocol/send.ts';

/** Step 2: sign in through the store's own page (the worker holds the tokens, never this page). */
export function SignInStep({ storeVersion }: { storeVersion: number }) {
  const [auth, setAuth] = useState<AuthState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Asked again for a newly chosen store.
  useEffect(() => {
    void send('getAuthState', {}).then(setAuth, () => setAuth(null));
  }, [storeVersion]);

  async function signIn() {
    setBusy(true);
    setProblem(null);
    try {
      setAuth(await send('signIn', {}));
    } catch (error) {
      setProblem(i18n.t('welcome.signIn.failed', [errorMessage(error)]));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="card" aria-labelledby="welcome-sign-in-heading">
      <h2 id="welcome-sign-in-heading">{i18n.t('welcome.signIn.heading')}</h2>
      <p class="hint">{i18n.t('welcome.signIn.explain')}</p>
      {auth?.signedIn ? (
        <p role="status">{i18n.t('welcome.signIn.signedIn', [auth.username ?? ''])}</p>
      ) : (
        <button type="button" class="primary" disabled={busy} onClick={signIn}>
          {i18n.t('welcome.signIn.button')}
        </button>
      )}
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
