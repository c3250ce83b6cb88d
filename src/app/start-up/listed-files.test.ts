// @vitest-environment happy-dom
// Reading a file list the build put in a meta tag: only a listed key's strings, nothing from a bad tag.
import { afterEach, describe, expect, it } from 'vitest';
import { listedFiles } from './listed-files';

function listTag(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'cashew-files';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => document.head.replaceChildren());

describe('listedFiles', () => {
  it("reads a key's files, and only its strings", () => {
    listTag(JSON.stringify({ '/wallet': ['/assets/a.js', 7, '/assets/b.js'], '/x': [] }));
    expect(listedFiles(document, 'cashew-files', '/wallet')).toEqual([
      '/assets/a.js',
      '/assets/b.js',
    ]);
    expect(listedFiles(document, 'cashew-files', '/x')).toEqual([]);
  });

  it('lists nothing for a missing key, an inherited one or a value that is no list', () => {
    listTag(JSON.stringify({ '/wallet': '/assets/a.js' }));
    for (const key of ['/settings', 'toString', '__proto__', 'constructor', '/wallet']) {
      expect(listedFiles(document, 'cashew-files', key)).toEqual([]);
    }
  });

  it('lists nothing without the tag, or with one that is not JSON', () => {
    expect(listedFiles(document, 'cashew-files', '/wallet')).toEqual([]);
    listTag('{not json');
    expect(listedFiles(document, 'cashew-files', '/wallet')).toEqual([]);
  });
});
