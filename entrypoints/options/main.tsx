import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import { i18n } from '#i18n';
import '../../assets/base.css';
import '../../assets/theme.css';
import '../../assets/options.css';
import { OptionsPage } from '../../components/options/options-page.tsx';
import { uiLocale } from '../../lib/i18n/intl.ts';

// The page's language and title, for screen readers and the tab, in the language it is shown in.
document.documentElement.lang = uiLocale();
document.title = i18n.t('options.title');

render(<OptionsPage />, document.getElementById('app') as HTMLElement);
