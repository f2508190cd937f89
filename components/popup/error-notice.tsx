import type { StoreErrorData, StoreErrorKind } from '../../lib/protocol/store-error.ts';
import { Notice } from './notice.tsx';

const titles: Partial<Record<StoreErrorKind, string>> = {
  signedOut: 'You are signed out',
  offline: 'You are offline',
  storeDown: 'The store is not answering',
  timeout: 'The store is slow to answer',
  rateLimited: 'The store is busy',
  noAccess: 'Your browser withholds access to the store',
};

/** A failed load with nothing saved to show instead: what happened and a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: StoreErrorData; onRetry(): void }) {
  const hint = error.kind === 'signedOut' ? ' Use "Sign in" at the top.' : '';
  return (
    <Notice
      tone="problem"
      title={titles[error.kind] ?? 'Crate could not load this'}
      action={
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      }
    >
      {error.message}
      {hint}
    </Notice>
  );
}
