// The short check that the merchant really has the recovery phrase: three of its words, chosen at
// random, typed back (docs/behaviour.md, "Check your recovery phrase").

/** Whether the phrase was checked, and until when its reminder is put off. */
export interface PhraseCheckStore {
  isConfirmed(): Promise<boolean>;
  /** For good: the reminder never shows again. */
  setConfirmed(): Promise<void>;
  /** Milliseconds since the epoch until which the reminder stays hidden (0 = not hidden). */
  reminderHiddenUntil(): Promise<number>;
  hideReminderUntil(time: number): Promise<void>;
}

export const PHRASE_CHECK_WORDS = 3;
/** "Remind me tomorrow" */
export const REMINDER_PAUSE_MS = 24 * 60 * 60 * 1000;

/**
 * `count` distinct word positions (0-based, ascending) out of `wordCount`, drawn with `random`
 * (uniform integers below the bound; crypto-backed in the app).
 */
export function pickWordPositions(
  wordCount: number,
  random: (below: number) => number,
  count = PHRASE_CHECK_WORDS,
): number[] {
  const left = Array.from({ length: wordCount }, (_, i) => i);
  const picked: number[] = [];
  while (picked.length < Math.min(count, wordCount)) {
    picked.push(left.splice(random(left.length), 1)[0]!);
  }
  return picked.sort((a, b) => a - b);
}

/** A uniform integer below `below` from the platform's crypto random source. */
export function cryptoRandomBelow(below: number): number {
  const limit = Math.floor(0x1_0000_0000 / below) * below;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % below;
  }
}

/** True when every typed word equals the phrase's word at its position (case and spaces ignored). */
export function wordsMatch(phrase: string, positions: number[], typed: string[]): boolean {
  const words = phrase.trim().toLowerCase().split(/\s+/);
  return (
    positions.length > 0 &&
    positions.length === typed.length &&
    positions.every(
      (pos, i) => words[pos] !== undefined && words[pos] === typed[i]!.trim().toLowerCase(),
    )
  );
}

/** Whether the reminder shows now: a wallet with a phrase that was never checked, not put off. */
export function reminderDue(args: {
  hasPhrase: boolean;
  confirmed: boolean;
  hiddenUntil: number;
  now: number;
}): boolean {
  return args.hasPhrase && !args.confirmed && args.now >= args.hiddenUntil;
}
