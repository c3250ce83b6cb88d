// Session-only onboarding values: stored per tab, tolerant of tampering, and gating each step.
import { describe, expect, it } from 'vitest';
import { memoryWebStorage } from '../../testing/memory-web-storage';
import {
  clearSession,
  completeSession,
  readSession,
  sessionAllows,
  updateSession,
  type SessionBackend,
} from './session';

const memoryBackend: () => SessionBackend & { items: Map<string, string> } = memoryWebStorage;

describe('onboarding session', () => {
  it('keeps values across reads and merges updates', () => {
    const backend = memoryBackend();
    updateSession({ phrase: 'a b c', mode: 'create' }, backend);
    updateSession({ mint: 'https://mint.example' }, backend);
    expect(readSession(backend)).toEqual({
      phrase: 'a b c',
      mode: 'create',
      mint: 'https://mint.example',
    });
  });

  it('is empty after clearing', () => {
    const backend = memoryBackend();
    updateSession({ phrase: 'a b c', mode: 'restore', relays: ['wss://r'] }, backend);
    clearSession(backend);
    expect(readSession(backend)).toEqual({});
    expect(backend.items.size).toBe(0);
  });

  it('ignores malformed stored data instead of failing', () => {
    const backend = memoryBackend();
    backend.setItem('cashew.onboarding', '{not json');
    expect(readSession(backend)).toEqual({});
    backend.setItem(
      'cashew.onboarding',
      JSON.stringify({ phrase: 1, mode: 'steal', mint: '', relays: ['ok', 2] }),
    );
    expect(readSession(backend)).toEqual({});
  });

  it('works without any storage backend', () => {
    expect(readSession(undefined)).toEqual({});
    expect(updateSession({ mode: 'create' }, undefined)).toEqual({ mode: 'create' });
  });
});

describe('sessionAllows', () => {
  const full = {
    phrase: 'a b c',
    mode: 'create' as const,
    mint: 'https://mint.example',
    relays: ['wss://relay.example'],
  };

  it('lets each step in only with the earlier steps’ values', () => {
    expect(sessionAllows('mint-selection', {})).toBe(false);
    expect(sessionAllows('mint-selection', { phrase: 'a b c' })).toBe(false);
    expect(sessionAllows('mint-selection', { mode: 'create' })).toBe(false);
    expect(sessionAllows('mint-selection', { phrase: 'a b c', mode: 'create' })).toBe(true);

    expect(sessionAllows('relay-config', { phrase: 'a b c', mode: 'create' })).toBe(false);
    expect(sessionAllows('relay-config', { ...full, relays: undefined })).toBe(true);

    expect(sessionAllows('complete', { ...full, relays: undefined })).toBe(false);
    expect(sessionAllows('complete', { ...full, relays: [] })).toBe(false);
    expect(sessionAllows('complete', full)).toBe(true);
  });

  it('gives the completion values only when all are present', () => {
    expect(completeSession(full)).toEqual(full);
    expect(completeSession({ ...full, mint: undefined })).toBeUndefined();
  });
});
