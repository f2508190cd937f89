import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core in an extension page (the popup, the options page); CSP forbids a script tag there,
 * so its source is evaluated directly. Resolves with the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const axeSource = await readFile(
    join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'),
    'utf8',
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = globalThis as unknown as {
      axe: {
        run(context: Document): Promise<{
          violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
        }>;
      };
    };
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
