// Integration against the dev relay: the mint list backup this app publishes, a list another
// NUT-27 wallet wrote from the same phrase, and the merchant's profile are all read back.
import { sha256 } from '@noble/hashes/sha2.js';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import * as nip44 from 'nostr-tools/nip44';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRelay, type DevRelay } from '../../../dev/relay/server.ts';
import { createPoolRelayQuery } from '../discovery/simple-pool-query';
import { merchantProfileTemplate } from '../remote-payments/merchant-profile';
import { publishToRelays } from '../remote-payments/publish';
import { createRelayPool } from '../remote-payments/relay-pool';
import { MintBackupPublisher } from './mint-backup-publisher';
import { readRelayMintLists } from './restore-sources';

const poolOptions = { WebSocket: WebSocket as unknown as typeof globalThis.WebSocket };
const query = createPoolRelayQuery({ WebSocket });

/** A mint-list event as 27.md describes it, built without the app's NUT-27 code. */
function otherWalletsList(mnemonic: string, mints: string[], createdAt: number) {
  const seed = mnemonicToSeedSync(mnemonic);
  const domain = new TextEncoder().encode('cashu-mint-backup');
  const secret = sha256(new Uint8Array([...seed, ...domain]));
  const key = nip44.v2.utils.getConversationKey(secret, getPublicKey(secret));
  return finalizeEvent(
    {
      kind: 30078,
      created_at: createdAt,
      tags: [
        ['d', 'mint-list'],
        ['client', 'cashu.me'],
      ],
      content: nip44.v2.encrypt(JSON.stringify({ mints, timestamp: createdAt }), key),
    },
    secret,
  );
}

async function publish(relay: DevRelay, event: ReturnType<typeof finalizeEvent>) {
  const pool = createRelayPool(poolOptions);
  try {
    const outcome = await publishToRelays(event, [relay.url], pool);
    expect(outcome.accepted).toEqual([relay.url]);
  } finally {
    pool.destroy();
  }
}

describe('mint lists on the relays', () => {
  let relay: DevRelay;
  const mnemonic = generateMnemonic(wordlist);
  const seed = mnemonicToSeedSync(mnemonic);
  const merchantKey = generateSecretKey();
  const merchantPubkey = getPublicKey(merchantKey);

  beforeEach(async () => {
    relay = await startRelay({ port: 0 });
  });
  afterEach(async () => {
    await relay.close();
  });

  it('reads a list another NUT-27 wallet published from the same phrase, and the profile’s mints', async () => {
    await publish(relay, otherWalletsList(mnemonic, ['https://a.example.com/'], 1_000));
    await publish(
      relay,
      finalizeEvent(
        merchantProfileTemplate(
          { mints: ['https://b.example.com'], relays: [relay.url] },
          Math.floor(Date.now() / 1000),
        ),
        merchantKey,
      ),
    );
    const lists = await readRelayMintLists({
      query,
      relays: [relay.url],
      seed,
      merchantPubkey,
    });
    expect(lists).toEqual({
      backup: ['https://a.example.com'],
      profile: ['https://b.example.com'],
    });
  });

  it('publishes the app’s list once per new mint, only while the seed is open, and reads it back', async () => {
    let sealed = true;
    let ready = false;
    let mints = ['https://a.example.com', 'https://A.example.com/'];
    const publisher = new MintBackupPublisher({
      createPool: () => createRelayPool(poolOptions),
      getRelays: async () => [relay.url],
      mints: async () => mints,
      getSeed: async () => seed,
      seedSealed: async () => sealed,
      ready: async () => ready,
    });
    // A phrase just restored: nothing replaces the list on the relays before the scan read it.
    expect(await publisher.sync()).toBe('waiting');
    ready = true;
    expect(await publisher.sync()).toBe('sealed');
    sealed = false;
    expect(await publisher.sync()).toBe('published');
    expect(await publisher.sync()).toBe('unchanged');
    mints = [...mints, 'https://c.example.com'];
    expect(await publisher.sync()).toBe('published');
    const lists = await readRelayMintLists({
      query,
      relays: [relay.url],
      seed,
      merchantPubkey,
    });
    expect(lists.backup).toEqual(['https://a.example.com', 'https://c.example.com']);
    expect(lists.profile).toBeUndefined();
  });

  it('says so when no relay answers', async () => {
    await relay.close();
    const lists = await readRelayMintLists({
      query,
      relays: [relay.url],
      seed,
      merchantPubkey,
      maxWaitMs: 1_000,
    });
    expect(lists.backup).toBeUndefined();
    relay = await startRelay({ port: 0 });
  });
});
