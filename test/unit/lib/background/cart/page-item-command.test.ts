// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pointedItemLink } from '../../../../../lib/background/cart/page-item-command.ts';

/** A chart page: rows of one track each, with links to the track, its release and artist. */
function chartPage() {
  document.body.innerHTML = `
    <main>
      <ul>
        <li><a href="/track/strobe/42">Strobe</a> <a href="/release/opus/7">Opus</a> <a href="/artist/d/1">D</a>
          <button type="button">MP3</button></li>
        <li><a href="/track/ghosts/43">Ghosts</a> <a href="/release/opus/7">Opus</a>
          <button type="button" id="second">MP3</button></li>
      </ul>
      <div class="card"><a href="/release/album/9"><img alt=""></a> <a href="/release/album/9">Album</a>
        <button type="button" id="card">MP3</button></div>
    </main>`;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the shortcut's pointed item", () => {
  it('is the track of the row in focus', () => {
    chartPage();
    (document.getElementById('second') as HTMLButtonElement).focus();
    expect(pointedItemLink()).toBe(`${location.origin}/track/ghosts/43`);
  });

  it('is the release of a card in focus, its links counted once', () => {
    chartPage();
    (document.getElementById('card') as HTMLButtonElement).focus();
    expect(pointedItemLink()).toBe(`${location.origin}/release/album/9`);
  });

  it('is a focused item link itself', () => {
    chartPage();
    (document.querySelector('a[href="/track/strobe/42"]') as HTMLAnchorElement).focus();
    expect(pointedItemLink()).toBe(`${location.origin}/track/strobe/42`);
  });

  it('is nothing when nothing is in focus or pointed at: never a guess among rows', () => {
    chartPage();
    expect(pointedItemLink()).toBeNull();
  });
});
