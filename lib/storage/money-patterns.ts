/**
 * The store pages' price patterns as stored (items.ts, moneyPatternsItem): per `<locale> <currency>`,
 * how Intl writes a price (lib/i18n/money-pattern.ts). The content script reads the key directly.
 */
import type { MoneyPattern } from '../i18n/money-pattern.ts';

export type MoneyPatterns = Partial<Record<string, MoneyPattern>>;

export const moneyPatternsKey = 'moneyPatterns';
