import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import '../../assets/base.css';
import { OptionsForm } from '../../components/options/options-form.tsx';

render(<OptionsForm />, document.getElementById('app') as HTMLElement);
