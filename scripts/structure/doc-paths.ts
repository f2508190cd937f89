/**
 * Doc paths: every repository path that README.md and docs/*.md name must exist, so the docs cannot
 * point a newcomer at a file that has moved. A path is named two ways:
 * - in code spans (`lib/storage/items.ts`), read from the repository root: a span counts when it starts
 *   with one of the repository's own top-level entries (`lib/`, `server/`, `biome.json`...), or is a bare
 *   file name with a source extension (`api-route.ts`), which must then exist somewhere in the repository;
 * - as Markdown link targets (`[api](docs/api.md)`), read from the document's folder.
 * Spans with placeholders (`<`, `*`, `...`) name a pattern, not a path, and are skipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** Folders never committed (build output, local data) and so never checked. */
const notInRepository = new Set(['.git', 'node_modules', '.output', '.wxt', '.data', '.bench']);
const bareFileName = /^[\w.-]+\.(ts|tsx|json|md|css|conf)$/;
const placeholder = /[<>*…]|\.\.\./;

export interface MissingPath {
  document: string;
  line: number;
  path: string;
}

function repositoryFiles(root: string): { topLevel: Set<string>; baseNames: Set<string> } {
  const topLevel = new Set<string>();
  const baseNames = new Set<string>();
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!notInRepository.has(entry.name)) topLevel.add(entry.name);
  }
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (notInRepository.has(entry.name)) continue;
      if (entry.isDirectory()) walk(join(directory, entry.name));
      else baseNames.add(entry.name);
    }
  };
  walk(root);
  return { topLevel, baseNames };
}

/** The documents checked: README.md and every Markdown file under docs/. */
export function documents(root: string): string[] {
  const found = existsSync(join(root, 'README.md')) ? ['README.md'] : [];
  const walk = (directory: string) => {
    if (!existsSync(directory)) return;
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(join(root, 'docs'));
  return found;
}

/** Every path named in `text` (a document at `document`, relative to `root`) that does not exist. */
export function missingPaths(root: string, document: string, text: string): MissingPath[] {
  const { topLevel, baseNames } = repositoryFiles(root);
  const missing: MissingPath[] = [];
  // Fenced code blocks hold commands and output, not prose naming files.
  const lines = text.split('\n');
  let fenced = false;
  lines.forEach((line, index) => {
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const [, span = ''] of line.matchAll(/`([^`]+)`/g)) {
      const path =
        span
          .trim()
          .split(/\s+/)[0]
          ?.replace(/[#:].*$/, '') ?? '';
      if (!path || placeholder.test(path)) continue;
      const first = path.split('/')[0] ?? '';
      const exists = path.includes('/')
        ? !topLevel.has(first) || existsSync(join(root, path))
        : !bareFileName.test(path) || topLevel.has(path) || baseNames.has(path);
      if (!exists) missing.push({ document, line: index + 1, path });
    }
    for (const [, target = ''] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const path = target.replace(/#.*$/, '');
      if (!path || /^[a-z]+:/i.test(path) || placeholder.test(path)) continue;
      if (!existsSync(join(root, dirname(document), path))) missing.push({ document, line: index + 1, path });
    }
  });
  return missing;
}

export function missingDocPaths(root: string): MissingPath[] {
  return documents(root).flatMap((document) =>
    missingPaths(root, document, readFileSync(join(root, document), 'utf8')),
  );
}
