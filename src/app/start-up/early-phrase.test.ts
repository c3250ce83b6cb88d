// @vitest-environment happy-dom
// The create step's words before React: shown over the prerendered welcome only while it is still
// there, only once they are stored as the onboarding draft, and the same words React then shows.
import { afterEach, describe, expect, it } from 'vitest';
import { isValidPhrase } from '../../core/keys/phrase';
import { readSession, updateSession, type SessionBackend } from '../../features/onboarding/session';
import { CREATE_WALLET_PATH } from '../../features/onboarding/welcome-taps';
import { showEarlyPhrase } from './early-phrase';
import { builtPage } from '../../testing/app/built-page';
import { memoryWebStorage } from '../../testing/memory-web-storage';
import {
  markupId,
  PRERENDERED_ATTRIBUTE,
  showPrerenderedScreen,
  TAPPED_PHRASE,
  WORD_STAND_IN,
} from './first-screens';
import { renderFirstScreens } from './prerender';

/** The built page, the welcome shown by the early script. */
async function welcomeShown(): Promise<HTMLElement> {
  const root = await builtPage();
  expect(showPrerenderedScreen(root, false)).toBe('welcome');
  return root;
}

const shownWords = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-testid="phrase-word"]')].map((cell) => cell.textContent);

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('the prerendered create step', () => {
  it('is built with a stand-in in each of its twelve cells, never a phrase', async () => {
    const { phrase } = await renderFirstScreens();
    const cells = phrase.match(/data-testid="phrase-word">([^<]*)</g) ?? [];
    expect(cells).toHaveLength(12);
    expect(cells.every((cell) => cell.endsWith(`>${WORD_STAND_IN}<`))).toBe(true);
    expect(phrase).toContain('Your Recovery Phrase');
  });
});

describe('showEarlyPhrase', () => {
  it('shows twelve new words at the step URL, stored first as the draft', async () => {
    const root = await welcomeShown();
    const session = memoryWebStorage();
    expect(showEarlyPhrase(root, CREATE_WALLET_PATH, session)).toBe(true);
    const words = shownWords(root);
    expect(words).toHaveLength(12);
    expect(isValidPhrase(words.join(' '))).toBe(true);
    expect(readSession(session).draftPhrase).toBe(words.join(' '));
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe(TAPPED_PHRASE);
    expect(window.location.pathname + window.location.search).toBe(CREATE_WALLET_PATH);
    expect(document.activeElement).toBe(root.querySelector('h1'));
    // Its checkbox and buttons wait for React.
    const controls = [...root.querySelectorAll<HTMLElement>('input, button')];
    expect(controls.length).toBeGreaterThan(1);
    expect(controls.every((control) => control.inert)).toBe(true);
  });

  it('shows the draft or the confirmed phrase already in the session, and keeps it', async () => {
    const session = memoryWebStorage();
    const draft = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    updateSession({ draftPhrase: draft }, session);
    const root = await welcomeShown();
    expect(showEarlyPhrase(root, CREATE_WALLET_PATH, session)).toBe(true);
    expect(shownWords(root).join(' ')).toBe(draft);

    const confirmed =
      'letter advice cage absurd amount doctor acoustic avoid letter advice cage above';
    updateSession({ phrase: confirmed, mode: 'create' }, session);
    document.body.replaceChildren();
    window.history.replaceState(null, '', '/');
    const again = await welcomeShown();
    expect(showEarlyPhrase(again, CREATE_WALLET_PATH, session)).toBe(true);
    expect(shownWords(again).join(' ')).toBe(confirmed);
    expect(readSession(session).draftPhrase).toBe(draft);
  });

  it('does nothing once start-up has taken the welcome: React shows the step', async () => {
    const root = await welcomeShown();
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    const before = root.innerHTML;
    const session = memoryWebStorage();
    expect(showEarlyPhrase(root, CREATE_WALLET_PATH, session)).toBe(false);
    expect(root.innerHTML).toBe(before);
    expect(readSession(session)).toEqual({});
    expect(window.location.pathname).toBe('/onboarding');
  });

  it('shows nothing when the session cannot keep the words, so none can change under React', async () => {
    const root = await welcomeShown();
    const before = root.innerHTML;
    const full: SessionBackend = {
      ...memoryWebStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(showEarlyPhrase(root, CREATE_WALLET_PATH, full)).toBe(false);
    expect(root.innerHTML).toBe(before);
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('welcome');
  });

  it('shows nothing without the markup (the dev server) or with cells that do not fit', async () => {
    const root = await welcomeShown();
    const block = document.getElementById(markupId(TAPPED_PHRASE)) as HTMLScriptElement;
    block.text = block.text.replace('data-testid="phrase-word"', 'data-testid="other"');
    const session = memoryWebStorage();
    expect(showEarlyPhrase(root, CREATE_WALLET_PATH, session)).toBe(false);
    block.remove();
    expect(showEarlyPhrase(root, CREATE_WALLET_PATH, session)).toBe(false);
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('welcome');
    // Nor is a phrase made and stored for a step that cannot show it.
    expect(session.items.size).toBe(0);
  });
});
