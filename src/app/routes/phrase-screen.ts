// The onboarding phrase screen's code: loaded by its route, and run ahead on the welcome once its
// files are prefetched and the welcome is idle (app/start-up/start.tsx; docs/performance.md "Taps").

export const loadPhraseScreen = () =>
  import('../../features/onboarding/MnemonicScreen').then((m) => m.MnemonicScreen);
