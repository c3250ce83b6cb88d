// @vitest-environment happy-dom
// The font warm-up block: shown on a device with a wallet until a frame has laid it out, then
// gone; removed unshown everywhere else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FONT_WARM_UP_ID, warmFirstFonts } from './font-warm-up';

/** index.html's own block, as the parser leaves it. */
function pageBlock(): HTMLElement {
  const html = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const block = document.importNode(parsed.getElementById(FONT_WARM_UP_ID)!, true);
  document.body.append(block);
  return block;
}

function heldFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
  return frames;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('warmFirstFonts', () => {
  it('index.html holds the block hidden, out of sight and never read out', () => {
    const block = pageBlock();
    expect(block.hidden).toBe(true);
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(block.className.split(' ')).toEqual(
      expect.arrayContaining(['invisible', 'fixed', 'size-0', 'overflow-hidden']),
    );
    expect(block.querySelectorAll('p').length).toBeGreaterThan(0);
  });

  it('with a wallet: shows the block, and removes it after the next frame', async () => {
    const frames = heldFrames();
    const block = pageBlock();

    warmFirstFonts(true);
    expect(block.hidden).toBe(false);
    expect(block.isConnected).toBe(true);

    frames.shift()!(0);
    expect(block.isConnected).toBe(true); // the frame's layout is still to come
    await vi.waitFor(() => expect(block.isConnected).toBe(false));
  });

  it('without a wallet: removes the block without showing it', () => {
    const frames = heldFrames();
    const block = pageBlock();

    warmFirstFonts(false);
    expect(block.isConnected).toBe(false);
    expect(block.hidden).toBe(true);
    expect(frames).toHaveLength(0);
  });

  it('a page without the block (the dev server before it, another page) is left alone', () => {
    expect(() => warmFirstFonts(true)).not.toThrow();
    expect(() => warmFirstFonts(false)).not.toThrow();
  });
});
