// A Playwright reporter that says where the e2e suite's time goes: every step's time, summed by the
// line that called it (a helper's or a spec's), with the runner's own CPU (it hosts the dev mint,
// relay and preview server) and how busy the machine was. Usage (docs/performance.md "Test suite time"):
//   CI=true npx playwright test --reporter=list,./bench/e2e-steps.mjs
// It prints the largest callers at the end and writes every test's steps to test-results/e2e-steps.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

const OUT = process.env.E2E_STEPS_OUT ?? 'test-results/e2e-steps.json';

/** Idle and total jiffies of all cores, from /proc/stat (Linux). */
function machineCpu() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1);
    const numbers = fields.map(Number);
    return { idle: numbers[3] + numbers[4], total: numbers.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}

export default class E2eSteps {
  tests = [];

  onBegin(config) {
    this.root = config.rootDir;
    this.started = Date.now();
  }

  onTestBegin() {
    if (this.firstTest) return;
    this.firstTest = Date.now();
    this.cpu = process.cpuUsage();
    this.machine = machineCpu();
  }

  onTestEnd(test, result) {
    const steps = [];
    const walk = (step, depth) => {
      const at = step.location
        ? `${relative(this.root, step.location.file)}:${step.location.line}`
        : '';
      steps.push({ depth, category: step.category, title: step.title, at, ms: step.duration });
      for (const child of step.steps) walk(child, depth + 1);
    };
    for (const step of result.steps) walk(step, 0);
    const file = relative(this.root, test.location.file);
    this.tests.push({
      file,
      line: test.location.line,
      title: test.title,
      ms: result.duration,
      steps,
    });
  }

  onEnd() {
    const cpu = process.cpuUsage(this.cpu);
    const before = this.machine;
    const after = machineCpu();
    const summary = {
      wallMs: Date.now() - this.started,
      setupMs: (this.firstTest ?? Date.now()) - this.started,
      testMs: this.tests.reduce((sum, t) => sum + t.ms, 0),
      runnerCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      machineBusy:
        before && after ? 1 - (after.idle - before.idle) / (after.total - before.total) : undefined,
      loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    };
    const byCaller = new Map();
    for (const test of this.tests) {
      for (const step of test.steps) {
        if (step.category !== 'pw:api' && step.category !== 'expect') continue;
        const key = step.at.replace(/^.*node_modules\//, '');
        const [ms, calls] = byCaller.get(key) ?? [0, 0];
        byCaller.set(key, [ms + step.ms, calls + 1]);
      }
    }
    const callers = [...byCaller].sort((a, b) => b[1][0] - a[1][0]).slice(0, 30);
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, JSON.stringify({ summary, tests: this.tests }, null, 1));
    console.log(`\ne2e steps: ${JSON.stringify(summary)}`);
    console.log('seconds  calls  caller');
    for (const [at, [ms, calls]] of callers) {
      console.log(`${(ms / 1000).toFixed(1).padStart(7)}  ${String(calls).padStart(5)}  ${at}`);
    }
    console.log(`every step: ${OUT}`);
  }

  printsToStdio() {
    return true;
  }
}
