// @vitest-environment happy-dom
// The early script's warming of a guarded screen: its files linked once IndexedDB says there is a
// wallet, none the page already links (the router's own preload may have gone first); and a new
// user's tap on the prerendered welcome before hydration, kept, with the phrase screen's files
// linked at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markupId } from './app/start-up/first-screens';
import { earlyStepKey, earlyTapKey, GUARDED_SCREENS_META } from './app/start-up/next-screens';
import {
  CREATE_WALLET_PATH,
  GOES_TO_ATTRIBUTE,
  RESTORE_WALLET_PATH,
} from './features/onboarding/welcome-taps';
import { ONBOARDED_KEY } from './storage/first-screen/onboarded-key';

const FILES = ['/assets/WalletScreen-a.js', '/assets/startup-b.js'];
const HINT_KEY = 'cashew-pos.has-wallet';

const linked = () =>
  [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

/** An IndexedDB whose open answers only when `answer` is called, with the flag row given. */
function heldIndexedDb() {
  let answer!: (onboarded: boolean) => void;
  const factory = {
    open: () => {
      const request = {} as IDBOpenDBRequest & Record<string, unknown>;
      answer = (onboarded) => {
        const get = {} as IDBRequest & Record<string, unknown>;
        const db = {
          objectStoreNames: { contains: () => true },
          close: () => {},
          transaction: () => ({ objectStore: () => ({ get: () => get }) }),
        };
        Object.assign(request, { result: db });
        (request.onsuccess as () => void)();
        Object.assign(get, { result: { key: ONBOARDED_KEY, value: String(onboarded) } });
        (get.onsuccess as () => void)();
      };
      return request;
    },
  };
  return { factory: factory as unknown as IDBFactory, answer: (v: boolean) => answer(v) };
}

async function startEarlyScript(factory: IDBFactory) {
  vi.stubGlobal('indexedDB', factory);
  vi.resetModules();
  await import('./early-onboarded-read');
}

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = GUARDED_SCREENS_META;
  meta.content = JSON.stringify({ '/wallet': FILES });
  document.head.append(meta);
  window.history.replaceState(null, '', '/wallet');
});

afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
  delete (globalThis as Record<string, unknown>).__cashewEarlyStart;
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the early script warming a guarded screen', () => {
  it("links the screen's files once IndexedDB says there is a wallet", async () => {
    localStorage.setItem(HINT_KEY, '1');
    const db = heldIndexedDb();
    await startEarlyScript(db.factory);
    db.answer(true);
    await vi.waitFor(() => expect(linked()).toEqual(FILES));
  });

  it('links no file a second time that the page already links (the router went first)', async () => {
    localStorage.setItem(HINT_KEY, '1');
    // What Vite's preload helper adds for the route's import: an absolute URL, the same mode.
    const first = document.createElement('link');
    first.rel = 'modulepreload';
    first.crossOrigin = '';
    first.href = new URL(FILES[0]!, window.location.href).href;
    document.head.append(first);
    const db = heldIndexedDb();
    await startEarlyScript(db.factory);
    db.answer(true);
    await vi.waitFor(() => expect(linked()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(linked()).toEqual([first.href, FILES[1]]);
  });

  it('links nothing for a device without a wallet', async () => {
    localStorage.setItem(HINT_KEY, '0');
    const db = heldIndexedDb();
    await startEarlyScript(db.factory);
    db.answer(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(linked()).toEqual([]);
  });
});

describe('the early script catching a tap on the prerendered welcome', () => {
  const PHRASE_FILES = ['/assets/phrase-c.js', '/assets/welcome-taps-d.js'];

  beforeEach(() => {
    const meta = document.querySelector(`meta[name="${GUARDED_SCREENS_META}"]`)!;
    meta.setAttribute(
      'content',
      JSON.stringify({ '/wallet': FILES, [earlyTapKey('/onboarding/mnemonic')]: PHRASE_FILES }),
    );
    window.history.replaceState(null, '', '/');
    const root = document.createElement('div');
    root.id = 'root';
    const markup = document.createElement('script');
    markup.type = 'text/html';
    markup.id = markupId('welcome');
    markup.text =
      `<button ${GOES_TO_ATTRIBUTE}="${CREATE_WALLET_PATH}">Create New Wallet</button>` +
      `<button ${GOES_TO_ATTRIBUTE}="${RESTORE_WALLET_PATH}">Restore Existing Wallet</button>`;
    document.body.append(root, markup);
  });

  afterEach(() => {
    document.body.innerHTML = '';
  });

  async function tapBeforeHydration(name: string) {
    const db = heldIndexedDb();
    await startEarlyScript(db.factory);
    const early = await import('./early-onboarded-read');
    expect(await early.earlyFirstScreen).toBe('welcome');
    const button = [...document.querySelectorAll('#root button')].find(
      (node) => node.textContent === name,
    ) as HTMLButtonElement;
    button.click();
    return { early, button };
  }

  it("keeps a new user's tap, marks the button busy and links the phrase screen's files", async () => {
    const { early, button } = await tapBeforeHydration('Create New Wallet');
    expect(button.getAttribute('aria-busy')).toBe('true');
    const tap = early.takeEarlyTap();
    expect(tap?.path).toBe(CREATE_WALLET_PATH);
    await tap?.settled;
    expect(linked()).toEqual(PHRASE_FILES);
  });

  it('keeps Restore Existing Wallet the same way', async () => {
    const { early } = await tapBeforeHydration('Restore Existing Wallet');
    const tap = early.takeEarlyTap();
    expect(tap?.path).toBe(RESTORE_WALLET_PATH);
    await tap?.settled;
    expect(linked()).toEqual(PHRASE_FILES);
  });

  it("links the screen's files only once the step shown before React is given up", async () => {
    const meta = document.querySelector(`meta[name="${GUARDED_SCREENS_META}"]`)!;
    const listed = JSON.parse(meta.getAttribute('content')!);
    // A step file that cannot load: the tap settles without it, and the files follow.
    listed[earlyStepKey(CREATE_WALLET_PATH)] = ['/assets/early-phrase-missing.js'];
    meta.setAttribute('content', JSON.stringify(listed));
    const { early } = await tapBeforeHydration('Create New Wallet');
    expect(linked()).toEqual([]);
    const tap = early.takeEarlyTap();
    await tap?.settled;
    expect(linked()).toEqual(PHRASE_FILES);
  });

  it('has no tap to hand over when none came, and links nothing', async () => {
    const db = heldIndexedDb();
    await startEarlyScript(db.factory);
    const early = await import('./early-onboarded-read');
    expect(await early.earlyFirstScreen).toBe('welcome');
    expect(early.takeEarlyTap()).toBeUndefined();
    expect(linked()).toEqual([]);
  });
});
