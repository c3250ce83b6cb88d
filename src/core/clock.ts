// The clock every service is given (unix ms), so tests move time by hand.

/** Milliseconds since the epoch; injected so tests control time. */
export type Clock = () => number;
