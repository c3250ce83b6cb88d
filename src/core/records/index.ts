// Records a shop keeps: the history as CSV and the day summary (docs/behaviour.md "Records").
export * from './csv';
export * from './day-summary';
export * from './export';
export * from './local-day';
export * from './types';
