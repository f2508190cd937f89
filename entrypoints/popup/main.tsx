import { render } from 'preact';
import '../../assets/base.css';
import './popup.css';
import { AccountPanel } from '../../components/account-panel.tsx';

render(<AccountPanel />, document.getElementById('app') as HTMLElement);
