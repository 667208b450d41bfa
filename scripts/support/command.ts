import { ConfigError } from '../../src/server/config.ts';

/** A reason the command will not run, told to the operator in one line (no stack). */
export class Refusal extends Error {}

/**
 * Runs an operator command with its arguments: exit 0 when it is done; a refusal, a wrong
 * setting or one of `expected` prints its sentence and exits 1; anything else prints the error.
 */
export function runCommand(
  main: (args: string[]) => Promise<void>,
  failure: string,
  expected: (new (...args: never[]) => Error)[] = [],
) {
  // Like the server: what the command writes into DATA_DIR is the shop's user's alone.
  process.umask(0o077);
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (err: unknown) => {
      const known = [Refusal, ConfigError, ...expected].some((kind) => err instanceof kind);
      if (known) console.error((err as Error).message);
      else console.error(`${failure}:`, err);
      process.exit(1);
    },
  );
}
