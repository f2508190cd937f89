/**
 * The browser's language (the one the extension's strings are in), for Intl's number, date and
 * plural formats: German reads "1,49 $" and Spanish "1,49 US$" with no table of our own.
 */

import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { Price } from '../contract/wire.ts';

/**
 * The language the extension's own strings are shown in: each locale names itself (its `locale`
 * message), since the browser's `getUILanguage` can differ from the _locales it picked (Chromium
 * under a locale override); the UI language where no message answers, English where neither does.
 */
export function uiLocale(): string {
  try {
    return i18n.t('locale') || browser.i18n.getUILanguage() || 'en';
  } catch {
    return 'en';
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count as the DJ's language writes it ("20.000" in German, "20,000" in English). */
export function formatCount(count: number): string {
  const locale = uiLocale();
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(count);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A fraction as a percentage in the DJ's language, to a tenth: "2.5%", "2,5 %". */
export function formatPercent(fraction: number): string {
  const locale = uiLocale();
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    percentFormats.set(locale, format);
  }
  return format.format(fraction);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** The currency format of `locale`, made once; throws for a currency Intl does not know. */
export function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(`${locale} ${currency}`);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(`${locale} ${currency}`, format);
  }
  return format;
}

/** A price as the DJ's language writes it ("1,49 $" in German); throws for a currency Intl does not know. */
export function formatMoney(price: Price): string {
  return moneyFormat(uiLocale(), price.currency).format(price.value);
}
