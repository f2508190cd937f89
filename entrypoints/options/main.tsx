import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import '../../assets/base.css';
import { OptionsForm } from '../../components/options/options-form.tsx';
import { ShortcutsSection } from '../../components/options/shortcuts-section.tsx';

render(
  <>
    <OptionsForm />
    <ShortcutsSection />
  </>,
  document.getElementById('app') as HTMLElement,
);
