import { describe, expect, it } from 'vitest';
import { adoptStyleSheet } from '../../../../lib/content/page-stylesheet.ts';

const sheet = () => ({}) as CSSStyleSheet;

/** What Firefox's Xray wrapper does to a content script: the array's methods are refused. */
function xrayRefusingPush(own: { adoptedStyleSheets: CSSStyleSheet[] }) {
  return {
    wrappedJSObject: own,
    get adoptedStyleSheets(): CSSStyleSheet[] {
      const refused = [...own.adoptedStyleSheets];
      refused.push = () => {
        throw new Error('XrayWrapper denied access to property push');
      };
      return refused;
    },
    set adoptedStyleSheets(_value: CSSStyleSheet[]) {
      throw new TypeError('adoptedStyleSheets is not iterable');
    },
  } as unknown as Document;
}

describe('adopting a stylesheet from a content script', () => {
  it("goes through the page's own object where the browser wraps it (Firefox)", () => {
    const own = { adoptedStyleSheets: [] as CSSStyleSheet[] };
    const added = sheet();
    adoptStyleSheet(xrayRefusingPush(own), added);
    expect(own.adoptedStyleSheets).toEqual([added]);
  });

  it('pushes onto the array where there is no wrapper (Chrome)', () => {
    const target = { adoptedStyleSheets: [sheet()] } as unknown as Document;
    const added = sheet();
    adoptStyleSheet(target, added);
    expect(target.adoptedStyleSheets).toHaveLength(2);
    expect(target.adoptedStyleSheets[1]).toBe(added);
  });

  it('assigns a new array where the array is frozen', () => {
    const first = sheet();
    const target = { adoptedStyleSheets: Object.freeze([first]) } as unknown as Document;
    const added = sheet();
    adoptStyleSheet(target, added);
    expect(target.adoptedStyleSheets).toEqual([first, added]);
  });

  it('never throws, even when the page refuses both', () => {
    const refusing = {
      get adoptedStyleSheets() {
        throw new TypeError('not iterable');
      },
      set adoptedStyleSheets(_value: unknown) {
        throw new TypeError('not iterable');
      },
    } as unknown as Document;
    const warn = console.warn;
    const warned: unknown[] = [];
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      expect(() => adoptStyleSheet(refusing, sheet())).not.toThrow();
    } finally {
      console.warn = warn;
    }
    expect(warned).toHaveLength(1);
  });
});
