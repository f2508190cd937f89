import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  chromeExtensionId,
  extensionPublicKey,
  firefoxAddonId,
  firefoxRedirectUri,
} from '../../../../lib/contract/extension-identity.ts';

describe('extension identity', () => {
  it('derives the Chromium extension id from the pinned key', () => {
    const digest = createHash('sha256').update(Buffer.from(extensionPublicKey, 'base64')).digest('hex');
    const id = [...digest.slice(0, 32)]
      .map((hex) => String.fromCharCode(97 + Number.parseInt(hex, 16)))
      .join('');
    expect(chromeExtensionId).toBe(id);
  });

  it('derives the Firefox redirect URI from the add-on id', () => {
    const hash = createHash('sha1').update(firefoxAddonId).digest('hex');
    expect(firefoxRedirectUri).toBe(`https://${hash}.extensions.allizom.org/`);
  });
});
