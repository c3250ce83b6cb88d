// BC-UR constants kept apart from ur-parts.ts so importing them does not pull in the encoder.
export const UR_FRAGMENT_LENGTH = 200;
