import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { ShortcutsSection } from '../shortcuts/shortcuts-section.tsx';
import { SignInStep } from './sign-in-step.tsx';
import { StoreStep } from './store-step.tsx';

const buttonMeanings = [
  'welcome.buttons.formats',
  'welcome.buttons.inCart',
  'welcome.buttons.owned',
  'welcome.buttons.preview',
  'welcome.buttons.bpmKey',
] as const;

/** The page a new install opens (and the options page links to): store, sign-in, what the buttons mean. */
export function WelcomePage() {
  const [storeVersion, setStoreVersion] = useState(0);
  return (
    <div class="options-page">
      <header class="options-header">
        <img src="/icon/48.png" width={40} height={40} alt="" />
        <div>
          <h1>{i18n.t('welcome.title')}</h1>
          <p class="hint">{i18n.t('welcome.lead')}</p>
        </div>
      </header>
      <StoreStep onChosen={() => setStoreVersion((version) => version + 1)} />
      <SignInStep storeVersion={storeVersion} />
      <section class="card" aria-labelledby="welcome-buttons-heading">
        <h2 id="welcome-buttons-heading">{i18n.t('welcome.buttons.heading')}</h2>
        <ul>
          {buttonMeanings.map((key) => (
            <li key={key}>{i18n.t(key)}</li>
          ))}
        </ul>
      </section>
      <ShortcutsSection />
      <p>{i18n.t('welcome.done')}</p>
      <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
        {i18n.t('welcome.openOptions')}
      </button>
    </div>
  );
}
