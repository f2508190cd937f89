import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import '../../assets/base.css';
import '../../assets/theme.css';
import '../../assets/options.css';
import { OptionsPage } from '../../components/options/options-page.tsx';

render(<OptionsPage />, document.getElementById('app') as HTMLElement);
