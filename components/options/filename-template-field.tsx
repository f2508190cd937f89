import { useLayoutEffect, useRef } from 'preact/hooks';
import { i18n } from '#i18n';
import { templateFields } from '../../lib/file-names/filename-template.ts';
import type { Preview, PreviewSource } from '../../lib/options/filename-preview.ts';

interface FilenameTemplateFieldProps {
  template: string;
  preview: Preview;
  source: PreviewSource | null;
  onChange(template: string): void;
}

const trackName = ({ track }: PreviewSource) =>
  `${track.artists.map((artist) => artist.name).join(', ')} - ${track.name}`;

/**
 * The file name template as it is typed: what it makes of a real purchase (or a labelled sample),
 * what is wrong with it next to the field, and the fields it may use, each a click to insert.
 */
export function FilenameTemplateField({ template, preview, source, onChange }: FilenameTemplateFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // Where the caret goes once the inserted field is drawn: set right after that render, not in a
  // later frame, where it would move the caret of whatever was typed meanwhile (a hidden page
  // draws no frame until it is shown).
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caret.current;
    if (at === null) return;
    caret.current = null;
    input.current?.focus();
    input.current?.setSelectionRange(at, at);
  });

  /** Puts `{field}` where the caret is, as if typed there. */
  function insert(field: string) {
    const element = input.current;
    const start = element?.selectionStart ?? template.length;
    const end = element?.selectionEnd ?? template.length;
    const text = `{${field}}`;
    caret.current = start + text.length;
    onChange(template.slice(0, start) + text + template.slice(end));
  }

  const invalid = !preview.ok;
  return (
    <div class="template-field">
      <label>
        {i18n.t('options.template.label')}
        <input
          ref={input}
          name="filenameTemplate"
          required
          spellcheck={false}
          autocomplete="off"
          value={template}
          aria-invalid={invalid}
          aria-describedby="filename-problem filename-preview"
          onInput={(event) => onChange(event.currentTarget.value)}
        />
      </label>
      <p id="filename-problem" class="problem field-problem" aria-live="polite">
        {preview.ok ? '' : preview.problem}
      </p>
      <div id="filename-preview" class="preview-box" aria-live="polite">
        {source === null ? (
          <p class="hint">{i18n.t('options.template.looking')}</p>
        ) : (
          <>
            <p class="hint">
              {i18n.t(source.real ? 'options.template.newest' : 'options.template.sample', [
                trackName(source),
              ])}
            </p>
            {preview.ok ? (
              <code class="preview-path">{preview.path}</code>
            ) : (
              <p class="hint">{i18n.t('options.template.fix')}</p>
            )}
            {preview.ok && preview.emptyFields.length > 0 && (
              <p class="hint">
                {i18n.t('options.template.emptyFields', [
                  preview.emptyFields.map((field) => `{${field}}`).join(', '),
                ])}
              </p>
            )}
          </>
        )}
      </div>
      <details class="field-list" open>
        <summary>{i18n.t('options.template.fields')}</summary>
        <dl>
          {templateFields.map((field) => (
            <div key={field}>
              <dt>
                <button type="button" class="quiet field-chip" onClick={() => insert(field)}>
                  {`{${field}}`}
                </button>
              </dt>
              <dd>{i18n.t(`options.field.${field}`)}</dd>
            </div>
          ))}
        </dl>
        <p class="hint">{i18n.t('options.template.folders', ['{label}/{artist} - {title}'])}</p>
      </details>
    </div>
  );
}
