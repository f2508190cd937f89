/**
 * The Follow button a store artist or label page gets beside its title (lib/content/follow-page.ts):
 * "Follow", "Following" once pressed (aria-pressed), pressed again to unfollow. In a shadow root,
 * so the page's CSS cannot reach it, with the cart buttons' colours.
 */
import { i18n } from '#i18n';
import type { FollowButton } from '../../lib/content/follow-page.ts';
import { adoptStyleSheet } from '../../lib/content/page-stylesheet.ts';
import css from './follow-button.css?inline';

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
