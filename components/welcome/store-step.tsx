import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { chooseStore } from '../../lib/settings/save-settings.ts';
import { defaultStoreUrl } from '../../lib/storage/default-store-url.ts';
import { storeUrlSetting } from '../../lib/storage/items.ts';

type Status =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'chosen'; storeUrl: string }
  | { kind: 'error'; message: string };

/** Step 1: the demo store or another address; its access is asked for in the same click. */
export function StoreStep({ onChosen }: { onChosen: () => void }) {
  const [choice, setChoice] = useState<'demo' | 'other'>('demo');
  const [address, setAddress] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  useEffect(() => {
    void storeUrlSetting.getValue().then((current) => {
      if (current !== defaultStoreUrl) {
        setChoice('other');
        setAddress(current);
      }
    });
  }, []);

  async function use(event: Event) {
    event.preventDefault();
    setStatus({ kind: 'checking' });
    try {
      const storeUrl = await chooseStore(choice === 'demo' ? defaultStoreUrl : address);
      setStatus({ kind: 'chosen', storeUrl });
      onChosen();
    } catch (error) {
      setStatus({ kind: 'error', message: (error as Error).message });
    }
  }

  return (
    <form class="card" aria-labelledby="welcome-store-heading" onSubmit={use} noValidate>
      <h2 id="welcome-store-heading">{i18n.t('welcome.store.heading')}</h2>
      <label class="inline">
        <input type="radio" name="store" checked={choice === 'demo'} onChange={() => setChoice('demo')} />{' '}
        {i18n.t('welcome.store.demo', [defaultStoreUrl])}
      </label>
      <label class="inline">
        <input type="radio" name="store" checked={choice === 'other'} onChange={() => setChoice('other')} />{' '}
        {i18n.t('welcome.store.other')}
      </label>
      {choice === 'other' && (
        <label>
          {i18n.t('welcome.store.address')}
          <input
            type="url"
            name="storeUrl"
            value={address}
            onInput={(event) => setAddress(event.currentTarget.value)}
          />
        </label>
      )}
      <div class="save-row">
        <button type="submit" class="primary" disabled={status.kind === 'checking'}>
          {i18n.t('welcome.store.use')}
        </button>
        <span role="status">
          {status.kind === 'checking' && i18n.t('welcome.store.checking')}
          {status.kind === 'chosen' && i18n.t('welcome.store.chosen', [status.storeUrl])}
        </span>
        {status.kind === 'error' && (
          <span class="problem" role="alert">
            {status.message}
          </span>
        )}
      </div>
    </form>
  );
}
