// @vitest-environment happy-dom
/**
 * A field chip puts `{field}` where the caret is and leaves the caret after it, at once: text typed
 * right after the click lands after the field, never where a late caret move would put it.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { FilenameTemplateField } from '../../../../components/options/filename-template-field.tsx';

function Field({ initial }: { initial: string }) {
  const [template, setTemplate] = useState(initial);
  return (
    <FilenameTemplateField
      template={template}
      preview={{ ok: true, path: 'x.mp3', emptyFields: [] }}
      source={null}
      onChange={setTemplate}
    />
  );
}

afterEach(cleanup);

describe('the file name template field', () => {
  it('inserts a field at the caret and leaves the caret right after it in the same turn', () => {
    render(<Field initial="{artist} - {title}" />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    input.focus();
    input.setSelectionRange(8, 8);
    fireEvent.click(screen.getByRole('button', { name: '{bpm}' }));
    expect(input.value).toBe('{artist}{bpm} - {title}');
    expect(input.selectionStart).toBe(13);
    expect(input.selectionEnd).toBe(13);
  });
});
