import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { readShortcutBindings, type ShortcutBinding } from '../../lib/shortcuts/shortcut-bindings.ts';

/** Firefox (137 and later) opens its own page for an add-on's shortcuts; Chromium has a URL. */
const firefoxSettings = (browser.commands as { openShortcutSettings?: () => Promise<void> })
  .openShortcutSettings;

/** The keyboard shortcuts as the browser binds them now, and where the person changes them. */
export function ShortcutsSection() {
  const [bindings, setBindings] = useState<ShortcutBinding[] | null>(null);
  useEffect(() => {
    void readShortcutBindings().then(setBindings);
  }, []);

  function changeShortcuts() {
    if (firefoxSettings) void firefoxSettings.call(browser.commands);
    else void browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
  }

  return (
    <section aria-labelledby="shortcuts-heading" class="shortcuts">
      <h2 id="shortcuts-heading">{i18n.t('shortcuts.heading')}</h2>
      {bindings && (
        <ul aria-label={i18n.t('shortcuts.heading')}>
          {bindings.map(({ name, description, shortcut }) => (
            <li key={name}>
              {shortcut ? <kbd>{shortcut}</kbd> : <span class="notice">{i18n.t('shortcuts.notSet')}</span>}{' '}
              {name === '_execute_action' ? i18n.t('commands.openCrate') : description}
            </li>
          ))}
        </ul>
      )}
      <p class="hint">
        {firefoxSettings ? i18n.t('shortcuts.keptInFirefox') : i18n.t('shortcuts.keptInChromium')}
      </p>
      <button type="button" onClick={changeShortcuts}>
        {i18n.t('shortcuts.change')}
      </button>
    </section>
  );
}
