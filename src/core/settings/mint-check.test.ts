// The mint check Settings runs before saving a new mint: the dev mint's name, or why not.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { devMintSuite } from '../../testing/wallet/dev-mint-suite';
import { MintUnreachableError } from '../errors';
import { checkMintInfo } from './mint-check';

const dev = devMintSuite({ fresh: true });

describe('checkMintInfo', () => {
  it("returns the mint's name from /v1/info, with or without a trailing slash", async () => {
    const info = await checkMintInfo(`${dev.mint.url}/`);
    expect(info.name.length).toBeGreaterThan(0);
    expect(await checkMintInfo(dev.mint.url)).toEqual(info);
  });

  it('says the address cannot be reached when nothing listens there', async () => {
    const error = await checkMintInfo('http://127.0.0.1:9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MintUnreachableError);
    expect((error as Error).message).toBe('the address cannot be reached');
  });

  it('says so when a web server that is not a mint answers', async () => {
    const server = createServer((_req, res) => res.writeHead(404).end('not found'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await expect(checkMintInfo(`http://127.0.0.1:${port}`)).rejects.toThrow(
        'the mint answered HTTP 404',
      );
    } finally {
      server.close();
    }
  });

  it('gives up after the timeout on a mint that hangs', async () => {
    dev.mint.addFault({ path: '/v1/info', delayMs: 2_000, count: 1 });
    await expect(checkMintInfo(dev.mint.url, { timeoutMs: 100 })).rejects.toThrow(
      'the mint did not answer within 1 s',
    );
    dev.mint.clearFaults();
  });
});
