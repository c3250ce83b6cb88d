// What a Dexie store stamping its writes holds: the database and the clock of each write's time.
import type { Clock } from '../../core/clock';
import type { CashewDb } from './db';

export abstract class ClockedStore {
  constructor(
    protected readonly db: CashewDb,
    protected readonly clock: Clock,
  ) {}
}
