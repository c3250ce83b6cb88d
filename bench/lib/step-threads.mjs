// The page's main-thread time between user-timing marks, read from a Chromium trace: thread time
// (CPU the renderer's main thread got), not wall clock, so other processes on a loaded machine
// move it far less than the in-page spans (docs/performance.md "Cart of 500 items").

const TOP = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/** The events of the renderer main thread of the process that made `firstMark`. */
function mainThread(events, firstMark) {
  const mark = events.find((e) => e.name === firstMark && e.cat?.includes('user_timing'));
  if (!mark) throw new Error(`mark ${firstMark} not in the trace`);
  const meta = events.find(
    (e) => e.name === 'thread_name' && e.pid === mark.pid && e.args?.name === 'CrRendererMain',
  );
  const tid = meta?.tid ?? mark.tid;
  return events.filter((e) => e.pid === mark.pid && e.tid === tid);
}

/**
 * Thread ms of the main thread's tasks in each step between consecutive `marks` (user-timing
 * names, in order): { [first mark name]: ms, ... } for every mark but the last. A task in which a
 * mark falls counts for the step that mark opens (a tap in an animation frame: that frame's style,
 * layout and paint are the tap's), except the last mark's task, whose part before the mark counts
 * (by its share of the task's wall time: the frame it goes on to draw is not in the step).
 */
export function stepThreadMs(events, marks) {
  const thread = mainThread(events, marks[0]);
  const at = marks.map((name) => {
    const e = thread.find((x) => x.name === name && x.cat?.includes('user_timing'));
    if (!e) throw new Error(`mark ${name} not in the trace`);
    return e.ts;
  });
  const tasks = thread.filter((e) => e.ph === 'X' && TOP.has(e.name)).sort((a, b) => a.ts - b.ts);
  // Top-level only: a RunTask inside another (nested loops) is counted in its parent.
  const top = [];
  let end = -Infinity;
  for (const task of tasks) {
    if (task.ts >= end) {
      top.push(task);
      end = task.ts + (task.dur ?? 0);
    }
  }
  const out = Object.fromEntries(marks.slice(0, -1).map((name) => [name, 0]));
  const last = at[at.length - 1];
  for (const task of top) {
    const taskEnd = task.ts + (task.dur ?? 0);
    const thread = task.tdur ?? task.dur ?? 0;
    if (taskEnd <= at[0] || task.ts >= last) continue;
    // The step of the latest mark at or before the task's end, or that a mark inside it opens.
    let step = 0;
    for (let i = 0; i < at.length - 1; i++) if (at[i] <= taskEnd) step = i;
    const share = taskEnd > last ? (last - task.ts) / (taskEnd - task.ts || 1) : 1;
    out[marks[step]] += thread * share;
  }
  for (const name of Object.keys(out)) out[name] = Math.round(out[name] / 100) / 10;
  return out;
}
