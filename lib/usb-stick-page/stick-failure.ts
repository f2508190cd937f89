/** Why a stick export stopped, in the DJ's words: the writer's named failures, or the store's message. */
import { i18n } from '#i18n';
import { StickExportError } from '../dj-formats/rekordbox-device/stick-directory.ts';
import { errorMessage } from '../i18n/error-message.ts';

export function stickFailureMessage(error: unknown): string {
  if (!(error instanceof StickExportError)) return errorMessage(error);
  switch (error.failure) {
    case 'stick-full':
      return i18n.t('stick.failure.stickFull');
    case 'read-only':
      return i18n.t('stick.failure.readOnly');
    case 'stick-removed':
      return i18n.t('stick.failure.stickRemoved');
    case 'foreign-library':
      return i18n.t('stick.failure.foreignLibrary');
    case 'foreign-engine-library':
      return i18n.t('stick.failure.foreignEngineLibrary');
    case 'write-failed':
      return i18n.t('stick.failure.writeFailed', [errorMessage(error.cause ?? error)]);
  }
}
