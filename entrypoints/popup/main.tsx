import { render } from 'preact';
// Before the components: reading the last known state starts while they are evaluated.
import { snapshot } from './snapshot.ts';
import '../../assets/base.css';
import '../../assets/popup.css';
import { PopupApp, type PopupTabId, popupTabIds } from '../../components/popup/popup-app.tsx';

// popup.html#library opens on that tab (used by links, screenshots and the benchmark).
const hash = location.hash.slice(1);
const initialTab = popupTabIds.find((id) => id === hash) as PopupTabId | undefined;

void snapshot.then((last) =>
  render(<PopupApp snapshot={last} initialTab={initialTab} />, document.getElementById('app') as HTMLElement),
);
