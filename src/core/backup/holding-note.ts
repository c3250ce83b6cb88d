// The note a device leaves when it holds for another device's profile on the same phrase: a NIP-78
// entry (`d` = `cashew-pos/holding`) encrypted to the merchant's own key, naming the pairing id it
// left alone, so the device that owns the links can say another device is there too
// (docs/behaviour.md, "Two devices on one phrase"; docs/protocol.md, "App data backup").
import type { RelayQuery } from '../discovery/relay-query';
import type { Clock } from '../clock';
import { publishOnNewPool } from '../remote-payments/publish';
import type { RelayPool } from '../remote-payments/relay-pool';
import { getPublicKey } from 'nostr-tools/pure';
import { APP_DATA_KIND, APP_DATA_PREFIX, appDataEvent, readAppData } from './app-data';

export const HOLDING_PART = 'holding';

export interface HoldingNotes {
  /** Says on the relays that this device left `pairingId`'s profile alone; rejects on failure. */
  announce(relays: string[], secretKey: Uint8Array, pairingId: string): Promise<void>;
  /** The pairing id another device on this key last said it holds for, or undefined. */
  read(relays: string[], secretKey: Uint8Array): Promise<string | undefined>;
}

export function holdingNotes(deps: {
  createPool: () => RelayPool;
  query: RelayQuery;
  clock: Clock;
  maxWaitMs: number;
}): HoldingNotes {
  return {
    announce: async (relays, secretKey, pairingId) => {
      const now = Math.floor(deps.clock() / 1000);
      const event = appDataEvent(secretKey, HOLDING_PART, { pairingId, at: now }, now);
      const outcome = await publishOnNewPool(deps.createPool, event, relays);
      if (outcome.accepted.length === 0) throw new Error('No relay took the holding note');
    },
    read: async (relays, secretKey) => {
      const events = await deps.query(
        relays,
        {
          kinds: [APP_DATA_KIND],
          authors: [getPublicKey(secretKey)],
          '#d': [APP_DATA_PREFIX + HOLDING_PART],
        },
        deps.maxWaitMs,
      );
      const value = readAppData(secretKey, HOLDING_PART, events) as { pairingId?: unknown };
      return typeof value?.pairingId === 'string' ? value.pairingId : undefined;
    },
  };
}
