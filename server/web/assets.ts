import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { coverArtCss } from './cover-art.ts';

/**
 * The site's stylesheet and client script, built once per process at startup (the client script
 * is bundled from client/main.ts with esbuild, so it shares the row components with the server).
 * File names carry a content hash, so browsers may cache them forever.
 */

export interface SiteAssets {
  cssUrl: string;
  jsUrl: string;
  files: Map<string, { body: string; type: string }>;
}

const here = new URL('.', import.meta.url);
const contentHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

async function buildAssets(): Promise<SiteAssets> {
  const [css, script] = await Promise.all([
    readFile(new URL('site.css', here), 'utf8'),
    build({
      entryPoints: [new URL('client/main.ts', here).pathname],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      jsx: 'automatic',
      jsxImportSource: 'preact',
      logLevel: 'silent',
    }),
  ]);
  const stylesheet = `${css}\n${coverArtCss()}\n`;
  const javascript = script.outputFiles[0]?.text ?? '';
  const cssName = `site.${contentHash(stylesheet)}.css`;
  const jsName = `site.${contentHash(javascript)}.js`;
  return {
    cssUrl: `/static/${cssName}`,
    jsUrl: `/static/${jsName}`,
    files: new Map([
      [cssName, { body: stylesheet, type: 'text/css; charset=utf-8' }],
      [jsName, { body: javascript, type: 'text/javascript; charset=utf-8' }],
    ]),
  };
}

let building: Promise<SiteAssets> | undefined;
let built: SiteAssets | undefined;

/** Builds the assets the first time; every store in the process shares the result. */
export async function prepareAssets(): Promise<SiteAssets> {
  building ??= buildAssets().then((assets) => {
    built = assets;
    return assets;
  });
  return building;
}

/** The built assets; pages are only served after the app's onReady hook ran prepareAssets. */
export function siteAssets(): SiteAssets {
  if (!built) throw new Error('The website assets are not built yet: await prepareAssets() first.');
  return built;
}
