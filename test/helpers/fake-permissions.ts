/**
 * permissions.contains/request/remove and onAdded/onRemoved for WXT's fake browser, which has
 * none: host origins as a set, every origin granted until a test withholds it, and a request
 * answered as `answer` says (a person's "Allow" by default).
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Listener = (permissions: { origins?: string[] }) => void;

export const fakePermissions = {
  withheld: new Set<string>(),
  answer: true,
  requested: [] as string[],
  added: [] as Listener[],
  removed: [] as Listener[],
  reset() {
    this.withheld.clear();
    this.answer = true;
    this.requested = [];
  },
};

const event = (listeners: Listener[]) => ({
  addListener: (listener: Listener) => void listeners.push(listener),
  removeListener: (listener: Listener) => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  },
  hasListener: (listener: Listener) => listeners.includes(listener),
});

Object.assign(fakeBrowser.permissions, {
  async contains({ origins = [] }: { origins?: string[] }) {
    return origins.every((origin) => !fakePermissions.withheld.has(origin));
  },
  async request({ origins = [] }: { origins?: string[] }) {
    fakePermissions.requested.push(...origins);
    if (!fakePermissions.answer) return false;
    for (const origin of origins) fakePermissions.withheld.delete(origin);
    for (const listener of [...fakePermissions.added]) listener({ origins });
    return true;
  },
  async remove({ origins = [] }: { origins?: string[] }) {
    for (const origin of origins) fakePermissions.withheld.add(origin);
    for (const listener of [...fakePermissions.removed]) listener({ origins });
    return true;
  },
  onAdded: event(fakePermissions.added),
  onRemoved: event(fakePermissions.removed),
});
