import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { hasHostAccess, requestHostAccess } from '../../../lib/permissions/host-access.ts';
import { storeUrlSetting } from '../../../lib/storage/items.ts';

/**
 * Says, in words, that the browser withholds access to the store, and offers to grant it. Shown
 * only while access is missing; follows grants and removals made anywhere (the browser's own
 * menus included) through permissions.onAdded/onRemoved.
 */
export function HostAccessNotice() {
  const [storeUrl, setStoreUrl] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = '';
    const check = async () => {
      current = await storeUrlSetting.getValue();
      setStoreUrl(current);
      setMissing(!(await hasHostAccess(current)));
    };
    const recheck = () => void check().catch((error: unknown) => setProblem(errorMessage(error)));
    recheck();
    browser.permissions.onAdded.addListener(recheck);
    browser.permissions.onRemoved.addListener(recheck);
    const unwatch = storeUrlSetting.watch(recheck);
    return () => {
      browser.permissions.onAdded.removeListener(recheck);
      browser.permissions.onRemoved.removeListener(recheck);
      unwatch();
    };
  }, []);

  if (!storeUrl || !missing) return null;

  function allow() {
    if (!storeUrl) return;
    setProblem(null);
    // permissions.request first: the click's user gesture ends at the first await.
    requestHostAccess(storeUrl)
      .then((granted) => {
        if (granted) setMissing(false);
        else setProblem(i18n.t('popup.hostAccess.refused', [storeUrl]));
      })
      .catch((error: unknown) => setProblem(errorMessage(error)));
  }

  return (
    <section class="notice-box problem host-access" aria-label={i18n.t('popup.hostAccess.label')}>
      <p class="notice-title">{i18n.t('popup.hostAccess.title', [storeUrl])}</p>
      <p>{i18n.t('popup.hostAccess.explain')}</p>
      <div class="notice-action">
        <button type="button" class="primary" onClick={allow}>
          {i18n.t('popup.hostAccess.allow', [storeUrl])}
        </button>
      </div>
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
