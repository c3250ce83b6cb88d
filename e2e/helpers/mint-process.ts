// E2E helper: the dev mint as an OS process of its own (dev/mint/main.ts), which a test can SIGKILL mid-request and start again on the same port and data.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
