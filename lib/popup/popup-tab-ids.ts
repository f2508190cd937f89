/** The popup's tabs, in order; a tiny module, as the popup's entry reads it before anything else. */
const popupTabIds = ['cart', 'library', 'artists', 'new'] as const;
export type PopupTabId = (typeof popupTabIds)[number];

/** The tab a name (popup.html#library) means, if any. */
export const popupTabOf = (name: string): PopupTabId | undefined => popupTabIds.find((id) => id === name);
