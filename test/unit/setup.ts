import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakePermissions } from '../helpers/fake-permissions.ts';
import { getMessageFrom, readLocale } from '../helpers/locales.ts';

const english = getMessageFrom(readLocale('en'));

beforeEach(() => {
  fakePermissions.reset();
  // fakeBrowser.reset() leaves i18n alone: the extension's English, as a browser in English answers.
  fakeBrowser.i18n.getMessage = english as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en';
});
