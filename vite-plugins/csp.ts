// The Content-Security-Policy of the production build, as a <meta> tag first in the head
// (docs/security.md "A hardened page"; the README's hosting note lists the headers a meta tag
// cannot carry).
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** Hosts a build for this machine talks to over plain http/ws (the dev mint, relay, lnurl, prices). */
export const LOOPBACK_SOURCES = [
  'http://127.0.0.1:*',
  'ws://127.0.0.1:*',
  'http://localhost:*',
  'ws://localhost:*',
];

/** .onion mints and relays may use plain http/ws (core/urls/normalise-url.ts). */
const ONION_SOURCES = ['http://*.onion', 'http://*.onion:*', 'ws://*.onion', 'ws://*.onion:*'];

/**
 * The policy. No inline or eval'd script at all: every script is a file of this origin (the
 * early ONBOARDED read included, see first-load.ts); WebAssembly may compile, for the QR reader's
 * polyfill, a .wasm of this origin too (decision 0069). Styles allow inline because react-toastify
 * injects its stylesheet as a <style> element; a style cannot run code. Network: this origin, any
 * https/wss mint or relay, .onion, and loopback only when `loopback` (a build for this machine).
 */
export function contentSecurityPolicy(loopback: boolean): string {
  const connect = ["'self'", 'https:', 'wss:', ...ONION_SOURCES];
  if (loopback) connect.push(...LOOPBACK_SOURCES);
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    // canvas-confetti draws in a worker it builds from a blob: URL.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

function isLoopbackUrl(value: string): boolean {
  try {
    const { hostname } = new URL(value);
    return hostname === 'localhost' || /^127(\.\d{1,3}){3}$/.test(hostname);
  } catch {
    return false;
  }
}

/**
 * Adds the policy to the built index.html. Loopback sources are added when the build is not in
 * production mode, or when its default mint or relays are on loopback (the dev stack's build for
 * the e2e suite and the bench); a build for the public defaults gets none.
 */
export function cspMetaTag(): Plugin {
  let loopback = false;
  return {
    name: 'cashew-csp',
    apply: 'build',
    configResolved(config) {
      const env = config.env as Record<string, string | undefined>;
      const defaults = [env.VITE_DEFAULT_MINT_URL ?? '', env.VITE_DEFAULT_RELAYS ?? ''];
      let relays: unknown = [];
      try {
        relays = JSON.parse(env.VITE_DEFAULT_RELAYS ?? '[]');
      } catch {
        relays = [];
      }
      if (Array.isArray(relays)) defaults.push(...relays.map(String));
      loopback = config.mode !== 'production' || defaults.some(isLoopbackUrl);
    },
    transformIndexHtml: {
      order: 'post',
      handler(): HtmlTagDescriptor[] {
        return [
          {
            tag: 'meta',
            attrs: {
              'http-equiv': 'Content-Security-Policy',
              content: contentSecurityPolicy(loopback),
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
