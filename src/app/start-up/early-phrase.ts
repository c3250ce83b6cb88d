// The twelve words on screen before React is there: after a tap on the prerendered welcome's
// "Create New Wallet", the early script loads this module (a file of its own, built like the early
// script, vite-plugins/early-script.ts), which makes the phrase, stores it as the onboarding
// draft and shows the prerendered create step with it. React's create step then reads the same
// draft (docs/decisions/0116-words-before-hydration.md).
import { generatePhrase, NEW_PHRASE_WORDS } from '../../core/keys/phrase';
import {
  storedCreatePhrase,
  updateSession,
  type SessionBackend,
} from '../../features/onboarding/session';
import { markupId, PRERENDERED_ATTRIBUTE, TAPPED_PHRASE } from './first-screens';

/** The cells the words go into, in order (ui/PhraseWords.tsx). */
const WORD_CELL = '[data-testid="phrase-word"]';

/**
 * Shows the create step with its words in `root` and moves the URL to `path` (one history entry
 * after the welcome's, as a tap on the live welcome makes). Only while `root` still holds the
 * prerendered welcome: once start-up has taken the tap, React shows the step itself. Nothing is
 * shown unless the words are stored first, so the words on screen are the ones React shows and
 * the merchant confirms; returns whether the step was shown.
 */
export function showEarlyPhrase(
  root: HTMLElement,
  path: string,
  backend?: SessionBackend,
): boolean {
  if (root.getAttribute(PRERENDERED_ATTRIBUTE) !== 'welcome') return false;
  const block = document.getElementById(markupId(TAPPED_PHRASE));
  const step = document.createElement('div');
  step.innerHTML = block instanceof HTMLScriptElement ? block.text : '';
  // Markup that does not fit makes and stores nothing.
  const cells = step.querySelectorAll(WORD_CELL);
  if (cells.length !== NEW_PHRASE_WORDS) return false;
  const words = storedOrNewPhrase(backend)?.split(' ');
  if (words?.length !== cells.length) return false;
  cells.forEach((cell, index) => (cell.textContent = words[index]!));
  // A tick or a Back before React answers would be lost when React replaces the step: they wait,
  // looking as they will (the merchant reads the words first).
  step
    .querySelectorAll('input, button')
    .forEach((control) => ((control as HTMLElement).inert = true));
  root.replaceChildren(...step.childNodes);
  root.setAttribute(PRERENDERED_ATTRIBUTE, TAPPED_PHRASE);
  window.history.pushState(null, '', path);
  const heading = root.querySelector('h1');
  heading?.setAttribute('tabindex', '-1');
  heading?.focus();
  return true;
}

/**
 * The draft the create step would show, or a new phrase stored as the draft; none when the
 * browser cannot make one or the session does not keep it (React's step then decides alone).
 */
function storedOrNewPhrase(backend?: SessionBackend): string | undefined {
  const stored = storedCreatePhrase(backend);
  if (stored) return stored;
  let phrase: string;
  try {
    phrase = generatePhrase();
  } catch {
    return undefined;
  }
  updateSession({ draftPhrase: phrase }, backend);
  return storedCreatePhrase(backend) === phrase ? phrase : undefined;
}
