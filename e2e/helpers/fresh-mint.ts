// E2E helper: a fresh in-process dev mint of a describe block's own, for tests that arm its faults or rotate its keyset without reaching other specs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMint, type DevMint } from '../../dev/mint/server.ts';
import type { test as suiteTest } from '../fixtures';

/** Registers hooks that start a fresh dev mint in a new temp folder before all (or each) tests, then close it and delete the folder; returns the current mint. */
export function freshMint(
  test: typeof suiteTest,
  when: 'all' | 'each',
  name: string,
): () => DevMint {
  let mint: DevMint | undefined;
  let dataDir: string | undefined;
  const start = async () => {
    dataDir = await mkdtemp(join(tmpdir(), `cashew-e2e-${name}-`));
    mint = await startMint({ port: 0, fresh: true, dataDir });
  };
  const stop = async () => {
    await mint?.close();
    mint = undefined;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  if (when === 'all') {
    test.beforeAll(start);
    test.afterAll(stop);
  } else {
    test.beforeEach(start);
    test.afterEach(stop);
  }
  return () => mint!;
}
