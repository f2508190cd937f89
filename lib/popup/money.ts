/** Prices as people read them, and sums in whole cents so that 0.1 + 0.2 stays 0.30. */
// Written in the DJ's language by lib/i18n/intl.ts, which the content script's prices share.
export { formatMoney } from '../i18n/intl.ts';

export const toCents = (value: number) => Math.round(value * 100);
export const fromCents = (cents: number) => cents / 100;
