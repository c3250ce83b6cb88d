// The app's Logger: the one place in src/ that writes to the browser console.
import type { Logger } from '../../core/logger';

/* eslint-disable no-console -- this module IS the injected console logger; everything else logs through it */
export function createConsoleLogger(prefix = '[cashew]'): Logger {
  return {
    debug: (message, ...data) => console.debug(prefix, message, ...data),
    info: (message, ...data) => console.info(prefix, message, ...data),
    warn: (message, ...data) => console.warn(prefix, message, ...data),
    error: (message, ...data) => console.error(prefix, message, ...data),
  };
}
/* eslint-enable no-console */
