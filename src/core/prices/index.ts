// The price source and fiat conversion (docs/protocol.md "Price source").
export * from './convert';
export * from './currencies';
export * from './errors';
export * from './price-reply';
export * from './price-service';
