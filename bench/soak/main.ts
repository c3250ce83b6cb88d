// `npm run soak`: randomised operations with a fault before each against the dev stack, then the
// end check; prints one JSON summary on stdout (progress on stderr) and exits 1 on any mismatch.
import './node-globals.ts';
import { parseSoakArgs } from './args.ts';
import { freshSeed } from './random.ts';

const args = parseSoakArgs(process.argv.slice(2));
// A browser logs an error nobody caught (a rejected promise nobody awaited, a throw in an event
// handler) and goes on; so does the soak, counting them.
const unhandled: string[] = [];
const keep = (reason: unknown) => {
  unhandled.push(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason));
};
process.on('unhandledRejection', keep);
process.on('uncaughtException', keep);
const seed = args.seed ?? freshSeed();
process.stderr.write(`[soak] seed ${seed}, ${args.ops} operations\n`);
// The app's modules load after the globals they expect are in place.
const { runSoak } = await import('./soak.ts');
const summary = await runSoak({
  seed,
  ops: args.ops,
  verbose: args.verbose,
  progress: (line) => process.stderr.write(`[soak] ${line}\n`),
});
process.stdout.write(
  `${JSON.stringify({ ...summary, unhandledRejections: unhandled.length, firstUnhandled: unhandled.slice(0, 5) }, null, 2)}\n`,
);
if (!summary.ok) {
  process.stderr.write(
    `[soak] ${summary.failures.length} mismatch(es); replay: npm run soak -- --seed ${seed} --ops ${args.ops}\n`,
  );
}
process.exit(summary.ok ? 0 : 1);
