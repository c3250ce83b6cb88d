// @vitest-environment happy-dom
// The next screens' prefetch: the listed files as fetch-only links, once, and none on a connection
// that asks to save data or is metered.
import { afterEach, describe, expect, it } from 'vitest';
import { NEXT_SCREENS_META } from './next-screens';
import { prefetchAllowed, prefetchNextScreens } from './prefetch-next';

const LISTED = {
  welcome: ['/assets/MnemonicScreen-a.js', '/assets/phrase-b.js'],
  keypad: ['/assets/InvoiceModal-c.js', '/assets/WalletScreen-d.js'],
};

function listFiles(content: string = JSON.stringify(LISTED)) {
  const meta = document.createElement('meta');
  meta.name = NEXT_SCREENS_META;
  meta.content = content;
  document.head.append(meta);
}

const prefetched = () =>
  [...document.querySelectorAll('link[rel="prefetch"]')].map((link) => link.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
});

describe('prefetchAllowed', () => {
  it('allows an ordinary connection, or a browser that does not say', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ saveData: false, effectiveType: '4g', type: 'wifi' })).toBe(true);
  });

  it('refuses Save-Data, a 2g link and a cellular one', () => {
    expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ type: 'cellular', effectiveType: '4g' })).toBe(false);
  });
});

describe('prefetchNextScreens', () => {
  it("links the welcome's files for prefetch, fetch only, at the welcome's paths", () => {
    listFiles();
    expect(prefetchNextScreens(document, '/onboarding/', undefined)).toEqual(LISTED.welcome);
    expect(prefetched()).toEqual(LISTED.welcome);
    expect(document.querySelector('link[rel="modulepreload"]')).toBeNull();
  });

  it("links the keypad's files at /, and none twice", () => {
    listFiles();
    prefetchNextScreens(document, '/', undefined);
    expect(prefetchNextScreens(document, '/', undefined)).toEqual([]);
    expect(prefetched()).toEqual(LISTED.keypad);
  });

  it('drops each link once its file is fetched, so the import preloads the files together, and prefetches no second time', () => {
    listFiles();
    prefetchNextScreens(document, '/', undefined);
    const links = [...document.querySelectorAll('link[rel="prefetch"]')];
    links[0]!.dispatchEvent(new Event('load'));
    links[1]!.dispatchEvent(new Event('error'));
    expect(prefetched()).toEqual([]);
    expect(prefetchNextScreens(document, '/', undefined)).toEqual([]);
    expect(prefetched()).toEqual([]);
  });

  it('says when every file asked for has arrived or failed, and not before', () => {
    listFiles();
    let fetched = 0;
    prefetchNextScreens(document, '/onboarding', undefined, () => (fetched += 1));
    const links = [...document.querySelectorAll('link[rel="prefetch"]')];
    links[0]!.dispatchEvent(new Event('load'));
    expect(fetched).toBe(0);
    links[1]!.dispatchEvent(new Event('error'));
    expect(fetched).toBe(1);
  });

  it('prefetches nothing with Save-Data on', () => {
    listFiles();
    expect(prefetchNextScreens(document, '/', { saveData: true })).toEqual([]);
    expect(prefetched()).toEqual([]);
  });

  it('prefetches nothing on a screen that lists none, or without a readable list', () => {
    listFiles();
    expect(prefetchNextScreens(document, '/settings', undefined)).toEqual([]);
    document.head.innerHTML = '';
    listFiles('not json');
    expect(prefetchNextScreens(document, '/', undefined)).toEqual([]);
    expect(prefetched()).toEqual([]);
  });
});
