/**
 * The extension's fixed identity. The manifest pins `key`, so Chromium derives the same extension
 * id on every machine, and the store can register the OAuth redirect URIs ahead of time
 * (contract.md section 3). The matching private key is not needed: it only signs .crx packages.
 */

/** Public key (SPKI, base64) for the manifest's `key`. */
export const extensionPublicKey =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAoDT3anBiUt2rMnnfG7xN2TIQaDOjEMgZyqaFinUWbTgw2TEnWuDKP75SMzEcdC4vhFNm1dz2ERCCc1wc1yf7GIDr8jEYOeliAaMoNDmsHm2khdC2Y6+lxSn2tXFN1VHBQrS86xln4VA2Vsa+0qZnI3OQWdb/ucgrl7zj/+3UduNpF66Zm1TEw6nzcC/J0blEVtslY0KvLMjN52HDvauesywBDMR58erkoQim60SF0De3vNqcsM7WP3uiMxnsDLs/HGZkumsxqeYpi65I3lCVL00MmogsZsqPCXQwlSrWjd5FuhPkqNz3mBwLgMEYR8K7tzzgLQkTCYPVRJgJhSSN5wIDAQAB';

/** Chromium extension id: the first 128 bits of SHA-256(key), written with the letters a-p. */
export const chromeExtensionId = 'jlapbbmpodlhbnfagmiimaciidliffgp';

/** Firefox add-on id (browser_specific_settings.gecko.id). */
export const firefoxAddonId = 'crate@crate-extension.org';

/** What identity.getRedirectURL() returns in each browser. */
export const chromeRedirectUri = `https://${chromeExtensionId}.chromiumapp.org/`;
/** Firefox: the SHA-1 of the add-on id, in hex, under extensions.allizom.org. */
export const firefoxRedirectUri = 'https://3f0baf7245a1f1f7419e932dee509e41556a1a88.extensions.allizom.org/';

export const oauthClientId = 'crate-extension';
