// The named chunks: what their roots reach and no screen loaded without them does, never the
// entry's modules, in the order the chunks are given.
import { describe, expect, it } from 'vitest';
import {
  routeChunkGroup,
  routeChunkNames,
  undeclaredExports,
  type ChunkingGraph,
} from './route-chunks.ts';

/** A graph from `id: [static imports, dynamic imports]`. */
function graphOf(modules: Record<string, [string[], string[]?]>): ChunkingGraph {
  return {
    getModuleInfo: (id) =>
      modules[id]
        ? { importedIds: modules[id][0], dynamicallyImportedIds: modules[id][1] ?? [] }
        : null,
  };
}

const graph = graphOf({
  main: [
    ['react', 'keypad'],
    ['startup', 'Wallet', 'Settings', 'Phrase', 'Display'],
  ],
  react: [[]],
  keypad: [['react', 'format']],
  format: [[]],
  startup: [['dexie', 'crypto', 'format'], ['confetti']],
  confetti: [[]],
  dexie: [[]],
  crypto: [[]],
  Wallet: [['react', 'dexie', 'history', 'modal', 'pin']],
  history: [['dexie']],
  modal: [[]],
  pin: [[]],
  Settings: [['pin', 'settingsForm']],
  settingsForm: [[]],
  Phrase: [['crypto']],
  Display: [['modal']],
});

const options = {
  entries: ['main'],
  chunks: {
    services: { roots: ['startup'], sharedWith: ['Wallet', 'Settings'] },
    wallet: { roots: ['Wallet'] },
    screens: { roots: ['Wallet', 'Settings'], minRoots: 2 },
  },
};

describe('routeChunkNames', () => {
  const names = routeChunkNames(graph, options);

  it('puts what the services reach, and the screens loaded with them share, in one chunk', () => {
    expect(names.get('startup')).toBe('services');
    expect(names.get('dexie')).toBe('services');
  });

  it('leaves a module a screen loaded without the services reaches too in a chunk of its own', () => {
    // The phrase screen (a new user's, before the services) needs the crypto library.
    expect(names.has('crypto')).toBe(false);
    // The customer display shares the modal with the wallet.
    expect(names.has('modal')).toBe(false);
  });

  it("never moves the entry's modules", () => {
    expect(names.has('react')).toBe(false);
    expect(names.has('format')).toBe(false);
    expect(names.has('keypad')).toBe(false);
  });

  it('gives a later chunk what only its roots reach, and what they share with minRoots', () => {
    expect(names.get('Wallet')).toBe('wallet');
    expect(names.get('history')).toBe('wallet');
    expect(names.get('pin')).toBe('screens');
    // Only the settings reach their form: it stays with them.
    expect(names.has('settingsForm')).toBe(false);
    expect(names.has('Settings')).toBe(false);
  });

  it('leaves what a dynamic import inside the services loads to its own chunk', () => {
    expect(names.has('confetti')).toBe(false);
  });
});

describe('routeChunkGroup', () => {
  it('resolves the paths against the root and names each module once per chunking pass', () => {
    const abs = (id: string) => `/repo/${id}`;
    const absolute = graphOf({
      [abs('main')]: [[], [abs('startup')]],
      [abs('startup')]: [[abs('dexie')]],
      [abs('dexie')]: [[]],
    });
    let reads = 0;
    const counted: ChunkingGraph = {
      getModuleInfo: (id) => {
        reads += 1;
        return absolute.getModuleInfo(id);
      },
    };
    const group = routeChunkGroup('/repo', {
      entries: ['main'],
      chunks: { services: { roots: ['startup'] } },
    });
    expect(group.name(abs('dexie'), counted)).toBe('services');
    const afterFirst = reads;
    expect(group.name(abs('startup'), counted)).toBe('services');
    expect(group.name(abs('main'), counted)).toBeNull();
    expect(reads).toBe(afterFirst);
  });
});

describe('undeclaredExports', () => {
  it('names a namespace object a chunk exports without declaring it', () => {
    const broken = 'import{n}from"./wallet.js";var a=1;export{a as n,WalletScreen_exports as t};';
    expect(undeclaredExports(broken)).toEqual(['WalletScreen_exports']);
  });

  it('passes a chunk that declares what it exports', () => {
    const fine = 'var Modal_exports={};export{Modal_exports as t};';
    expect(undeclaredExports(fine)).toEqual([]);
  });
});
