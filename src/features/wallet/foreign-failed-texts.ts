// Texts of the card for ecash from other mints that could not be settled (docs/behaviour.md "Wallet").
export const FOREIGN_FAILED_TITLE = 'Ecash from other mints not settled';
export const fromMintText = (mint: string) => `from ${mint}`;
export const handBackNote = (mint: string) =>
  `Still good at ${mint}. The customer scans or pastes it into their wallet. Tap Handed back once they have it.`;
