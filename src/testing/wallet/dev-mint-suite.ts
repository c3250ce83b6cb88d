// Test suite set-up for files run against the real dev mint: WebSocket for cashu-ts, a long test
// timeout, one mint per file in a temp dir, its faults cleared and the tabs a test opened closed.
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import WebSocket from 'ws';
import { injectWebSocketImpl } from '@cashu/cashu-ts';
import type { StartMintOptions } from '../../../dev/mint/server';
import { startTestMint, type TestMint } from '../../../dev/mint/test-support';

type Closable = { kill(): void } | { close(): void };

export interface DevMintSuite {
  /** the file's mint, started before its first test */
  readonly mint: TestMint;
  /** Closes (or kills) `item` after the current test. */
  track<T extends Closable>(item: T): T;
}

/** Call once at the top of a test file. */
export function devMintSuite(options: StartMintOptions = {}): DevMintSuite {
  injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket);
  vi.setConfig({ testTimeout: 60_000 });
  let mint: TestMint | undefined;
  const open: Closable[] = [];

  beforeAll(async () => {
    mint = await startTestMint(options);
  });

  afterEach(() => {
    mint?.clearFaults();
    for (const item of open.splice(0)) {
      if ('kill' in item) item.kill();
      else item.close();
    }
  });

  afterAll(async () => {
    await mint?.cleanup();
  });

  return {
    get mint() {
      if (!mint) throw new Error('the dev mint starts in beforeAll');
      return mint;
    },
    track(item) {
      open.push(item);
      return item;
    },
  };
}
