// Gives every other task a turn before background work goes on: the backlog of the merchant inbox.
interface BackgroundScheduler {
  postTask?: (callback: () => void, options: { priority: 'background' }) => Promise<void>;
}

/**
 * Resolves after the tasks waiting now had their turn: a background-priority task where the
 * browser has `scheduler.postTask` (network messages, input, timers and rendering go first), else
 * a macrotask. Not scheduler.yield: its continuation runs ahead of other tasks, which is the
 * opposite of what a backlog wants.
 */
export function yieldToOthers(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: BackgroundScheduler }).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(() => {}, { priority: 'background' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}
