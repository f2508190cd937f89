/**
 * The protocol's one error type: every way a call to the store (or to our own background) can
 * fail, as a kind the UI can branch on and a sentence a person can act on. Crosses the messaging
 * boundary as plain data (`StoreErrorData`). Free of zod: the content script throws it too.
 */
import { i18n } from '#i18n';
import { errorMessage } from '../i18n/error-message.ts';
import { plural } from '../i18n/plural.ts';

const storeErrorKinds = [
  'signedOut',
  'offline',
  'storeDown',
  'timeout',
  'rateLimited',
  'badRequest',
  'forbidden',
  'notFound',
  'conflict',
  'invalidResponse',
  /** Nothing answered the message: the extension was updated or reloaded under the page. */
  'invalidated',
  /** The browser blocked the request: the person withholds Crate's access to the store. */
  'noAccess',
] as const;
export type StoreErrorKind = (typeof storeErrorKinds)[number];

export interface StoreErrorData {
  kind: StoreErrorKind;
  message: string;
  status?: number;
  code?: string;
  parameter?: string;
  /** The store's Retry-After, in seconds, when it sent one with a refusal. */
  retryAfterSeconds?: number;
}

/**
 * The shape check a sender makes of an error reply. Only our own background answers, from a
 * StoreError; the check is light so that the content script does not carry the list of kinds.
 */
export function isStoreErrorData(value: unknown): value is StoreErrorData {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Record<string, unknown>;
  return typeof data.kind === 'string' && typeof data.message === 'string';
}

export class StoreError extends Error {
  readonly kind: StoreErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly parameter?: string;
  readonly retryAfterSeconds?: number;

  constructor(data: StoreErrorData) {
    super(data.message);
    this.name = 'StoreError';
    this.kind = data.kind;
    this.status = data.status;
    this.code = data.code;
    this.parameter = data.parameter;
    this.retryAfterSeconds = data.retryAfterSeconds;
  }
}

/** The sentences, asked for when an error is made: in the browser's language (locales/*.json, `storeErrors`). */
export const messages = {
  get signedOut() {
    return i18n.t('storeErrors.signedOut');
  },
  get sessionEnded() {
    return i18n.t('storeErrors.sessionEnded');
  },
  get offline() {
    return i18n.t('storeErrors.offline');
  },
  storeDown: (storeUrl: string) => i18n.t('storeErrors.storeDown', [storeUrl]),
  get storeFailed() {
    return i18n.t('storeErrors.storeFailed');
  },
  get timeout() {
    return i18n.t('storeErrors.timeout');
  },
  rateLimited: (seconds: number) => plural('storeErrors.rateLimited', seconds),
  get badRequest() {
    return i18n.t('storeErrors.badRequest');
  },
  get forbidden() {
    return i18n.t('storeErrors.forbidden');
  },
  get notFound() {
    return i18n.t('storeErrors.notFound');
  },
  get conflict() {
    return i18n.t('storeErrors.conflict');
  },
  get invalidResponse() {
    return i18n.t('storeErrors.invalidResponse');
  },
  noAccess: (storeUrl: string) => i18n.t('storeErrors.noAccess', [storeUrl]),
};

export const signedOut = (message: string = messages.signedOut) =>
  new StoreError({ kind: 'signedOut', message });

/** A fetch that threw before any response: the network, not the store, decides which message fits. */
export function unreachable(storeUrl: string, online: boolean): StoreError {
  return online
    ? new StoreError({ kind: 'storeDown', message: messages.storeDown(storeUrl) })
    : new StoreError({ kind: 'offline', message: messages.offline });
}

/** A request the browser blocked because the person withholds Crate's access to the store. */
export const noAccess = (storeUrl: string) =>
  new StoreError({ kind: 'noAccess', message: messages.noAccess(storeUrl) });

/**
 * Anything thrown, as plain data for a message reply. A function rather than a method, so that the
 * content script, which only throws StoreErrors, does not carry it.
 */
export function toStoreErrorData(error: unknown): StoreErrorData {
  if (error instanceof StoreError) {
    const { kind, message, status, code, parameter } = error;
    return {
      kind,
      message,
      ...(status === undefined ? {} : { status }),
      ...(code === undefined ? {} : { code }),
      ...(parameter === undefined ? {} : { parameter }),
    };
  }
  return {
    kind: 'invalidResponse',
    message: i18n.t('storeErrors.unexpected', [errorMessage(error)]),
  };
}
