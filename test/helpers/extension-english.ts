/**
 * For service tests that drive the extension's own code against the real store (drift.test.ts):
 * the extension's strings in English, as the unit tests' setup gives them (test/unit/setup.ts).
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getMessageFrom, readLocale } from './locales.ts';

fakeBrowser.i18n.getMessage = getMessageFrom(readLocale('en')) as typeof fakeBrowser.i18n.getMessage;
fakeBrowser.i18n.getUILanguage = () => 'en';
