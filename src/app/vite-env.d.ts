// Types of the build-time env variables the app reads (see src/app/start-up/env.ts), and of the service
// worker registration module vite-plugin-pwa provides (src/app/start-up/register-sw.ts).
/// <reference types="vite-plugin-pwa/client" />
interface ImportMetaEnv {
  readonly VITE_DEFAULT_MINT_URL?: string;
  readonly VITE_DEFAULT_RELAYS?: string;
  readonly VITE_DISCOVERY_RELAYS?: string;
  readonly VITE_AUDITOR_URL?: string;
  readonly VITE_PRICE_URL?: string;
}
