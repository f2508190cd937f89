/**
 * What a crate import's outcome says, in the DJ's language: why nothing was added, why a track was
 * skipped. The popup's share panel and the tracklist page's cart fill both say it.
 */
import { i18n } from '#i18n';
import type { CartWarning, ItemType } from '../contract/wire.ts';
import { formatCount } from '../i18n/intl.ts';
import type { CrateImportProblem } from '../protocol/messages.ts';

/** An item as the import's sentences name it: "track 7". */
export const itemName = ({ type, id }: { type: ItemType; id: number }) =>
  type === 'track'
    ? i18n.t('popup.share.itemTrack', [String(id)])
    : i18n.t('popup.share.itemRelease', [String(id)]);

/** Why the worker added nothing, in the DJ's language. */
export function problemText(problem: CrateImportProblem): string {
  switch (problem.code) {
    case 'empty':
      return i18n.t('popup.share.emptyCrate');
    case 'unknownItems': {
      const named =
        problem.named.map(itemName).join(', ') + (problem.count > problem.named.length ? ', …' : '');
      return i18n.t('popup.share.unknownItems', [formatCount(problem.count), named]);
    }
    case 'cartFull':
      return i18n.t('popup.share.cartFull', [
        problem.cartName,
        formatCount(problem.holds),
        formatCount(problem.wouldHold),
        formatCount(problem.limit),
      ]);
    case 'refused':
      return i18n.t('popup.share.refused', [problem.reason]);
  }
}

/** Why the store declined one item, from its warning code. */
export const skippedBecause: Record<CartWarning['code'], () => string> = {
  alreadyPurchased: () => i18n.t('popup.share.skippedBecause.alreadyPurchased'),
  notFound: () => i18n.t('popup.share.skippedBecause.notFound'),
  notPurchasable: () => i18n.t('popup.share.skippedBecause.notPurchasable'),
  alreadyInCart: () => i18n.t('popup.share.skippedBecause.alreadyInCart'),
  notInCart: () => i18n.t('popup.share.skippedBecause.notInCart'),
};
