/**
 * The keyboard shortcuts as the browser binds them now (the person may have changed or cleared
 * them), for the popup's help and the options page alike.
 */
import { browser } from 'wxt/browser';

export interface ShortcutBinding {
  name: string;
  description: string;
  /** Empty when the person cleared it or the browser could not bind it. */
  shortcut: string;
}

/** The bindings, or null in a browser without the commands API (or a test's fake one). */
export async function readShortcutBindings(): Promise<ShortcutBinding[] | null> {
  try {
    const commands = await browser.commands.getAll();
    return commands.map(({ name = '', description = '', shortcut = '' }) => ({
      name,
      description,
      shortcut,
    }));
  } catch {
    return null;
  }
}
