// Session-only onboarding values (docs/behaviour.md "Onboarding"): phrase, mode, mint and relays,
// kept in sessionStorage
// so Back/forward and a reload keep them, and gone with the tab. Never in the URL or localStorage.

export type OnboardingMode = 'create' | 'restore';

export interface OnboardingSession {
  phrase?: string;
  mode?: OnboardingMode;
  mint?: string;
  relays?: string[];
  /** A phrase generated for create mode but not yet confirmed; reused so it never changes. */
  draftPhrase?: string;
}

/** The subset of the Web Storage API used here; tests pass their own. */
export type SessionBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const SESSION_KEY = 'cashew.onboarding';

function defaultBackend(): SessionBackend | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage disabled by the browser: onboarding still works within one page.
    return undefined;
  }
}

export function isOnboardingMode(value: unknown): value is OnboardingMode {
  return value === 'create' || value === 'restore';
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** What is stored, keeping only well-formed fields (a tampered entry cannot crash a screen). */
export function readSession(backend = defaultBackend()): OnboardingSession {
  let parsed: unknown;
  try {
    parsed = JSON.parse(backend?.getItem(SESSION_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const raw = parsed as Record<string, unknown>;
  const session: OnboardingSession = {};
  if (typeof raw.phrase === 'string' && raw.phrase !== '') session.phrase = raw.phrase;
  if (isOnboardingMode(raw.mode)) session.mode = raw.mode;
  if (typeof raw.mint === 'string' && raw.mint !== '') session.mint = raw.mint;
  if (isStringList(raw.relays)) session.relays = raw.relays;
  if (typeof raw.draftPhrase === 'string' && raw.draftPhrase !== '') {
    session.draftPhrase = raw.draftPhrase;
  }
  return session;
}

export function updateSession(
  changes: Partial<OnboardingSession>,
  backend = defaultBackend(),
): OnboardingSession {
  const next = { ...readSession(backend), ...changes };
  try {
    backend?.setItem(SESSION_KEY, JSON.stringify(next));
  } catch {
    // Quota or disabled storage: the flow redirects to welcome, which is the safe outcome.
  }
  return next;
}

/**
 * The phrase the create step shows: the confirmed one when coming Back, else the unconfirmed draft.
 * The prerendered step a tap before hydration shows reads it too, so both show one phrase
 * (app/start-up/early-phrase.ts).
 */
export function storedCreatePhrase(backend = defaultBackend()): string | undefined {
  const session = readSession(backend);
  if (session.mode === 'create' && session.phrase) return session.phrase;
  return session.draftPhrase;
}

export function clearSession(backend = defaultBackend()): void {
  try {
    backend?.removeItem(SESSION_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** Steps after the mnemonic one, each needing the earlier steps' values. */
export type GatedStep = 'mint-selection' | 'relay-config' | 'complete';

/** True when direct entry to `step` has what it needs; otherwise the screen sends to welcome. */
export function sessionAllows(step: GatedStep, session: OnboardingSession): boolean {
  const hasPhrase = session.phrase !== undefined && session.mode !== undefined;
  if (step === 'mint-selection') return hasPhrase;
  const hasMint = hasPhrase && session.mint !== undefined;
  if (step === 'relay-config') return hasMint;
  return hasMint && session.relays !== undefined && session.relays.length > 0;
}

/** The values completion needs, or undefined when any is missing. */
export function completeSession(
  session: OnboardingSession,
): { phrase: string; mode: OnboardingMode; mint: string; relays: string[] } | undefined {
  const { phrase, mode, mint, relays } = session;
  if (!phrase || !mode || !mint || !relays || relays.length === 0) return undefined;
  return { phrase, mode, mint, relays };
}
