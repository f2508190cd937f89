import { describe, expect, it } from 'vitest';
import {
  StickExportError,
  type StickExportFailure,
} from '../../../../lib/dj-formats/rekordbox-device/stick-directory.ts';
import { stickFailureMessage } from '../../../../lib/usb-stick-page/stick-failure.ts';

describe('stickFailureMessage', () => {
  it.each<[StickExportFailure, RegExp]>([
    ['stick-full', /^The stick is full: its library was left as it was/],
    ['read-only', /^The stick is read-only/],
    ['stick-removed', /^The stick was removed during the export/],
    ['foreign-library', /^This folder holds a library Crate cannot read/],
    [
      'foreign-engine-library',
      /^This stick holds an Engine DJ library Crate cannot add to .*nothing was changed/,
    ],
  ])('words %s for the DJ', (failure, words) => {
    expect(stickFailureMessage(new StickExportError(failure))).toMatch(words);
  });

  it("says what failed otherwise, and passes the store's own messages through", () => {
    const failed = new StickExportError('write-failed', new Error('the store answered 410'));
    expect(stickFailureMessage(failed)).toBe(
      'Writing to the stick failed, and its previous library is as it was: the store answered 410',
    );
    expect(stickFailureMessage(new Error('You are signed out.'))).toBe('You are signed out.');
  });
});
