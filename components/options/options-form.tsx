import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { type KeyNotation, keyNotations } from '../../lib/contract/musical-key.ts';
import { AudioFormat } from '../../lib/contract/wire.ts';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import {
  type Preview,
  type PreviewSource,
  previewFilename,
  sampleSource,
} from '../../lib/options/filename-preview.ts';
import { send } from '../../lib/protocol/send.ts';
import { type SettingsInput, saveSettings } from '../../lib/settings/save-settings.ts';
import {
  type FilenameSettings,
  loadFilenameSettings,
  saveFilenameSettings,
} from '../../lib/storage/filename-settings.ts';
import {
  defaultAudioFormatSetting,
  feedNotificationsSetting,
  feedRefreshHoursSetting,
  keyNotationSetting,
  sourceTypeSetting,
  storeUrlSetting,
} from '../../lib/storage/items.ts';
import { readSyncedSettings } from '../../lib/storage/synced-settings.ts';
import { SoldFormatOptions } from '../sold-formats/sold-format-options.tsx';
import { FilenameTemplateField } from './filename-template-field.tsx';
import { type FeedOptions, NewForYouSection } from './new-for-you-section.tsx';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** The newest purchase to preview file names with, or the labelled sample when there is none. */
async function previewSource(): Promise<PreviewSource> {
  try {
    const sample = await send('filenameSample', {});
    return sample
      ? {
          track: sample.entry.track,
          audioFormat: sample.entry.audioFormat,
          release: sample.release,
          real: true,
        }
      : sampleSource;
  } catch {
    // Store down or signed out: the preview still shows what the template does.
    return sampleSource;
  }
}

/** The options page's settings: the store, buying, how files are saved, and the integrators' corner. */
export function OptionsForm() {
  const [values, setValues] = useState<SettingsInput | null>(null);
  const [naming, setNaming] = useState<FilenameSettings | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [keyNotation, setKeyNotation] = useState<KeyNotation>('musical');
  const [source, setSource] = useState<PreviewSource | null>(null);
  const [feed, setFeed] = useState<FeedOptions>({ hours: 3, notify: false });
  const [syncedStore, setSyncedStore] = useState<string | undefined>();

  useEffect(() => {
    void Promise.all([
      storeUrlSetting.getValue(),
      sourceTypeSetting.getValue(),
      defaultAudioFormatSetting.getValue(),
    ]).then(([storeUrl, sourceType, defaultAudioFormat]) =>
      setValues({ storeUrl, sourceType, defaultAudioFormat }),
    );
    void loadFilenameSettings().then(setNaming);
    void keyNotationSetting.getValue().then(setKeyNotation);
    void previewSource().then(setSource);
    // A store chosen on another computer is taken over here only once this browser may reach it.
    void readSyncedSettings().then((synced) => setSyncedStore(synced?.storeUrl));
    void Promise.all([feedRefreshHoursSetting.getValue(), feedNotificationsSetting.getValue()]).then(
      ([hours, notify]) => setFeed({ hours, notify }),
    );
  }, []);

  if (!values || !naming) return <p>{i18n.t('options.loading')}</p>;

  const preview = previewFilename(
    naming.filenameTemplate,
    { ...naming, keyNotation },
    source ?? sampleSource,
  );

  const update = (patch: Partial<SettingsInput>) => {
    setValues({ ...values, ...patch });
    setStatus({ kind: 'idle' });
  };
  const updateNaming = (patch: Partial<FilenameSettings>) => {
    setNaming({ ...naming, ...patch });
    setStatus({ kind: 'idle' });
  };

  async function submit(event: Event) {
    event.preventDefault();
    if (!values || !naming) return;
    setStatus({ kind: 'saving' });
    try {
      // Checked before any await: saveSettings may ask for a permission, which needs the click's gesture.
      if (!preview.ok) throw new Error(preview.problem);
      setValues(await saveSettings(values));
      setNaming(await saveFilenameSettings(naming));
      await keyNotationSetting.setValue(keyNotation);
      await feedRefreshHoursSetting.setValue(feed.hours);
      await feedNotificationsSetting.setValue(feed.notify);
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'error', message: errorMessage(error) });
    }
  }

  return (
    <form onSubmit={submit} noValidate class="options-form">
      <StoreSection
        storeUrl={values.storeUrl}
        syncedStore={syncedStore}
        onStoreUrl={(storeUrl) => update({ storeUrl })}
      />
      <BuyingSection
        defaultAudioFormat={values.defaultAudioFormat}
        onDefaultAudioFormat={(defaultAudioFormat) => update({ defaultAudioFormat })}
        keyNotation={keyNotation}
        onKeyNotation={(chosen) => {
          setKeyNotation(chosen);
          setStatus({ kind: 'idle' });
        }}
      />
      <SavingFilesSection naming={naming} preview={preview} source={source} onNaming={updateNaming} />

      <NewForYouSection
        value={feed}
        onChange={(next) => {
          setFeed(next);
          setStatus({ kind: 'idle' });
        }}
      />

      <AdvancedSection sourceType={values.sourceType} onSourceType={(sourceType) => update({ sourceType })} />
      <SaveRow status={status} canSave={preview.ok} />
    </form>
  );
}

function SavingFilesSection({
  naming,
  preview,
  source,
  onNaming,
}: {
  naming: FilenameSettings;
  preview: Preview;
  source: PreviewSource | null;
  onNaming: (patch: Partial<FilenameSettings>) => void;
}) {
  return (
    <section class="card" aria-labelledby="files-heading">
      <h2 id="files-heading">{i18n.t('options.files.heading')}</h2>
      <FilenameTemplateField
        template={naming.filenameTemplate}
        preview={preview}
        source={source}
        onChange={(filenameTemplate) => onNaming({ filenameTemplate })}
      />
      <label class="inline">
        <input
          name="folderPerRelease"
          type="checkbox"
          checked={naming.folderPerRelease}
          onChange={(event) => onNaming({ folderPerRelease: event.currentTarget.checked })}
        />
        {i18n.t('options.files.folderPerRelease')}
      </label>
    </section>
  );
}

function SaveRow({ status, canSave }: { status: Status; canSave: boolean }) {
  return (
    <div class="save-row">
      <button type="submit" class="primary" disabled={status.kind === 'saving' || !canSave}>
        {i18n.t(status.kind === 'saving' ? 'options.checking' : 'options.save')}
      </button>
      <p role="status" aria-live="polite">
        {status.kind === 'saved' && i18n.t('options.saved')}
        {status.kind === 'error' && <span class="problem">{status.message}</span>}
      </p>
    </div>
  );
}

function StoreSection({
  storeUrl,
  syncedStore,
  onStoreUrl,
}: {
  storeUrl: string;
  /** The store storage.sync names, when this browser has not taken it over (no permission yet). */
  syncedStore: string | undefined;
  onStoreUrl: (storeUrl: string) => void;
}) {
  return (
    <section class="card" aria-labelledby="store-heading">
      <h2 id="store-heading">{i18n.t('options.store.heading')}</h2>
      <label>
        {i18n.t('options.store.address')}
        <input
          name="storeUrl"
          type="url"
          required
          value={storeUrl}
          aria-describedby="store-hint"
          onInput={(event) => onStoreUrl(event.currentTarget.value)}
        />
      </label>
      <p id="store-hint" class="hint">
        {i18n.t('options.store.hint')}
      </p>
      {syncedStore && syncedStore !== storeUrl && (
        <p class="hint synced-store">
          {i18n.t('options.store.synced', [syncedStore])}{' '}
          <button type="button" class="quiet" onClick={() => onStoreUrl(syncedStore)}>
            {i18n.t('options.store.useSynced')}
          </button>
        </p>
      )}
    </section>
  );
}

interface BuyingProps {
  defaultAudioFormat: AudioFormat;
  onDefaultAudioFormat: (format: AudioFormat) => void;
  keyNotation: KeyNotation;
  onKeyNotation: (notation: KeyNotation) => void;
}

function BuyingSection({
  defaultAudioFormat,
  onDefaultAudioFormat,
  keyNotation,
  onKeyNotation,
}: BuyingProps) {
  return (
    <section class="card" aria-labelledby="buying-heading">
      <h2 id="buying-heading">{i18n.t('options.buying.heading')}</h2>
      <label>
        {i18n.t('options.buying.format')}
        <select
          name="defaultAudioFormat"
          value={defaultAudioFormat}
          aria-describedby="format-hint"
          onChange={(event) => onDefaultAudioFormat(AudioFormat.parse(event.currentTarget.value))}
        >
          <SoldFormatOptions current={defaultAudioFormat} />
        </select>
      </label>
      <p id="format-hint" class="hint">
        {i18n.t('options.buying.formatHint')}
      </p>
      <label>
        {i18n.t('options.buying.keyNotation')}
        <select
          name="keyNotation"
          value={keyNotation}
          onChange={(event) => {
            const chosen = keyNotations.find((notation) => notation === event.currentTarget.value);
            if (chosen) onKeyNotation(chosen);
          }}
        >
          {keyNotations.map((notation) => (
            <option key={notation} value={notation}>
              {i18n.t(`options.notation.${notation}`)}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

/** Stands for a code word in a message: the words around it are translated, the code is not. */
const codeMark = '\uE000';

/** A message whose $1, $2… are code words, shown as code in that order. */
function WithCode({ text, codes }: { text: string; codes: string[] }) {
  const pieces = text.split(codeMark);
  return (
    <>
      {pieces.map((piece, index) => (
        <span key={index}>
          {piece}
          {index < codes.length && index < pieces.length - 1 ? <code>{codes[index]}</code> : null}
        </span>
      ))}
    </>
  );
}

function AdvancedSection({
  sourceType,
  onSourceType,
}: {
  sourceType: string;
  onSourceType: (name: string) => void;
}) {
  return (
    <details class="card advanced">
      <summary>{i18n.t('options.advanced.summary')}</summary>
      <label>
        {i18n.t('options.advanced.sourceType')}
        <input
          name="sourceType"
          required
          value={sourceType}
          aria-describedby="source-type-hint"
          onInput={(event) => onSourceType(event.currentTarget.value)}
        />
      </label>
      <p id="source-type-hint" class="hint">
        <WithCode
          text={i18n.t('options.advanced.hint', [codeMark, codeMark])}
          codes={['sourceType', 'crate-extension']}
        />
      </p>
    </details>
  );
}
