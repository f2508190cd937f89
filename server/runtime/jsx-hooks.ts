/**
 * Lets Node 24 run the store from its sources with no build step and no dev tools: Node strips
 * TypeScript types itself, and this hook compiles the one thing it cannot, the website's JSX
 * (`.tsx`), with esbuild (a run-time dependency already: it bundles the website's client script).
 * `npm run store` loads it with `node --import`.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
    const path = fileURLToPath(url);
    const { code } = transformSync(readFileSync(path, 'utf8'), {
      loader: 'tsx',
      format: 'esm',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      sourcefile: path,
      sourcemap: 'inline',
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
