/**
 * A cart as a crate: exported for DJ software (crate-export-button.tsx), shared as a small crate
 * file, and a crate file imported into a named cart. The file is checked here
 * (a clear sentence for a wrong or oversized file) and again by the worker, which adds all of it
 * or nothing and reports what was added and what was skipped.
 */
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { isCartName } from '../../../lib/contract/cart-name.ts';
import { itemKey } from '../../../lib/contract/item-key.ts';
import { safeFilename } from '../../../lib/contract/safe-filename.ts';
import type { CartItem } from '../../../lib/contract/wire.ts';
import { problemText, skippedBecause } from '../../../lib/crate-words/crate-import-words.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { formatCount } from '../../../lib/i18n/intl.ts';
import { crateFile, readCrateFile } from '../../../lib/protocol/crate-file.ts';
import type { CrateImportResult } from '../../../lib/protocol/messages.ts';
import { send } from '../../../lib/protocol/send.ts';
import { saveTextFile } from '../../../lib/text-files/save-text-file.ts';
import { CrateExportButton } from './crate-export-button.tsx';

export interface CrateSharePanelProps {
  cartName: string;
  items: readonly CartItem[];
}

export function CrateSharePanel({ cartName, items }: CrateSharePanelProps) {
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<CrateImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function share() {
    setProblem(null);
    try {
      await saveTextFile({
        text: JSON.stringify(crateFile(cartName, items), null, 1),
        type: 'application/json',
        filename: `${safeFilename(cartName) || 'cart'}.crate.json`,
      });
    } catch (caught) {
      setProblem(errorMessage(caught));
    }
  }

  async function importFile(file: File) {
    setProblem(null);
    setReport(null);
    const read = readCrateFile(await file.text());
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    const name = target.trim() || read.crate.name;
    if (!isCartName(name)) {
      setProblem(i18n.t('popup.share.nameProblem'));
      return;
    }
    setBusy(true);
    try {
      setReport(await send('importCrate', { cartName: name, crate: read.crate }));
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="crate-share" aria-label={i18n.t('popup.share.label')}>
      <button type="button" disabled={items.length === 0} onClick={() => void share()}>
        {i18n.t('popup.share.share')}
      </button>
      {/* Keyed by cart: a dialog opened for one cart does not carry over to another. */}
      <CrateExportButton
        key={cartName}
        label={i18n.t('popup.share.exportCart')}
        disabled={items.length === 0}
        cart={{ name: cartName, items }}
      />
      <label class="inline">
        {i18n.t('popup.share.importInto')}
        <input
          value={target}
          placeholder={i18n.t('popup.share.importPlaceholder')}
          maxLength={64}
          onInput={(event) => setTarget(event.currentTarget.value)}
        />
      </label>
      <label class="inline">
        {i18n.t('popup.share.file')}
        <input
          type="file"
          accept=".json,application/json"
          disabled={busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void importFile(file);
            event.currentTarget.value = '';
          }}
        />
      </label>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {report && <ImportReport report={report} />}
    </section>
  );
}

/** What an import added and skipped, or why the worker refused the whole file. */
function ImportReport({ report }: { report: CrateImportResult }) {
  if (!report.imported) {
    return (
      <p role="alert" class="problem">
        {problemText(report.problem)}
      </p>
    );
  }
  return (
    <div role="status">
      <p>
        {i18n.t('popup.share.result', [formatCount(report.added.length), formatCount(report.skipped.length)])}
      </p>
      {report.skipped.length > 0 && (
        <ul aria-label={i18n.t('popup.share.skippedLabel')}>
          {report.skipped.map((item) => {
            const because = skippedBecause[item.code]();
            return (
              <li key={itemKey(item)}>
                {item.type === 'track'
                  ? i18n.t('popup.share.skippedTrack', [String(item.id), because])
                  : i18n.t('popup.share.skippedRelease', [String(item.id), because])}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
