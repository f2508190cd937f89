import { render } from 'preact';
import '../../assets/base.css';
import '../../assets/popup.css';
import { PopupApp, type PopupTabId, popupTabIds } from '../../components/popup/popup-app.tsx';
import { loadPopupSnapshot } from '../../components/popup/popup-snapshot.ts';

// popup.html#library opens on that tab (used by links, screenshots and the benchmark).
const hash = location.hash.slice(1);
const initialTab = popupTabIds.find((id) => id === hash) as PopupTabId | undefined;

void loadPopupSnapshot().then((snapshot) =>
  render(
    <PopupApp snapshot={snapshot} initialTab={initialTab} />,
    document.getElementById('app') as HTMLElement,
  ),
);
