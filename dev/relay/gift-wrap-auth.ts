// NIP-42 for the dev relay's gift wraps: kind 1059 is read only after AUTH, and only by its `p` tag.
import { randomBytes } from 'node:crypto';
import { verifyEvent, type NostrEvent } from 'nostr-tools/pure';

export const GIFT_WRAP_KIND = 1059;
const AUTH_KIND = 22242;
/** NIP-42: the AUTH event's time must be close to the relay's. */
const AUTH_MAX_SKEW_SECONDS = 600;

export const AUTH_REQUIRED_REASON =
  'auth-required: gift wraps are served only to their recipient; answer the AUTH challenge';

export type GiftWrapAuthOptions = {
  /** Pubkeys (hex) allowed to authenticate; every valid key when absent. */
  allow?: readonly string[];
};

type Filter = { kinds?: unknown } & Record<string, unknown>;

/** One connection's challenge and the keys it proved. */
export class ConnectionAuth {
  readonly challenge = randomBytes(16).toString('hex');
  readonly pubkeys = new Set<string>();

  constructor(private readonly options: GiftWrapAuthOptions) {}

  get authenticated(): boolean {
    return this.pubkeys.size > 0;
  }

  /**
   * Checks an AUTH event (NIP-42: kind 22242, this connection's challenge, a relay URL, a recent
   * time, a valid signature) and, on the allow-list if there is one, remembers its key.
   * Returns [accepted, reason] for the OK answer.
   */
  accept(event: unknown): [boolean, string] {
    const candidate = event as NostrEvent;
    if (!candidate || typeof candidate !== 'object' || !verifyEvent(candidate)) {
      return [false, 'invalid: bad signature'];
    }
    if (candidate.kind !== AUTH_KIND) return [false, 'invalid: the kind is not 22242'];
    const tag = (name: string) => candidate.tags.find((entry) => entry[0] === name)?.[1];
    if (tag('challenge') !== this.challenge) return [false, 'invalid: wrong challenge'];
    if (!isRelayUrl(tag('relay'))) return [false, 'invalid: missing relay URL'];
    const skew = Math.abs(candidate.created_at - Math.floor(Date.now() / 1000));
    if (skew > AUTH_MAX_SKEW_SECONDS) return [false, 'invalid: created_at is too far off'];
    if (this.options.allow && !this.options.allow.includes(candidate.pubkey)) {
      return [false, `restricted: ${candidate.pubkey} may not read here`];
    }
    this.pubkeys.add(candidate.pubkey);
    return [true, ''];
  }

  /** A wrap is sent only to the connection that proved the key in its `p` tag. */
  maySee(event: { kind: number; tags: string[][] }): boolean {
    if (event.kind !== GIFT_WRAP_KIND) return true;
    return event.tags.some((tag) => tag[0] === 'p' && this.pubkeys.has(tag[1] ?? ''));
  }

  /**
   * An outgoing frame, or undefined when it carries a wrap this connection may not see. Applies
   * to stored results and live fan-out alike, whatever the filter asked.
   */
  screen(frame: string): string | undefined {
    if (!frame.startsWith('["EVENT"')) return frame;
    const [, , event] = JSON.parse(frame) as [string, string, NostrEvent];
    return this.maySee(event) ? frame : undefined;
  }
}

/** A filter that names kind 1059: reading it needs AUTH. */
export function asksForGiftWraps(filters: readonly unknown[]): boolean {
  return filters.some((filter) => {
    const kinds = (filter as Filter | null)?.kinds;
    return Array.isArray(kinds) && kinds.includes(GIFT_WRAP_KIND);
  });
}

function isRelayUrl(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'ws:' || url.protocol === 'wss:';
  } catch {
    return false;
  }
}
