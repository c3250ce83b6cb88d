// Test helper: unsigned kind 38000 recommendation events (parsing does not check signatures;
// the relay pool does).
import type { NostrEvent } from './relay-query';

let serial = 0;

export function recommendation(
  overrides: {
    url?: string | null;
    content?: string;
    author?: string;
    createdAt?: number;
    tags?: string[][];
  } = {},
): NostrEvent {
  serial++;
  const url = overrides.url === undefined ? 'https://mint.example.com' : overrides.url;
  const tags = overrides.tags ?? [
    ['k', '38172'],
    ['d', url ?? 'x'],
    ...(url === null ? [] : [['u', url]]),
  ];
  return {
    id: serial.toString(16).padStart(64, '0'),
    pubkey: overrides.author ?? 'a'.repeat(64),
    created_at: overrides.createdAt ?? 1_700_000_000 + serial,
    kind: 38000,
    tags,
    content: overrides.content ?? '[5/5] great',
    sig: '0'.repeat(128),
  };
}
