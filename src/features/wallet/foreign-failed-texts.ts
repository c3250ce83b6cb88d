// Texts of the card for ecash from other mints that could not be settled (docs/behaviour.md "Wallet").
export const FOREIGN_FAILED_TITLE = 'Ecash from other mints not settled';
export const FOREIGN_FAILED_NOTE = 'Not counted in your balance.';
export const HAND_BACK = 'Show token to hand back';
export const TRY_AGAIN = 'Try again';
export const TRYING = 'Trying…';
export const HAND_BACK_TITLE = 'Hand back to the customer';
export const HAND_BACK_TOKEN_LABEL = 'Customer’s ecash:';
export const HANDED_BACK = 'Handed back';
export const HANDED_BACK_DONE = 'Handed back. Your balance is unchanged.';
export const RETRY_LANDED = 'The payment arrived. The sale is recorded.';
export const fromMintText = (mint: string) => `from ${mint}`;
export const handBackNote = (mint: string) =>
  `Still good at ${mint}. The customer scans or pastes it into their wallet. Tap Handed back once they have it.`;
