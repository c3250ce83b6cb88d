// E2E helper: the dev mint as an OS process of its own (dev/mint/main.ts), which a test can SIGKILL mid-request and start again on the same port and data.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { freePort } from './cashier';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starting tsx and the mint on a loaded machine can take a while. */
const START_TIMEOUT_MS = 90_000;

export interface MintProcess {
  url: string;
  /** Resolves with the first line the mint logged (from its start) that matches `pattern`. */
  logged(pattern: RegExp): Promise<string>;
  /** SIGKILL: no handler runs, no held reply is ever sent; resolves once the process is gone. */
  kill(): Promise<void>;
}

export interface MintProcessOptions {
  port: number;
  /** The mint's state files; a restart on the same directory is the same mint. */
  dataDir: string;
  /** Forget the saved state first (the first start of a test). */
  fresh?: boolean;
}

export async function startMintProcess(options: MintProcessOptions): Promise<MintProcess> {
  const args = ['--import', 'tsx', 'dev/mint/main.ts', '--port', String(options.port)];
  args.push('--data-dir', options.dataDir);
  if (options.fresh) args.push('--fresh');
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let partial = '';
  const take = (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.splice(0)) {
        if (waiter.pattern.test(line)) waiter.resolve(line);
        else waiters.push(waiter);
      }
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);

  const logged = (pattern: RegExp) => {
    const seen = lines.find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve) => waiters.push({ pattern, resolve }));
  };

  const started = await Promise.race([
    logged(/dev mint listening on (\S+)/),
    exited.then(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), START_TIMEOUT_MS)),
  ]);
  if (started === undefined) {
    child.kill('SIGKILL');
    throw new Error(`the dev mint process did not start:\n${lines.join('\n')}`);
  }
  const url = /dev mint listening on (\S+)/.exec(started)![1]!;

  return {
    url,
    logged,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The test API the per-test mint hooks into (Playwright's `test`). */
interface Hooks {
  beforeEach(run: () => Promise<void>): void;
  afterEach(run: () => Promise<void>): void;
}

export interface OwnMint {
  /** The mint process of the running test. */
  readonly process: MintProcess;
  readonly url: string;
  /** Starts the mint again on the same port and data (after `process.kill()`). */
  restart(): Promise<void>;
  /** The customer pays `quoteId` through the dev mint's pay endpoint. */
  pay(request: APIRequestContext, quoteId: string): Promise<void>;
}

/** A fresh mint process per test on a free port, with data a restart keeps, removed after. */
export function ownMintPerTest(test: Hooks, name: string): OwnMint {
  let current: MintProcess | undefined;
  let dataDir = '';
  let port = 0;
  test.beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), `cashew-e2e-${name}-`));
    port = await freePort();
    current = await startMintProcess({ port, dataDir, fresh: true });
  });
  test.afterEach(async () => {
    await current?.kill();
    current = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });
  const running = () => {
    if (!current) throw new Error('no mint process: ownMintPerTest runs one per test');
    return current;
  };
  return {
    get process() {
      return running();
    },
    get url() {
      return running().url;
    },
    async restart() {
      current = await startMintProcess({ port, dataDir });
    },
    async pay(request, quoteId) {
      const response = await request.post(
        `${running().url}/dev/pay/${encodeURIComponent(quoteId)}`,
      );
      if (!response.ok()) throw new Error(`the dev mint refused to pay ${quoteId}`);
    },
  };
}
