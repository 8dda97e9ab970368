import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/** What every CLI command receives: parsed arguments, configuration and an open database. */
export interface CommandContext {
  args: string[];
  options: Record<string, string | boolean | string[] | undefined>;
  config: Config;
  database: Database;
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
