import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import { i18n } from '#i18n';
import '../../assets/base.css';
import '../../assets/theme.css';
import '../../assets/options.css';
import { UsbStickPage } from '../../components/usb-stick/usb-stick-page.tsx';
import { uiLocale } from '../../lib/i18n/intl.ts';

document.documentElement.lang = uiLocale();
document.title = i18n.t('stick.title');

render(<UsbStickPage />, document.getElementById('app') as HTMLElement);
