import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatMoney } from '../../../../lib/popup/money.ts';
import { getMessageFrom, readLocale } from '../../../helpers/locales.ts';

describe('formatMoney', () => {
  it.each([
    ['en', '$1.49'],
    ['de', '1,49 $'],
    ['es', '1,49 US$'],
  ])('writes a price as a %s-speaking browser does', (language, text) => {
    fakeBrowser.i18n.getMessage = getMessageFrom(readLocale(language)) as typeof fakeBrowser.i18n.getMessage;
    expect(formatMoney({ value: 1.49, currency: 'USD' }).replace(/\s/g, ' ')).toBe(text);
  });
});
