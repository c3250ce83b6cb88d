// Optional persistence of the dev relay's events to one JSON file (written whole, atomically).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Event } from '@nostr-relay/common';

// Bursts of publishes are coalesced into one write.
const SAVE_DELAY_MS = 100;

/** Reads the saved events; a missing file means an empty relay. */
export function loadEvents(file: string): Event[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error(`relay file ${file} does not hold a JSON array`);
  return parsed as Event[];
}

export type EventFileWriter = {
  /** Schedules a write of the current events. */
  schedule(): void;
  /** Writes now if a write is pending (called on close). */
  flush(): void;
};

export function createEventFileWriter(file: string, snapshot: () => Event[]): EventFileWriter {
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    mkdirSync(dirname(file), { recursive: true });
    // Write-then-rename so a crash mid-write never leaves a truncated file behind.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(snapshot()));
    renameSync(temporary, file);
  };
  return {
    schedule() {
      timer ??= setTimeout(write, SAVE_DELAY_MS);
    },
    flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      write();
    },
  };
}
