/** What the library tab says instead of a list: signed out, loading or failed, an empty library. */
import { i18n } from '#i18n';
import { cartPageUrl } from '../../../lib/contract/store-urls.ts';
import type { Shown } from '../../../lib/popup/library/library-filter.ts';
import type { LibraryPages } from '../../../lib/popup/library/library-pages.ts';
import { openTab } from '../../../lib/popup/open-tab.ts';
import { ErrorNotice } from '../notices/error-notice.tsx';
import { Notice } from '../notices/notice.tsx';

export const LibrarySignedOut = () => (
  <Notice title={i18n.t('popup.library.signedOutTitle')}>{i18n.t('popup.library.signedOutHint')}</Notice>
);

/** The first page on its way, or why it did not come. */
export function LibraryLoading({ error, onRetry }: { error: LibraryPages['error']; onRetry: () => void }) {
  if (error) return <ErrorNotice error={error} onRetry={onRetry} />;
  return (
    <div aria-busy="true">
      <Notice title={i18n.t('popup.library.loading')} />
    </div>
  );
}

/** What an empty library, or an empty status filter, says. */
export function EmptyLibrary({ shown, storeUrl }: { shown: Shown; storeUrl: string }) {
  if (shown === 'available' || shown === 'downloaded') {
    return (
      <Notice
        title={
          shown === 'available'
            ? i18n.t('popup.library.allDownloaded')
            : i18n.t('popup.library.noneDownloaded')
        }
      >
        {i18n.t('popup.library.showAllHint')}
      </Notice>
    );
  }
  return (
    <Notice
      title={i18n.t('popup.library.emptyTitle')}
      action={
        <button type="button" onClick={() => openTab(`${storeUrl}${cartPageUrl}`)}>
          {i18n.t('popup.library.goCheckout')}
        </button>
      }
    >
      {i18n.t('popup.library.emptyHint')}
    </Notice>
  );
}
