import { loadPopupSnapshot } from '../../lib/popup/popup-snapshot.ts';

/**
 * Started while the rest of the popup's code is still being evaluated (main.tsx imports this
 * first), so reading storage and IndexedDB overlaps with it.
 */
export const snapshot = loadPopupSnapshot();
