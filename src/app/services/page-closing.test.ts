// The page-closing flag the restore scan reads: set by pagehide, cleared by a back-forward return.
import { describe, expect, it } from 'vitest';
import { pageClosingFlag } from './page-closing';

describe('pageClosingFlag', () => {
  it('is set by pagehide and cleared when the page is shown again', () => {
    const page = new EventTarget();
    const closing = pageClosingFlag(page);
    expect(closing()).toBe(false);
    page.dispatchEvent(new Event('pagehide'));
    expect(closing()).toBe(true);
    page.dispatchEvent(new Event('pageshow'));
    expect(closing()).toBe(false);
  });

  it('stays false where there is no page (Node)', () => {
    expect(pageClosingFlag(undefined)()).toBe(false);
  });
});
