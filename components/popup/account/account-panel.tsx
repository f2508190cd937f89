import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { signOutPageUrl } from '../../../lib/contract/store-urls.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { openTab } from '../../../lib/popup/open-tab.ts';
import type { AuthState } from '../../../lib/protocol/messages.ts';
import { send } from '../../../lib/protocol/send.ts';
import { part, withParts } from '../translations/message-parts.tsx';

/** 'refreshing': a cached state is on screen while the background is asked again. */
type Busy = 'loading' | 'refreshing' | 'signingIn' | 'signingOut' | null;

export interface AccountPanelProps {
  /** The last known state, shown at once instead of "Checking the store…". */
  cached?: AuthState | null;
  /** Every state the background reports, e.g. for the popup to load the signed-in user's data. */
  onState?: (state: AuthState) => void;
  /** The first asking is over, answered or failed. */
  onAsked?: () => void;
}

/** Who is signed in, sign in and out, and whether the store answers. */
export function AccountPanel({ cached = null, onState, onAsked }: AccountPanelProps = {}) {
  const [state, setState] = useState<AuthState | null>(cached);
  const [busy, setBusy] = useState<Busy>(cached ? 'refreshing' : 'loading');
  const [error, setError] = useState<string | null>(null);
  // The store's website keeps its own session (one sign-in for both, docs/api.md): after signing
  // out here, the person may want to end that one too.
  const [signedOutHere, setSignedOutHere] = useState(false);

  function show(next: AuthState | null) {
    setState(next);
    if (next) onState?.(next);
  }

  async function run(next: Busy, action: () => Promise<AuthState>) {
    setBusy(next);
    setError(null);
    try {
      show(await action());
    } catch (caught) {
      setError(errorMessage(caught));
      // The action may have changed the session even when it failed (e.g. sign-out offline).
      show(await send('getAuthState', {}).catch(() => null));
    } finally {
      setBusy(null);
    }
  }

  useEffect(() => {
    void run(cached ? 'refreshing' : 'loading', () => send('getAuthState', {})).then(onAsked);
  }, []);

  const acting = busy === 'signingIn' || busy === 'signingOut';

  if (busy === 'loading') return <CheckingStore />;

  return (
    <section aria-label={i18n.t('popup.account.label')} class="account">
      {state?.storeProblem && (
        <StoreProblem
          problem={state.storeProblem}
          disabled={busy !== null}
          onRetry={() => run('refreshing', () => send('getAuthState', {}))}
        />
      )}
      {state?.notice && !state.signedIn && <p class="notice">{state.notice}</p>}
      {error && (
        <p role="alert" class="problem">
          {error}
        </p>
      )}
      {state?.signedIn ? (
        <>
          <p>{withParts(i18n.t('popup.account.signedInAs', [part(0)]), <strong>{state.username}</strong>)}</p>
          <button
            type="button"
            disabled={acting}
            onClick={() =>
              run('signingOut', async () => {
                const next = await send('signOut', {});
                setSignedOutHere(true);
                return next;
              })
            }
          >
            {busy === 'signingOut' ? i18n.t('popup.account.signingOut') : i18n.t('popup.account.signOut')}
          </button>
        </>
      ) : (
        <>
          {signedOutHere && state && <WebsiteSignOut storeUrl={state.storeUrl} />}
          <button
            type="button"
            disabled={acting || !state || state.storeProblem !== null}
            onClick={() => run('signingIn', () => send('signIn', {}))}
          >
            {busy === 'signingIn' ? i18n.t('popup.account.signingIn') : i18n.t('popup.account.signIn')}
          </button>{' '}
          <button
            type="button"
            class="link-button"
            disabled={acting || !state || state.storeProblem !== null}
            onClick={() => run('signingIn', () => send('signIn', { anotherAccount: true }))}
          >
            {i18n.t('popup.account.anotherAccount')}
          </button>
        </>
      )}
      {state && <p class="store">{i18n.t('popup.account.store', [state.storeUrl])}</p>}
    </section>
  );
}

/**
 * "Checking the store…", as tall as the answer will be (a line with a button, then the store's
 * line): the popup's first opening, with nothing cached, moves nothing when it comes (bench/popup.ts).
 */
function CheckingStore() {
  return (
    // No aria-busy: a screen reader may hold back a busy region's live text, and this one is its news.
    <section class="account">
      <p aria-live="polite">{i18n.t('popup.checkingStore')}</p>
      <button type="button" class="height-only" aria-hidden="true" tabIndex={-1} disabled>
        {'\u00a0'}
      </button>
      <p class="store" aria-hidden="true">
        {'\u00a0'}
      </p>
    </section>
  );
}

interface StoreProblemProps {
  problem: string;
  disabled: boolean;
  onRetry: () => void;
}

function StoreProblem({ problem, disabled, onRetry }: StoreProblemProps) {
  return (
    <div class="problem-line">
      <p role="alert" class="problem">
        {problem}
      </p>
      <button type="button" disabled={disabled} onClick={onRetry}>
        {i18n.t('popup.tryAgain')}
      </button>
    </div>
  );
}

/** Signing out of Crate leaves the website's own session: offer to end that one too. */
function WebsiteSignOut({ storeUrl }: { storeUrl: string }) {
  return (
    <p class="notice">
      {i18n.t('popup.account.signedOutHere')}{' '}
      <button
        type="button"
        class="link-button"
        onClick={() => openTab(new URL(signOutPageUrl, storeUrl).href)}
      >
        {i18n.t('popup.account.websiteSignOut')}
      </button>
    </p>
  );
}
