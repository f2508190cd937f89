/** The options page's file name fields: read together, checked, saved together. */

import { templateProblem } from '../file-names/template-problem.ts';
import { filenameTemplateSetting, folderPerReleaseSetting } from './items.ts';

export interface FilenameSettings {
  filenameTemplate: string;
  folderPerRelease: boolean;
}

export async function loadFilenameSettings(): Promise<FilenameSettings> {
  const [filenameTemplate, folderPerRelease] = await Promise.all([
    filenameTemplateSetting.getValue(),
    folderPerReleaseSetting.getValue(),
  ]);
  return { filenameTemplate, folderPerRelease };
}

/** Throws an Error whose message the page shows as is when the template cannot be used. */
export async function saveFilenameSettings(input: FilenameSettings): Promise<FilenameSettings> {
  const filenameTemplate = input.filenameTemplate.trim();
  const problem = templateProblem(filenameTemplate);
  if (problem) throw new Error(problem);
  await filenameTemplateSetting.setValue(filenameTemplate);
  await folderPerReleaseSetting.setValue(input.folderPerRelease);
  return { filenameTemplate, folderPerRelease: input.folderPerRelease };
}
