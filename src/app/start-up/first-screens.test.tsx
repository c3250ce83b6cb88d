// @vitest-environment happy-dom
// The prerendered first screens: which one a device gets at which URL, and what the build puts in.
import { afterEach, describe, expect, it } from 'vitest';
import { firstScreenFor, PRERENDERED_ATTRIBUTE, showPrerenderedScreen } from './first-screens';
import { builtPage } from '../../testing/app/built-page';

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('firstScreenFor', () => {
  it.each([
    ['/', false, 'welcome'],
    ['/onboarding', false, 'welcome'],
    ['/onboarding/', false, 'welcome'],
    ['/', true, undefined],
    ['/wallet', true, undefined],
    ['/onboarding', true, undefined],
    ['/remote/npub1abc', false, undefined],
    ['/onboarding/mnemonic', false, undefined],
  ] as const)('%s, onboarded %s: %s', (path, onboarded, screen) => {
    expect(firstScreenFor(path, onboarded)).toBe(screen);
  });
});

const buttonTexts = (root: HTMLElement) =>
  [...root.querySelectorAll('button')].map((button) => button.textContent?.trim()).filter(Boolean);

// Whether React attaches to this markup without rendering again is checked in a real browser
// (e2e/first-load.spec.ts): happy-dom does not run the app's hydration.
describe('prerendered first screens', () => {
  it('a new user at / gets the welcome at /onboarding, with its buttons', async () => {
    const root = await builtPage();
    expect(showPrerenderedScreen(root, false)).toBe('welcome');
    expect(window.location.pathname).toBe('/onboarding');
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('welcome');
    expect(buttonTexts(root)).toEqual(['Create New Wallet', 'Restore Existing Wallet']);
  });

  it('an onboarded merchant at / gets no prerendered screen: the keypad renders on the client', async () => {
    const root = await builtPage();
    expect(showPrerenderedScreen(root, true)).toBeUndefined();
    expect(root.hasChildNodes()).toBe(false);
    expect(document.getElementById('prerendered-keypad')).toBeNull();
  });

  it('leaves other pages, and a root already rendered, to the client', async () => {
    const root = await builtPage();
    window.history.replaceState(null, '', '/wallet');
    expect(showPrerenderedScreen(root, true)).toBeUndefined();
    expect(root.hasChildNodes()).toBe(false);
    window.history.replaceState(null, '', '/');
    root.append(document.createElement('p'));
    expect(showPrerenderedScreen(root, true)).toBeUndefined();
    expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
  });
});
