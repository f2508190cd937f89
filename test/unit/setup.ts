import 'fake-indexeddb/auto';
import { configure } from '@testing-library/preact';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakePermissions } from '../helpers/fake-permissions.ts';
import { getMessageFrom, readLocale } from '../helpers/locales.ts';

const english = getMessageFrom(readLocale('en'));

// findBy and waitFor wait for a sign that comes; their 1 s default failed render tests when the
// unit stage shares the machine with the type check (vitest.config.ts gives a test 15 s).
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  fakePermissions.reset();
  // fakeBrowser.reset() leaves i18n alone: the extension's English, as a browser in English answers.
  fakeBrowser.i18n.getMessage = english as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en';
});
