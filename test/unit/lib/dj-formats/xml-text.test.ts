/**
 * The XML formats' attribute values (rekordbox XML, Traktor NML, VirtualDJ) read back by Python's
 * ElementTree (expat), which normalises attributes as every XML reader must: any text survives,
 * line breaks and tabs included, less the control characters XML 1.0 cannot carry.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributes } from '../../../../lib/dj-formats/xml-text.ts';
import { propertyRuns } from '../../../helpers/property-runs.ts';

/** Each document's root attribute as expat reads it, one python run for them all. */
function readBack(values: string[]): string[] {
  const script = join(import.meta.dirname, '../../../helpers/read-xml-etree.py');
  const document = `<list>${values.map((value) => `<item ${attributes({ Comments: value })}/>`).join('')}</list>`;
  const tree = JSON.parse(execFileSync('/usr/bin/python3', [script], { input: document, encoding: 'utf8' }));
  return tree.children.map((child: { attributes: { Comments: string } }) => child.attributes.Comments);
}

const carriable = (text: string) => [...text].filter((c) => c >= ' ' || '\t\n\r'.includes(c)).join('');

describe('XML attribute values', () => {
  it("keeps a comment's line breaks and tabs, which a reader would turn into spaces if written raw", () => {
    expect(readBack(['Intro\nbreak\r\nouttro\twith a tab'])).toEqual(['Intro\nbreak\r\nouttro\twith a tab']);
  });

  it('reads back any text as written, less the control characters XML cannot carry', () => {
    const texts = fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { minLength: 1, maxLength: 50 });
    fc.assert(
      fc.property(texts, (values) => {
        expect(readBack(values)).toEqual(values.map(carriable));
      }),
      { numRuns: propertyRuns(20) },
    );
  });
});
