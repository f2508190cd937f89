import { i18n } from '#i18n';
import { ShortcutsSection } from '../shortcuts/shortcuts-section.tsx';
import { CollectionSection } from './collection-section.tsx';
import { NewPurchasesSection } from './new-purchases-section.tsx';
import { OptionsForm } from './options-form.tsx';

/** The whole options page: Crate's mark and name over the settings and the shortcuts. */
export function OptionsPage() {
  return (
    <div class="options-page">
      <header class="options-header">
        <img src="/icon/48.png" width={40} height={40} alt="" />
        <div>
          <h1>{i18n.t('options.title')}</h1>
          <p class="hint">{i18n.t('options.keptHere')}</p>
          <a href="/welcome.html">{i18n.t('options.openWelcome')}</a>
        </div>
      </header>
      <OptionsForm />
      <NewPurchasesSection />
      <CollectionSection />
      <ShortcutsSection />
    </div>
  );
}
