/**
 * The Follow button a store artist or label page gets beside its title (lib/content/follow-page.ts):
 * "Follow", "Following" once pressed (aria-pressed), pressed again to unfollow. In a shadow root,
 * so the page's CSS cannot reach it, with the cart buttons' colours.
 */
import { i18n } from '#i18n';
import type { FollowButton } from '../../lib/content/follow-page.ts';
import { adoptStyleSheet } from '../../lib/content/page-stylesheet.ts';

const css = `
:host { all: initial; display: inline-block; margin-block: 4px 8px; font: 600 13px/1.2 system-ui, sans-serif;
  --accent: #0a7d63; --accent-text: #fff; --text: #15151a; --border: #c9c9d3; --surface: #fff; --danger: #b3261e; }
@media (prefers-color-scheme: dark) {
  :host { --accent: #2ee6b0; --accent-text: #06231b; --text: #ececf1; --border: #3a3a46; --surface: #17171d; --danger: #ff8a80; }
}
button { font: inherit; padding: 6px 14px; border-radius: 999px; border: 1px solid var(--accent);
  background: var(--surface); color: var(--accent); cursor: pointer; }
button[aria-pressed="true"] { background: var(--accent); color: var(--accent-text); }
button:disabled { opacity: 0.6; cursor: progress; }
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.problem { display: block; color: var(--danger); font-weight: 400; margin-top: 4px; }
`;

let sheet: CSSStyleSheet | undefined;

export function createFollowButton(onPress: () => void): FollowButton {
  const host = document.createElement('crate-follow');
  const shadow = host.attachShadow({ mode: 'open' });
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  adoptStyleSheet(shadow, sheet);
  const button = document.createElement('button');
  button.type = 'button';
  const problem = document.createElement('span');
  problem.className = 'problem';
  problem.setAttribute('role', 'status');
  button.addEventListener('click', onPress);
  shadow.append(button, problem);
  return {
    host,
    show(followed, busy, message) {
      button.textContent = followed ? i18n.t('content.following') : i18n.t('content.follow');
      button.setAttribute('aria-pressed', String(followed));
      button.disabled = busy;
      problem.textContent = message ?? '';
    },
  };
}
