import type { FastifyBaseLogger } from 'fastify';

/** The optional services a store may use besides its database (docs/operations.md "When a dependency fails"). */
export type OptionalService = 'redis' | 'nats' | 'smtp';

export interface ServiceState {
  up: boolean;
  /** When it last changed (or was first reported). */
  since: Date;
  /** What the last failure said, when it is down. */
  error?: string;
  /** What the store does meanwhile, for the log and /readyz. */
  meanwhile?: string;
}

/**
 * Whether each configured optional service answers, as its client last saw it. The clients report; a change
 * is logged once (not on every failed command), and /readyz shows the services that are down as
 * `degraded`: the store keeps serving without them. One per app, held in its context.
 */
export class ServiceHealth {
  private readonly states = new Map<OptionalService, ServiceState>();

  constructor(
    private readonly log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The service answered: logged when it was down before. */
  up(service: OptionalService): void {
    const previous = this.states.get(service);
    if (previous?.up) return;
    this.states.set(service, { up: true, since: this.clock() });
    if (previous) this.log?.info({ service }, `${service} is reachable again`);
  }

  /** The service failed to answer: logged once, with what the store does until it answers again. */
  down(service: OptionalService, error: unknown, meanwhile: string): void {
    const previous = this.states.get(service);
    if (previous && !previous.up) return;
    const message = error instanceof Error ? error.message : String(error);
    this.states.set(service, { up: false, since: this.clock(), error: message, meanwhile });
    this.log?.warn({ service, error: message }, `${service} is unreachable: ${meanwhile}`);
  }

  isUp(service: OptionalService): boolean {
    return this.states.get(service)?.up !== false;
  }

  /** Every service reported so far, by name. */
  snapshot(): Partial<Record<OptionalService, ServiceState>> {
    return Object.fromEntries(this.states);
  }

  /** The services that are down, as /readyz lists them. */
  degraded(): { service: OptionalService; since: string; error?: string; meanwhile?: string }[] {
    return [...this.states]
      .filter(([, state]) => !state.up)
      .map(([service, state]) => ({
        service,
        since: state.since.toISOString(),
        ...(state.error ? { error: state.error } : {}),
        ...(state.meanwhile ? { meanwhile: state.meanwhile } : {}),
      }));
  }
}
