/** What a subcommand talks to: the terminal's streams and the environment (tests pass in-memory ones). */

export interface CliWriter {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: CliWriter;
  stderr: CliWriter;
  env: Record<string, string | undefined>;
  /** Standard input, for commands that read it (`citable logs -`); the process's own when absent. */
  stdin?: import('node:stream').Readable;
}

/** A subcommand module. Exit codes: 0 success, 1 a check failed (e.g. --fail-under), 2 usage or input error. */
export interface CliCommand {
  run(args: string[], io: CliIo): Promise<number>;
}
