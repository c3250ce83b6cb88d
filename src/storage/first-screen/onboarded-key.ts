// The ONBOARDED row's name on its own: the early script's read (storage/first-screen/onboarded-flag.ts) is in
// the first visit's code, which must not carry the table of every row name (storage/database/key-names.ts).
export const ONBOARDED_KEY = 'ONBOARDED';
