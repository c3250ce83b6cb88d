// SaleMint: a sale asks the mint read last at once, and always ends at the stored one.
import { describe, expect, it } from 'vitest';
import { SaleMint } from './sale-mint';

const A = 'https://a.example';
const B = 'https://b.example';

/** A stored URL whose reads answer only when the test says. */
function slowStore(initial: string) {
  let url = initial;
  const pending: (() => void)[] = [];
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return new Promise<string>((resolve) => pending.push(() => resolve(url)));
    },
    set: (next: string) => {
      url = next;
    },
    answer: () => pending.splice(0).forEach((resolve) => resolve()),
    reads: () => reads,
  };
}

/** A SaleMint over a slow store, `prepared` (the keypad's idle read done) or not. */
async function saleMint(prepared: boolean) {
  const store = slowStore(A);
  const mint = new SaleMint(store.read);
  if (prepared) {
    const read = mint.refresh();
    store.answer();
    await read;
  }
  const asked: string[] = [];
  const sell = () => mint.ask(async (url) => (asked.push(url), `quote at ${url}`));
  return { store, mint, asked, sell };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SaleMint', () => {
  it('reads the stored mint first when none was read yet', async () => {
    const { store, asked, sell } = await saleMint(false);
    const sale = sell();
    await flush();
    expect(asked).toEqual([]);
    store.answer();
    await expect(sale).resolves.toEqual({ mintUrl: A, answer: `quote at ${A}` });
  });

  it('asks the mint read last before storage answers, and reads storage beside it', async () => {
    const { store, asked, sell } = await saleMint(true);
    const sale = sell();
    await flush();
    expect(asked).toEqual([A]);
    expect(store.reads()).toBe(2);
    store.answer();
    await expect(sale).resolves.toEqual({ mintUrl: A, answer: `quote at ${A}` });
  });

  it('asks the stored mint again when it changed, and answers with that one', async () => {
    const { store, asked, sell } = await saleMint(true);
    store.set(B);
    const sale = sell();
    store.answer();
    await expect(sale).resolves.toEqual({ mintUrl: B, answer: `quote at ${B}` });
    expect(asked).toEqual([A, B]);
    // The next sale asks the new mint at once.
    const next = sell();
    store.answer();
    await expect(next).resolves.toMatchObject({ mintUrl: B });
    expect(asked).toEqual([A, B, B]);
  });

  it("drops the old mint's failure when the mint changed", async () => {
    const { store, mint } = await saleMint(true);
    store.set(B);
    const sale = mint.ask(async (url) => {
      if (url === A) throw new Error('a is down');
      return 'quote at b';
    });
    store.answer();
    await expect(sale).resolves.toEqual({ mintUrl: B, answer: 'quote at b' });
  });

  it("fails with the stored mint's failure", async () => {
    const { store, mint } = await saleMint(true);
    const sale = mint.ask(async () => {
      throw new Error('a is down');
    });
    store.answer();
    await expect(sale).rejects.toThrow('a is down');
  });

  it('fails when storage cannot be read, whatever the mint answered', async () => {
    let fail = false;
    const mint = new SaleMint(async () => {
      if (fail) throw new Error('storage broke');
      return A;
    });
    await mint.refresh();
    fail = true;
    await expect(mint.ask(async () => 'quote')).rejects.toThrow('storage broke');
  });
});
