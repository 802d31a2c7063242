/** A mistake in how a command was called: its message and the usage go to stderr, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * Runs a command-line script's main function with the exit codes its usage text documents:
 * 0 done, 1 failed, 2 called wrongly (the usage is printed), or `codeOf(error)` for an error the
 * script names (a refusal).
 */
export function runCommand(
  usage: string,
  main: () => Promise<void>,
  codeOf: (error: unknown) => number | undefined = () => undefined,
): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof UsageError) {
        console.error(`${message}\n\n${usage}`);
        process.exit(2);
      }
      console.error(message);
      process.exit(codeOf(error) ?? 1);
    },
  );
}
