import type { ComponentChildren } from 'preact';

export interface NoticeProps {
  title: string;
  /** The next step, in words. */
  children?: ComponentChildren;
  /** A button or link that takes that step. */
  action?: ComponentChildren;
  tone?: 'info' | 'problem';
}

/** An edge state (signed out, unreachable, empty…) in place of a panel's content: never a blank panel. */
export function Notice({ title, children, action, tone = 'info' }: NoticeProps) {
  return (
    <div class={`notice-box ${tone}`}>
      <p class="notice-title">{title}</p>
      {children && <p>{children}</p>}
      {action && <div class="notice-action">{action}</div>}
    </div>
  );
}
