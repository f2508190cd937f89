import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { newPurchasesArriveSetting, newPurchasesAskedItem } from '../../lib/storage/items.ts';

/**
 * Whether new purchases are saved to this computer by themselves (lib/background/new-purchases/).
 * Saved on the click, apart from the form's Save: the worker follows the stored setting at once.
 */
export function NewPurchasesSection() {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    void newPurchasesArriveSetting.getValue().then(setOn);
    return newPurchasesArriveSetting.watch(setOn);
  }, []);
  if (on === null) return null;
  async function choose(next: boolean) {
    setOn(next);
    // Chosen here: the popup need not ask.
    await newPurchasesAskedItem.setValue(true);
    await newPurchasesArriveSetting.setValue(next);
  }
  return (
    <section class="card" aria-labelledby="arrivals-heading">
      <h2 id="arrivals-heading">{i18n.t('options.arrivals.heading')}</h2>
      <label class="inline">
        <input
          name="newPurchasesArrive"
          type="checkbox"
          checked={on}
          aria-describedby="arrivals-hint"
          onChange={(event) => void choose(event.currentTarget.checked)}
        />
        {i18n.t('options.arrivals.label')}
      </label>
      <p id="arrivals-hint" class="hint">
        {i18n.t('options.arrivals.hint')}
      </p>
    </section>
  );
}
