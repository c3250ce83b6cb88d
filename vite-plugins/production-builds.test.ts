// React Router's production build: the aliases point at files that exist and export what the
// development build does, and only client builds use them.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reactRouterProductionAliases, reactRouterProductionBuild } from './production-builds';

const root = new URL('..', import.meta.url);

describe('React Router production build', () => {
  it('maps react-router and react-router/dom to production files with the same exports', async () => {
    const aliases = reactRouterProductionAliases(root);
    expect(aliases.map((alias) => String(alias.find))).toEqual([
      String(/^react-router$/),
      String(/^react-router\/dom$/),
    ]);
    const bare = ['react-router', 'react-router/dom'];
    for (const [i, alias] of aliases.entries()) {
      expect(existsSync(alias.replacement)).toBe(true);
      expect(alias.replacement).toContain('/dist/production/');
      const production = (await import(alias.replacement)) as Record<string, unknown>;
      const development = (await import(bare[i]!)) as Record<string, unknown>;
      expect(Object.keys(production).sort()).toEqual(Object.keys(development).sort());
    }
  });

  it('applies to client builds only', () => {
    const { apply } = reactRouterProductionBuild(root);
    if (typeof apply !== 'function') throw new Error('apply is a function');
    const env = (command: 'build' | 'serve', isSsrBuild = false) =>
      ({ command, mode: 'production', isSsrBuild }) as Parameters<typeof apply>[1];
    expect(apply({}, env('build'))).toBe(true);
    expect(apply({}, env('build', true))).toBe(false);
    expect(apply({}, env('serve'))).toBe(false);
  });
});
