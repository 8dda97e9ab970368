import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/** Where a command prints: results on standard output, problems on standard error. */
export interface CommandOutput {
  log(text: string): void;
  error(text: string): void;
  /** Where long commands draw their progress (the terminal's stderr, beside stdout's results); none if absent. */
  progress?: NodeJS.WritableStream;
}

/** What every CLI command receives: parsed arguments, configuration, an open database and its output. */
export interface CommandContext {
  args: string[];
  options: Record<string, string | boolean | string[] | undefined>;
  config: Config;
  database: Database;
  out: CommandOutput;
}

export interface CommandGroup {
  /** First word on the command line, e.g. `apikeys`. */
  name: string;
  /** Usage lines shown by `npm run cli -- --help`. */
  usage: string[];
  /** Option names this group reads (all are `--name value` strings unless listed in `flags`). */
  options?: string[];
  /** Options that may be given several times (`--origin A --origin B`). */
  multiOptions?: string[];
  flags?: string[];
  run(command: string | undefined, context: CommandContext): Promise<void>;
}

/** A user mistake on the command line: printed with the usage, exit code 64. */
export class UsageError extends Error {}

/** Bad data in the user's input (e.g. rows of an import file): printed as is, exit code 65 (EX_DATAERR). */
export class DataError extends Error {}
