// The soak's command line: `--seed N` (printed with every run, so a failure replays), `--ops N`
// (1,000 by default), `--verbose` (the app's warnings and errors as they happen).

export interface SoakArgs {
  seed: number | undefined;
  ops: number;
  verbose: boolean;
}

export const DEFAULT_OPS = 1_000;

/** Reads `--name value` and `--name=value`; throws with the usage on anything else. */
export function parseSoakArgs(argv: readonly string[]): SoakArgs {
  const args: SoakArgs = { seed: undefined, ops: DEFAULT_OPS, verbose: false };
  for (let i = 0; i < argv.length; i += 1) {
    const [name, inline] = (argv[i] ?? '').split('=', 2) as [string, string | undefined];
    const value = () => {
      const text = inline ?? argv[(i += 1)];
      const n = Number(text);
      if (text === undefined || !Number.isSafeInteger(n) || n < 0) {
        throw new Error(`${name} needs a whole number\n${USAGE}`);
      }
      return n;
    };
    if (name === '--seed') args.seed = value();
    else if (name === '--ops') args.ops = value();
    else if (name === '--verbose' && inline === undefined) args.verbose = true;
    else throw new Error(`unknown argument ${argv[i]}\n${USAGE}`);
  }
  if (args.ops < 1) throw new Error(`--ops must be at least 1\n${USAGE}`);
  return args;
}

export const USAGE = 'usage: npm run soak -- [--seed N] [--ops N] [--verbose]';
