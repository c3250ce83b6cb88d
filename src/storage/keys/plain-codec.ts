// The secret codec of a till without a PIN: values are kept as they are.
import type { SecretCodec } from '../../core/lock';

/** Without a PIN: values are stored and read as they are; a sealed one needs the till lock. */
export const PLAIN_CODEC: SecretCodec = {
  protect: async (plain) => plain,
  reveal: () => Promise.reject(new Error('A sealed secret needs the till lock')),
};
