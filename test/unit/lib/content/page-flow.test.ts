// @vitest-environment happy-dom
/**
 * What Crate inserts beside a page's element goes where the page stacks blocks, never into the
 * page's grid or flex layout, where it would take the place of the page's own items.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { blockFlowAncestor } from '../../../../lib/content/page-flow.ts';

const page = (style: string, body: string) => {
  document.head.innerHTML = `<style>${style}</style>`;
  document.body.innerHTML = body;
  return document.querySelector('#list') as Element;
};
afterEach(() => {
  document.head.innerHTML = '';
});

describe('blockFlowAncestor', () => {
  it('is the element itself where its parent stacks blocks', () => {
    const list = page('', '<section><h2>Tracks</h2><ol id="list"></ol></section>');
    expect(blockFlowAncestor(list)).toBe(list);
  });

  it("is the outermost ancestor a grid or flex layout places (the store's track page)", () => {
    const list = page(
      '.context { display: grid; grid-template-columns: 200px 1fr; } .card { display: flex; }',
      `<section id="section"><h2>From the release</h2>
        <div class="context" id="context"><div class="card"><ul id="list"></ul></div><ol></ol></div></section>`,
    );
    expect(blockFlowAncestor(list).id).toBe('context');
  });

  it('goes past a display: contents box, whose children its parent lays out', () => {
    const list = page(
      '.row { display: flex; } .wrap { display: contents; }',
      '<div id="row" class="row"><div class="wrap"><ul id="list"></ul></div></div>',
    );
    expect(blockFlowAncestor(list).id).toBe('row');
  });

  it('stops at the body', () => {
    const list = page(
      'body, .grid { display: grid; }',
      '<div class="grid" id="grid"><ul id="list"></ul></div>',
    );
    expect(blockFlowAncestor(list).id).toBe('grid');
  });
});
