// Which paths the early script starts loading a screen for: only the guarded lazy screens.
import { describe, expect, it } from 'vitest';
import { guardedScreenAt } from './guarded-screens';

describe('guardedScreenAt', () => {
  it('names the wallet, connect and settings screens, with or without a trailing slash', () => {
    expect(guardedScreenAt('/wallet')).toBe('/wallet');
    expect(guardedScreenAt('/wallet/')).toBe('/wallet');
    expect(guardedScreenAt('/connect')).toBe('/connect');
    expect(guardedScreenAt('/settings')).toBe('/settings');
  });

  it('names nothing for the keypad, onboarding, the remote page or unknown paths', () => {
    for (const path of ['/', '', '/onboarding', '/onboarding/mnemonic', '/remote/npub1x', '/x']) {
      expect(guardedScreenAt(path)).toBeUndefined();
    }
    expect(guardedScreenAt('/toString')).toBeUndefined();
  });
});
