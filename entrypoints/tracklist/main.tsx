import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import { i18n } from '#i18n';
import '../../assets/base.css';
import '../../assets/theme.css';
import '../../assets/options.css';
import '../../assets/tracklist.css';
import { TracklistPage } from '../../components/tracklist/tracklist-page.tsx';
import { uiLocale } from '../../lib/i18n/intl.ts';

document.documentElement.lang = uiLocale();
document.title = i18n.t('tracklist.title');

render(<TracklistPage />, document.getElementById('app') as HTMLElement);
