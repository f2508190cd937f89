import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { readShortcutBindings, type ShortcutBinding } from '../../lib/shortcuts/shortcut-bindings.ts';

/** What each command is for, in the popup's few words. */
const purposes: Record<string, () => string> = {
  _execute_action: () => i18n.t('popup.shortcuts.openCrate'),
  'add-page-item': () => i18n.t('popup.shortcuts.addPageItem'),
};

/**
 * The popup's help: the keyboard shortcuts as the browser binds them now (the person may have
 * changed or cleared them), and where to change them (the options page says how).
 */
export function ShortcutsHelp() {
  const [bindings, setBindings] = useState<ShortcutBinding[] | null>(null);
  useEffect(() => {
    void readShortcutBindings().then(setBindings);
  }, []);
  if (!bindings) return null;
  return (
    <details class="shortcuts-help">
      <summary>{i18n.t('shortcuts.heading')}</summary>
      <ul aria-label={i18n.t('shortcuts.heading')}>
        {bindings.map(({ name, description, shortcut }) => (
          <li key={name}>
            {shortcut ? <kbd>{shortcut}</kbd> : i18n.t('shortcuts.notSet')}{' '}
            {purposes[name]?.() ?? description}
          </li>
        ))}
      </ul>
      <button type="button" class="link-button" onClick={() => void browser.runtime.openOptionsPage()}>
        {i18n.t('popup.shortcuts.change')}
      </button>
    </details>
  );
}
