import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import { i18n } from '#i18n';
import '../../assets/base.css';
import '../../assets/theme.css';
import '../../assets/options.css';
import { WelcomePage } from '../../components/welcome/welcome-page.tsx';
import { uiLocale } from '../../lib/i18n/intl.ts';

document.documentElement.lang = uiLocale();
document.title = i18n.t('welcome.title');
render(<WelcomePage />, document.getElementById('app') as HTMLElement);
