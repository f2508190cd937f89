import { describe, expect, it } from 'vitest';
import { askOnThisComputer, isHere } from '../../../../../lib/popup/library/this-computer.ts';

describe('on this computer', () => {
  it('is the set of download ids the worker names', async () => {
    const here = await askOnThisComputer(async () => ({ downloadIds: [3, 1, 3] }));
    expect([...here].sort()).toEqual([1, 3]);
    expect(isHere(here, 3)).toBe(true);
    expect(isHere(here, 2)).toBe(false);
  });

  it('says nothing about an entry while the worker has not answered', () => {
    expect(isHere(null, 3)).toBeUndefined();
  });
});
