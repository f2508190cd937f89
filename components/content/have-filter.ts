/**
 * The page filter's toggle (lib/content/page-filter.ts): "Hide what I have", a checkbox above the
 * page's first list, in its own shadow root so the page's CSS leaves it alone.
 */
import { i18n } from '#i18n';
import type { FilterToggle } from '../../lib/content/page-filter.ts';
import { adoptStyleSheet } from '../../lib/content/page-stylesheet.ts';

const css = `
:host { all: initial; display: block; margin: 0 0 8px; font: 500 13px/1.3 system-ui, sans-serif; color: #15151a; }
@media (prefers-color-scheme: dark) { :host { color: #ececf1; } }
label { display: inline-flex; gap: 6px; align-items: center; cursor: pointer; }
input { margin: 0; accent-color: #0a7d63; }
`;

export function createHaveFilter(hide: boolean, onChange: (hide: boolean) => void): FilterToggle {
  const element = document.createElement('crate-have-filter');
  const shadow = element.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  adoptStyleSheet(shadow, sheet);
  const label = document.createElement('label');
  label.title = i18n.t('pageFilter.explain');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.checked = hide;
  box.addEventListener('change', () => onChange(box.checked));
  label.append(box, i18n.t('pageFilter.hideWhatIHave'));
  shadow.append(label);
  return {
    element,
    set(next) {
      box.checked = next;
    },
  };
}
