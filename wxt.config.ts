import { resolve } from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { extensionPublicKey, firefoxAddonId } from './lib/contract/extension-identity.ts';
import { isLoopbackHost, manifestStoreMatches, storeMatchPattern } from './lib/contract/store-hosts.ts';

/**
 * The default store runs on the loopback interface (lib/contract/store-hosts.ts). Every other store is
 * asked for at run time from the options page.
 */
const otherStoreOrigins = ['https://*/*', 'http://*/*'];

/**
 * The store a build is for (`CRATE_STORE_URL=https://shop.example npm run zip`): the extension's
 * default store address, and its host permission and content script match granted at install (in
 * place of the demo's loopback ones), so a DJ of that store signs in without a permission prompt.
 * Unset, the build is the demo's (loopback).
 */
function buildStoreUrl(): string | undefined {
  const value = process.env.CRATE_STORE_URL;
  if (!value) return undefined;
  const url = URL.parse(value);
  if (!url || url.origin === 'null' || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `CRATE_STORE_URL must be a store's origin, like https://shop.example.com (got "${value}").`,
    );
  }
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
    throw new Error(
      `CRATE_STORE_URL must use https (plain http only for a store on this computer): "${value}".`,
    );
  }
  return url.origin;
}
const storeUrl = buildStoreUrl();
const storeMatches = storeUrl ? [storeMatchPattern(storeUrl)] : manifestStoreMatches;

/**
 * `CRATE_PACKAGE=store` (`npm run zip`, `npm run zip:firefox`) makes the packages the Chrome Web
 * Store and addons.mozilla.org take, into .output/*-store. They carry no `key` (the Web Store refuses
 * it and assigns the id); every other build pins the id with `key`, so a development or test install
 * signs in to a store that registered the pinned redirect URI (README, "Store-ready packages").
 * Not a Vite mode: any mode but production makes Preact's JSX a development build with file paths.
 */
const storePackage = process.env.CRATE_PACKAGE === 'store';

/**
 * Crate renders no raw HTML, so Preact's one HTML sink (`dangerouslySetInnerHTML`, an innerHTML
 * assignment) is taken out of the build: addons.mozilla.org's linter flags it, and code that
 * cannot assign HTML needs no review of where that HTML came from. Using the prop then throws.
 * A Preact whose build no longer has the assignment fails the build here, not silently later.
 */
const preactWithoutHtmlSink = {
  name: 'crate:preact-without-html-sink',
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    if (!/[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.mjs$/.test(id)) return;
    const sink = /\b(\w+)\.innerHTML=(\w+)\.__html\b/g;
    if (!sink.test(code)) throw new Error(`${id}: Preact's innerHTML assignment was not found.`);
    return code.replace(sink, '(()=>{throw new Error("Crate: dangerouslySetInnerHTML is not supported")})()');
  },
};

/** The store content script's context: lib/content/page-context.ts in place of WXT's (see the hook below). */
const pageContextForWxt = {
  name: 'crate:page-context-for-wxt',
  enforce: 'pre' as const,
  resolveId(source: string) {
    if (source === 'wxt/utils/content-script-context')
      return resolve(import.meta.dirname, 'lib/content/page-context.ts');
  },
};

/** The store content script's `#i18n`, once WXT's alias has resolved it (see the hook below). */
const pageWordsForI18n = {
  name: 'crate:page-words-for-i18n',
  enforce: 'pre' as const,
  load(id: string) {
    if (id !== resolve(import.meta.dirname, '.wxt/i18n/index.ts')) return;
    return `export { i18n } from ${JSON.stringify(resolve(import.meta.dirname, 'lib/content/page-i18n.ts'))};`;
  },
};

export default defineConfig({
  // i18n: locales/*.json become _locales (README, "Languages").
  modules: ['@wxt-dev/webextension-polyfill', '@wxt-dev/i18n/module'],
  // MV3 in Firefox too: one manifest for both browsers (README, "Firefox").
  manifestVersion: 3,
  ...(storePackage ? { outDirTemplate: '{{browser}}-mv{{manifestVersion}}-store' } : {}),
  zip: {
    // The AMO sources archive: what builds the extension, not local data or build output.
    excludeSources: [
      'dist/**',
      '**/*.db',
      '**/*.db-*',
      'test-results/**',
      '**/*.log',
      'web-ext-artifacts/**',
      'docs/screenshots/**',
    ],
  },
  hooks: {
    // The content script runs on the build's store (its entrypoint declares the demo's).
    'build:manifestGenerated': (_wxt, manifest) => {
      for (const script of manifest.content_scripts ?? []) {
        if (script.matches?.some((match) => manifestStoreMatches.includes(match)))
          script.matches = storeMatches;
      }
    },
    // The store content script calls only APIs that return promises in Chrome and Firefox alike
    // (storage.local, storage.onChanged, runtime.sendMessage): it goes without the polyfill, which
    // would be a third of the script every store page parses before its own HTML.
    // Its words come from storage.local, not from a first getMessage: its `#i18n` (which WXT's
    // i18n module aliases to .wxt/i18n/index.ts) is lib/content/page-i18n.ts. Its context is
    // lib/content/page-context.ts, which announces nothing to the page. Terser minifies it: 4 % smaller
    // gzipped than Vite's own minifier (docs/stack.md), for the one script every store page loads.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.every((entrypoint) => entrypoint.type === 'content-script')) return;
      const alias = config.resolve?.alias;
      if (Array.isArray(alias)) {
        config.resolve = { ...config.resolve, alias: alias.filter(({ find }) => find !== 'wxt/browser') };
      } else if (alias) {
        delete (alias as Record<string, string>)['wxt/browser'];
      }
      config.plugins = [...(config.plugins ?? []), pageWordsForI18n, pageContextForWxt];
      config.build = { ...config.build, minify: 'terser', terserOptions: { compress: { passes: 2 } } };
    },
  },
  // The preset is typed against the workspace's vite; WXT runs its own vite, which takes it as is.
  vite: () => ({
    plugins: [preact() as never, preactWithoutHtmlSink],
    // lib/storage/items.ts: the default store address.
    define: { 'import.meta.env.CRATE_STORE_URL': JSON.stringify(storeUrl ?? '') },
  }),
  manifest: ({ browser, manifestVersion }) => ({
    default_locale: 'en',
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    // storage: settings and tokens; identity: the OAuth sign-in window; alarms: the periodic cart sync
    // and waking a stopped worker to carry on a bulk download;
    // downloads: saves purchased files from the library (the store's signed links) to disk.
    // scripting: registers the store content script for a store the person configured that the
    // manifest's content_scripts (the local store) do not cover (lib/background/content-script-registration.ts).
    // contextMenus: "Download purchased" on the store's track and release links and pages.
    // notifications: a bulk download finished, a download failed, or an item is not owned yet.
    permissions: ['storage', 'identity', 'alarms', 'downloads', 'scripting', 'contextMenus', 'notifications'],
    host_permissions: storeMatches,
    // The browsers' own default for extension pages, plus WebAssembly: the USB stick page writes the
    // Engine DJ and OneLibrary databases in SQLite's wasm build (lib/usb-stick-page/browser-sqlite.ts).
    // 'wasm-unsafe-eval' lets a page compile wasm, not evaluate strings; nothing remote is allowed.
    content_security_policy: { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';" },
    // MV2 (Firefox) has no optional_host_permissions: origins go in optional_permissions there.
    ...(manifestVersion === 3
      ? { optional_host_permissions: otherStoreOrigins }
      : { optional_permissions: otherStoreOrigins }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: firefoxAddonId,
              // 140 (the current ESR) is the first to read data_collection_permissions.
              strict_min_version: '140.0',
              // Crate talks only to the store the person chose; it sends nothing anywhere else.
              data_collection_permissions: { required: ['none'] },
            },
            // Firefox for Android reads data_collection_permissions from 142 on.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {
          // Chrome 120 is the first to fire alarms every 30 seconds, the bulk download's wake-up.
          minimum_chrome_version: '120',
          ...(storePackage ? {} : { key: extensionPublicKey }),
        }),
    action: { default_title: '__MSG_extName__' },
    // Defaults both browsers bind on install (test/e2e checks commands.getAll()): Chromium keeps
    // Alt+Shift+A (and Alt+Shift+C) for itself and leaves an extension's claim to them unbound.
    commands: {
      // lib/background/cart/page-item-command.ts
      'add-page-item': {
        suggested_key: { default: 'Alt+Shift+D' },
        description: '__MSG_commands_addPageItem__',
      },
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+K' },
        description: '__MSG_commands_openCrate__',
      },
    },
  }),
});
