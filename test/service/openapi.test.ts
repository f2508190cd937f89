import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ seed: false });
});
afterAll(() => store?.close());

it('documents every endpoint of store-api.md with its methods', async () => {
  const response = await store.app.inject({ url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.openapi).toBe('3.1.0');
  const methods = (path: string) => Object.keys(document.paths[path] ?? {}).sort();
  expect(methods('/cart/1')).toEqual(['delete', 'get', 'post', 'put']);
  for (const page of ['home', 'genre', 'label', 'artist', 'chart', 'chart-overview', 'release', 'track']) {
    expect(methods(`/catalog/3/platform/${page}`)).toEqual(['get']);
  }
  expect(methods('/catalog/3/artists')).toEqual(['get']);
  expect(methods('/order/1/downloads')).toEqual(['get', 'post']);
  expect(methods('/order/1/promo-downloads')).toEqual(['post']);
  // Only the store API: website, OAuth and file routes are not part of it.
  expect(Object.keys(document.paths).every((path) => /^\/(cart|catalog|order)\//.test(path))).toBe(true);
});

it("passes Redocly's recommended ruleset with no error and no warning", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'crate-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, (await store.app.inject({ url: '/openapi.json' })).body);
    const cli = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'redocly');
    // The CLI exits non-zero when it finds errors; its JSON report says what it found either way.
    const output = await new Promise<string>((resolve) => {
      execFile(
        process.execPath,
        [cli, 'lint', '--extends', 'recommended', '--format', 'json', file],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
        (_error, stdout) => resolve(stdout),
      );
    });
    const report = JSON.parse(output) as {
      totals: { errors: number; warnings: number };
      problems: unknown[];
    };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('documents each operation once: id, scope, parameters, shared error schema and result components', async () => {
  const document = (await store.app.inject({ url: '/openapi.json' })).json();
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Record<string, unknown>>).map(([method, operation]) => ({
      path,
      method,
      operation: operation as {
        operationId: string;
        security: Record<string, string[]>[];
        responses: Record<string, { content: { 'application/json': { schema: { $ref: string } } } }>;
        requestBody?: { content: Record<string, unknown> };
      },
    })),
  );
  expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);
  for (const { path, method, operation } of operations) {
    const scoped = /^\/(cart|order)\//.test(path);
    expect(operation.security, path).toEqual(scoped ? [{ oauth: ['store'] }] : []);
    expect(operation.responses['400']?.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Error',
    );
    if (scoped)
      expect(operation.responses['403']?.content['application/json'].schema.$ref).toBe(
        '#/components/schemas/Error',
      );
    expect(operation.responses['200']?.content['application/json'].schema.$ref).toMatch(
      /^#\/components\/schemas\//,
    );
    if (method !== 'get')
      expect(Object.keys(operation.requestBody?.content ?? {})).toEqual([
        'application/x-www-form-urlencoded',
      ]);
  }
  expect(document.servers).toEqual([{ url: store.ctx.config.baseUrl, description: 'This store' }]);
  expect(document.info.license.name).toBe('MIT');
  expect(document.components.securitySchemes.oauth.flows.authorizationCode.scopes).toHaveProperty('store');
});
