import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { readShortcutBindings, type ShortcutBinding } from '../../lib/protocol/shortcut-bindings.ts';

/** What each command is for, in the popup's few words. */
const purposes: Record<string, string> = {
  _execute_action: 'opens Crate',
  'add-page-item': 'adds the track or release under the pointer or in focus',
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
      <summary>Keyboard shortcuts</summary>
      <ul aria-label="Keyboard shortcuts">
        {bindings.map(({ name, description, shortcut }) => (
          <li key={name}>
            {shortcut ? <kbd>{shortcut}</kbd> : 'Not set'} {purposes[name] ?? description}
          </li>
        ))}
      </ul>
      <button type="button" class="link-button" onClick={() => void browser.runtime.openOptionsPage()}>
        Change them
      </button>
    </details>
  );
}
