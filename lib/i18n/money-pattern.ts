/**
 * How `Intl` writes a price in one locale and currency, as plain parts: the store pages' content
 * script writes prices with it instead of making an `Intl.NumberFormat`, whose first one in a
 * renderer process costs 25 to 126 ms (ICU's number data loaded; docs/benchmarks.md). The parts
 * are read off `Intl` itself (`formatToParts`), never written by hand; a locale whose grouping is
 * not in threes (en-IN's 12,34,567) gets no pattern and stays with `Intl`.
 */

export interface MoneyPattern {
  /** What comes before the digits ("$", "US$ "), and after them (" $", " US$"). */
  before: string;
  after: string;
  decimal: string;
  /** The thousands separator; '' where the locale writes none. */
  group: string;
  /** Integer digits from which the separator is written: 4, or 5 where the locale spares 1234. */
  groupFrom: number;
  fractionDigits: number;
}

/** The pattern of `format` (a currency NumberFormat), or null where plain parts cannot say it. */
export function moneyPatternOf(format: Intl.NumberFormat): MoneyPattern | null {
  const parts = format.formatToParts(1234567.5);
  const first = parts.findIndex((part) => part.type === 'integer');
  const last = parts.findLastIndex((part) => part.type === 'integer' || part.type === 'fraction');
  const digits = parts.slice(first, last + 1);
  if (digits.some((part) => !['integer', 'group', 'decimal', 'fraction'].includes(part.type))) return null;
  const integers = digits.filter((part) => part.type === 'integer').map((part) => part.value);
  if (integers.slice(1).some((group) => group.length !== 3)) return null;
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  const groupsFour = format.formatToParts(1234.5).some((part) => part.type === 'group');
  const { maximumFractionDigits = 2 } = format.resolvedOptions();
  return {
    before: text(0, first),
    after: text(last + 1, parts.length),
    decimal: digits.find((part) => part.type === 'decimal')?.value ?? '.',
    group: digits.find((part) => part.type === 'group')?.value ?? '',
    groupFrom: groupsFour ? 4 : 5,
    fractionDigits: maximumFractionDigits,
  };
}

/** `value` (not negative) written with `pattern`, as its `Intl.NumberFormat` writes it. */
export function writeWithPattern(pattern: MoneyPattern, value: number): string {
  const [integer = '0', fraction] = value.toFixed(pattern.fractionDigits).split('.');
  let grouped = integer;
  if (pattern.group && integer.length >= pattern.groupFrom) {
    grouped = integer.replace(/\B(?=(\d{3})+$)/g, pattern.group);
  }
  const number = fraction === undefined ? grouped : `${grouped}${pattern.decimal}${fraction}`;
  return `${pattern.before}${number}${pattern.after}`;
}

/** A pattern read back from storage, checked (the content script has no zod). */
export function isMoneyPattern(value: unknown): value is MoneyPattern {
  if (typeof value !== 'object' || value === null) return false;
  const { before, after, decimal, group, groupFrom, fractionDigits } = value as Record<string, unknown>;
  return (
    [before, after, decimal, group].every((part) => typeof part === 'string') &&
    (groupFrom === 4 || groupFrom === 5) &&
    Number.isInteger(fractionDigits) &&
    (fractionDigits as number) >= 0 &&
    (fractionDigits as number) <= 4
  );
}
