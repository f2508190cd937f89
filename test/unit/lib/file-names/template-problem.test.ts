/** A template's problem in a sentence, in English and in German (the rules: filename-template.test.ts). */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defaultFilenameTemplate } from '../../../../lib/file-names/filename-template.ts';
import { templateProblem } from '../../../../lib/file-names/template-problem.ts';
import { getMessageFrom, readLocale } from '../../../helpers/locales.ts';

describe('templateProblem', () => {
  it.each([
    [defaultFilenameTemplate, null],
    ['{release}/{title}.{format}', null],
    ['{label}/{catalog}/{track}. {artist} - {title} [{camelot} {bpm}]', null],
    ['', 'The file name template is empty: type at least one field, e.g. {title}.'],
    ['   ', 'The file name template is empty: type at least one field, e.g. {title}.'],
    ['{artist} - {titel}', 'Not a field Crate knows: {titel}. Use the fields listed below.'],
    [
      '{Artist} - {titel} {titel}',
      'Not a field Crate knows: {Artist}, {titel}. Use the fields listed below.',
    ],
    ['{} {title}', 'Not a field Crate knows: {}. Use the fields listed below.'],
    ['{artist - {title}', 'A "{" opens inside another field (character 11): close the first with "}".'],
    ['{artist} - {title', 'A "{" is not closed (character 12): add "}" after the field name.'],
    ['artist} - {title}', 'A "}" has no "{" before it (character 7).'],
    ['{artist}: {title}', '":" cannot be in a file or folder name on Windows or macOS.'],
    ['{title}?', '"?" cannot be in a file or folder name on Windows or macOS.'],
    ['{title}\u0007', 'A control character cannot be in a file or folder name on Windows or macOS.'],
    ['{label}\\{title}', 'Use "/" for folders, not "\\".'],
    ['../{title}', 'A folder cannot be "." or "..": files stay inside your download folder.'],
    ['{label}/', 'The template ends with "/": add the file name after it.'],
  ])('%j', (template, problem) => {
    expect(templateProblem(template)).toBe(problem);
  });

  it('says it in German in a German browser', () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(readLocale('de')) as typeof fakeBrowser.i18n.getMessage;
    expect(templateProblem('{artist} - {titel}')).toBe(
      'Kein Feld, das Crate kennt: {titel}. Nimm die Felder aus der Liste unten.',
    );
    expect(templateProblem('')).toBe(
      'Die Vorlage für Dateinamen ist leer: tippe mindestens ein Feld ein, z. B. {title}.',
    );
  });
});
