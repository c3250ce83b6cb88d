// Leadership over Web Locks: a second holder waits, an abort before the grant runs nothing.
import { describe, expect, it } from 'vitest';
import { webLockProvider } from './cross-tab-lock';

/** A one-holder Web Locks stand-in that rejects with AbortError like browsers do. */
function fakeLocks() {
  let tail = Promise.resolve();
  return {
    request(
      name: string,
      options: { signal?: AbortSignal },
      callback: (lock: unknown) => Promise<void>,
    ) {
      const run = tail.then(async () => {
        if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        await callback({ name });
      });
      tail = run.catch(() => {});
      return run;
    },
  };
}

describe('webLockProvider', () => {
  it('runs the holder and releases when it finishes', async () => {
    const provider = webLockProvider(fakeLocks());
    const ran: string[] = [];
    await provider.hold('inbox', new AbortController().signal, async () => {
      ran.push('held');
    });
    expect(ran).toEqual(['held']);
  });

  it('resolves quietly when aborted before the lock was granted', async () => {
    const locks = fakeLocks();
    const provider = webLockProvider(locks);
    let release!: () => void;
    let held!: () => void;
    const firstHeld = new Promise<void>((resolve) => (held = resolve));
    const first = provider.hold('inbox', new AbortController().signal, () => {
      held();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await firstHeld;
    const waiting = new AbortController();
    let secondRan = false;
    const second = provider.hold('inbox', waiting.signal, async () => {
      secondRan = true;
    });
    waiting.abort();
    release();
    await Promise.all([first, second]);
    expect(secondRan).toBe(false);
  });
});
