import type { FastifyBaseLogger } from 'fastify';

/** Work that runs on a schedule inside the server process (subscription billing, identity prune). */
export interface PeriodicJob<Result = unknown> {
  readonly name: string;
  /** One run now; tests drive jobs with this. */
  runOnce(): Promise<Result>;
  /** Runs every `everyMs` until stopped (the first run after `everyMs`, not at start-up). */
  start(): void;
  /** Stops; a run in progress is finished first. */
  stop(): Promise<void>;
}

/**
 * A job that runs every `everyMs`. A run never overlaps the previous one; a failing run is logged and
 * the schedule goes on. Jobs must be safe with several processes running them at once (row locks).
 */
export function periodicJob<Result>(options: {
  name: string;
  everyMs: number;
  run: () => Promise<Result>;
  log?: FastifyBaseLogger;
}): PeriodicJob<Result> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  const tick = () => {
    running = options
      .run()
      .catch((error: unknown) =>
        options.log?.error({ err: error }, `${options.name} failed; it runs again later`),
      )
      .finally(() => {
        running = undefined;
        if (!stopped) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(tick, options.everyMs);
    timer.unref();
  };
  return {
    name: options.name,
    runOnce: options.run,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
