/**
 * A file name template's problem in a sentence for the options page, in the DJ's language: the
 * rules stay in filename-template.ts, which has no words (the e2e tests and the worker's naming
 * import it where the extension's messages are not at hand).
 */
import { i18n } from '#i18n';
import { type TemplateIssue, templateIssue } from './filename-template.ts';

const sentences: Record<TemplateIssue['problem'], (value: string) => string> = {
  templateEmpty: (example) => i18n.t('options.problem.templateEmpty', [example]),
  nestedOpen: (position) => i18n.t('options.problem.nestedOpen', [position]),
  strayClose: (position) => i18n.t('options.problem.strayClose', [position]),
  unclosed: (position) => i18n.t('options.problem.unclosed', [position]),
  unknownFields: (fields) => i18n.t('options.problem.unknownFields', [fields]),
  backslash: () => i18n.t('options.problem.backslash'),
  controlCharacter: () => i18n.t('options.problem.controlCharacter'),
  illegalCharacter: (character) => i18n.t('options.problem.illegalCharacter', [character]),
  dotFolder: () => i18n.t('options.problem.dotFolder'),
  endsWithSlash: () => i18n.t('options.problem.endsWithSlash'),
};

/** Why a template cannot be used, in a sentence, or null when it can. */
export function templateProblem(template: string): string | null {
  const issue = templateIssue(template);
  return issue && sentences[issue.problem](issue.value ?? '');
}
