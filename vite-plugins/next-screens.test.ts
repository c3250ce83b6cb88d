// The next screens' files: each module's chunk and its static imports, without what the first
// screen or start-up loads anyway, within the first screen's own gzip bytes.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firstScreenGzipBytes, nextScreenFiles } from './next-screens.ts';

/** A chunk of `size` random bytes (random so that gzip cannot shrink it much). */
function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[],
  size = 100,
  isEntry = false,
) {
  return {
    type: 'chunk' as const,
    fileName,
    isEntry,
    imports,
    moduleIds,
    code: randomBytes(size).toString('base64'),
  };
}

const bundle = {
  'index.js': chunk('index.js', ['/app/main.tsx'], ['react.js'], 4000, true),
  'react.js': chunk('react.js', ['/react'], [], 4000),
  'Mnemonic.js': chunk('Mnemonic.js', ['/app/Mnemonic.tsx'], ['react.js', 'phrase.js', 'big.js']),
  'phrase.js': chunk('phrase.js', ['/app/phrase.ts', '/app/wordlist.ts'], []),
  'big.js': chunk('big.js', ['/app/big.ts'], [], 20_000),
  'startup.js': chunk('startup.js', ['/app/startup.ts'], ['services.js']),
  'services.js': chunk('services.js', ['/app/services.ts'], []),
  'Wallet.js': chunk('Wallet.js', ['/app/Wallet.tsx'], ['services.js']),
  'style.css': { type: 'asset' as const },
};

describe('nextScreenFiles', () => {
  it("lists a module's chunk and its imports, not what the first screen has", () => {
    const { files } = nextScreenFiles(bundle, ['/app/Mnemonic.tsx'], 1_000_000);
    expect(files).toEqual(['Mnemonic.js', 'phrase.js', 'big.js']);
  });

  it('leaves out what start-up loads anyway', () => {
    const { files } = nextScreenFiles(bundle, ['/app/Wallet.tsx'], 1_000_000, ['/app/startup.ts']);
    expect(files).toEqual(['Wallet.js']);
  });

  it("stays within the first screen's own gzip bytes, leaving out what would pass them", () => {
    const budget = firstScreenGzipBytes(bundle);
    const { files, gzipBytes } = nextScreenFiles(bundle, ['/app/Mnemonic.tsx'], budget);
    expect(files).toEqual(['Mnemonic.js', 'phrase.js']);
    expect(gzipBytes).toBeLessThanOrEqual(budget);
  });

  it('fails the build when a module is in no chunk', () => {
    expect(() => nextScreenFiles(bundle, ['/app/gone.ts'], 1_000_000)).toThrow(/in no chunk/);
  });
});
