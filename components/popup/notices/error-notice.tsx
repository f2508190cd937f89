import { i18n } from '#i18n';
import type { StoreErrorData, StoreErrorKind } from '../../../lib/protocol/store-error.ts';
import { Notice } from './notice.tsx';

/** Asked for when shown: the language is the browser's, read once the popup runs. */
const titles: Partial<Record<StoreErrorKind, () => string>> = {
  signedOut: () => i18n.t('popup.errors.signedOut'),
  offline: () => i18n.t('popup.errors.offline'),
  storeDown: () => i18n.t('popup.errors.storeDown'),
  timeout: () => i18n.t('popup.errors.timeout'),
  rateLimited: () => i18n.t('popup.errors.rateLimited'),
  noAccess: () => i18n.t('popup.errors.noAccess'),
};

/** A failed load with nothing saved to show instead: what happened and a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: StoreErrorData; onRetry(): void }) {
  const hint = error.kind === 'signedOut' ? ` ${i18n.t('popup.errors.signInHint')}` : '';
  return (
    <Notice
      tone="problem"
      title={titles[error.kind]?.() ?? i18n.t('popup.errors.other')}
      action={
        <button type="button" onClick={onRetry}>
          {i18n.t('popup.tryAgain')}
        </button>
      }
    >
      {error.message}
      {hint}
    </Notice>
  );
}
