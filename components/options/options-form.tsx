import { useEffect, useState } from 'preact/hooks';
import { audioFormats } from '../../lib/contract/audio-formats.ts';
import { type KeyNotation, keyNotations } from '../../lib/contract/musical-key.ts';
import { AudioFormat } from '../../lib/contract/wire.ts';
import { type SettingsInput, saveSettings } from '../../lib/options/save-settings.ts';
import { errorMessage } from '../../lib/protocol/error-message.ts';
import {
  type FilenameSettings,
  loadFilenameSettings,
  saveFilenameSettings,
} from '../../lib/storage/filename-settings.ts';
import { templateFields, templateProblem } from '../../lib/storage/filename-template.ts';
import {
  defaultAudioFormatSetting,
  keyNotationSetting,
  sourceTypeSetting,
  storeUrlSetting,
} from '../../lib/storage/items.ts';

const notationNames: Record<KeyNotation, string> = {
  musical: 'Musical (F# min)',
  camelot: 'Camelot (11A)',
  openKey: 'Open Key (4m)',
};

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** The options page: which store, the cart's sourceType and the default audio format. */
export function OptionsForm() {
  const [values, setValues] = useState<SettingsInput | null>(null);
  const [naming, setNaming] = useState<FilenameSettings | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [keyNotation, setKeyNotation] = useState<KeyNotation>('musical');

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
  }, []);

  if (!values || !naming) return <p>Loading…</p>;

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
      const namingProblem = templateProblem(naming.filenameTemplate.trim());
      if (namingProblem) throw new Error(namingProblem);
      setValues(await saveSettings(values));
      setNaming(await saveFilenameSettings(naming));
      await keyNotationSetting.setValue(keyNotation);
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'error', message: errorMessage(error) });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <label>
        Store URL
        <input
          name="storeUrl"
          type="url"
          required
          value={values.storeUrl}
          onInput={(event) => update({ storeUrl: event.currentTarget.value })}
        />
      </label>
      <label>
        Source type (sent with every cart call)
        <input
          name="sourceType"
          required
          value={values.sourceType}
          onInput={(event) => update({ sourceType: event.currentTarget.value })}
        />
      </label>
      <label>
        Default audio format
        <select
          name="defaultAudioFormat"
          value={values.defaultAudioFormat}
          onChange={(event) => update({ defaultAudioFormat: AudioFormat.parse(event.currentTarget.value) })}
        >
          {audioFormats.map((format) => (
            <option key={format} value={format}>
              {format.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label>
        Key notation
        <select
          name="keyNotation"
          value={keyNotation}
          onChange={(event) => {
            const chosen = keyNotations.find((notation) => notation === event.currentTarget.value);
            if (chosen) setKeyNotation(chosen);
            setStatus({ kind: 'idle' });
          }}
        >
          {keyNotations.map((notation) => (
            <option key={notation} value={notation}>
              {notationNames[notation]}
            </option>
          ))}
        </select>
      </label>
      <label>
        File name template
        <input
          name="filenameTemplate"
          required
          value={naming.filenameTemplate}
          aria-describedby="filename-fields"
          onInput={(event) => updateNaming({ filenameTemplate: event.currentTarget.value })}
        />
      </label>
      <p id="filename-fields" class="hint">
        Fields: {templateFields.map((field) => `{${field}}`).join(' ')}. A "/" makes a folder.
      </p>
      <label class="inline">
        <input
          name="folderPerRelease"
          type="checkbox"
          checked={naming.folderPerRelease}
          onChange={(event) => updateNaming({ folderPerRelease: event.currentTarget.checked })}
        />
        A folder per release
      </label>
      <button type="submit" disabled={status.kind === 'saving'}>
        {status.kind === 'saving' ? 'Checking the store…' : 'Save'}
      </button>
      <p role="status" aria-live="polite">
        {status.kind === 'saved' && 'Saved.'}
        {status.kind === 'error' && <span class="problem">{status.message}</span>}
      </p>
    </form>
  );
}
