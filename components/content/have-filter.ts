/**
 * The page filter's toggle (lib/content/page-filter.ts): "Hide what I have", a checkbox above the
 * page's first list, in its own shadow root so the page's CSS leaves it alone.
 */
import { i18n } from '#i18n';
import type { FilterToggle } from '../../lib/content/page-filter.ts';
import { adoptStyleSheet } from '../../lib/content/page-stylesheet.ts';
import css from './have-filter.css?inline';

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
