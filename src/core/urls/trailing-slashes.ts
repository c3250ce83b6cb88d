// Trailing slashes off a URL or a path: the one place they are trimmed (lint keeps it so), in a
// module of its own so the first screen's early script can use it without the URL rules.

/** The value without its trailing slashes ('https://mint.example/' → 'https://mint.example'). */
export function withoutTrailingSlashes(value: string): string {
  return value.replace(/\/+$/u, '');
}
