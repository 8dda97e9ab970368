// The `npm run cli` entry point: one command line, its exit code as the process's.
import { runCli } from './run.js';

runCli(process.argv.slice(2), {
  env: process.env,
  out: { log: (text) => console.log(text), error: (text) => console.error(text), progress: process.stderr },
}).then((code) => process.exit(code));
