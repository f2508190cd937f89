import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { cartNameIssue, defaultCartName, maxCartNameLength } from '../../../lib/contract/cart-name.ts';

export interface CartPickerProps {
  current: string;
  /** Carts this person used, most recent first (the store cannot list them). */
  names: readonly string[];
  onChoose(name: string): void;
}

/**
 * The current cart, which page buttons add to: the default cart or a named one ("crate"). A new
 * name becomes a cart at the store once something is added to it.
 */
export function CartPicker({ current, names, onChoose }: CartPickerProps) {
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const choices = names.includes(current) ? names : [current, ...names];

  function create(event: Event) {
    event.preventDefault();
    const name = draft.trim();
    const issue = cartNameIssue(name);
    const why = issue && i18n.t(`popup.picker.nameIssue.${issue}`, [String(maxCartNameLength)]);
    setProblem(why);
    if (why) return;
    setCreating(false);
    setDraft('');
    onChoose(name);
  }

  if (creating) {
    return (
      <form class="cart-picker" onSubmit={create}>
        <label class="inline">
          {i18n.t('popup.picker.newName')}
          <input
            value={draft}
            maxLength={64}
            placeholder={i18n.t('popup.picker.placeholder')}
            // The form appears because the person asked for it: put them in it.
            // biome-ignore lint/a11y/noAutofocus: see above
            autoFocus
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'cart-name-problem' : undefined}
            onInput={(event) => setDraft(event.currentTarget.value)}
          />
        </label>
        <button type="submit" class="primary">
          {i18n.t('popup.picker.create')}
        </button>
        <button
          type="button"
          onClick={() => {
            setCreating(false);
            setProblem(null);
          }}
        >
          {i18n.t('popup.picker.cancel')}
        </button>
        {problem && (
          <p id="cart-name-problem" class="problem" role="alert">
            {problem}
          </p>
        )}
      </form>
    );
  }

  return (
    <div class="cart-picker">
      <label class="inline">
        {i18n.t('popup.picker.label')}
        <select value={current} onChange={(event) => onChoose(event.currentTarget.value)}>
          {choices.map((name) => (
            <option key={name} value={name}>
              {name === defaultCartName ? i18n.t('popup.picker.defaultCart') : name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => setCreating(true)}>
        {i18n.t('popup.picker.newCart')}
      </button>
    </div>
  );
}
