// NIP-06's first 12-word test vector, for the tests that need a known phrase and its keys.
export const NIP06_PHRASE =
  'leader monkey parrot ring guide accident before fence cannon height naive bean';
export const NIP06_SECRET_HEX = '7f7ff03d123792d6ac594bfa67bf6d0c0ab55b6b1fdb6249303fe861f1ccba9a';
export const NIP06_NPUB = 'npub1zutzeysacnf9rru6zqwmxd54mud0k44tst6l70ja5mhv8jjumytsd2x7nu';
