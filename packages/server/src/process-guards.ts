import type { EventEmitter } from 'node:events';

/** What the guards log through (the app's pino logger). */
export interface GuardLog {
  error(details: Record<string, unknown>, message: string): void;
  fatal(details: Record<string, unknown>, message: string): void;
}

/**
 * The process's last line of defence (docs/operations.md "Supervising the process"):
 * - a promise nobody awaited failed: a bug to fix, but no reason to drop every shopper's request, so it
 *   is logged and the store keeps serving (Node's default would end the process);
 * - a throw nothing caught leaves the process in an unknown state: it stops taking requests, finishes
 *   those in flight and exits with 1, for its supervisor (systemd, the container runtime) to start a
 *   fresh one.
 */
export function installProcessGuards(
  target: Pick<EventEmitter, 'on'>,
  log: GuardLog,
  close: (reason: string, exitCode: number) => void,
): void {
  target.on('unhandledRejection', (reason: unknown) => {
    log.error({ err: reason }, 'unhandled promise rejection (the store keeps serving; please report it)');
  });
  target.on('uncaughtException', (error: unknown) => {
    log.fatal({ err: error }, 'uncaught exception; closing so the supervisor restarts the store');
    close('uncaught exception', 1);
  });
}
