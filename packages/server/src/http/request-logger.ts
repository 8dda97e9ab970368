import type { FastifyBaseLogger } from 'fastify';

type Method = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/*
 * Each request's logger (request.log), made only when the request logs something at an enabled level.
 * Fastify makes a pino child per request to bind its id; at the production level (warn) almost no
 * request logs, and building that child (its bindings serialized to JSON) was a visible share of a
 * cached read. Lines that are written carry the same bindings and go through the same pino child.
 */
class DeferredChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  /** What each level method (trace … fatal, added below) does. */
  write(method: Method, args: unknown[]): void {
    // An unknown (custom) level name counts as enabled: pino decides.
    if ((LEVEL_VALUES[method] ?? 0) < (LEVEL_VALUES[this.level] ?? 0)) return;
    const logger = this.#logger();
    (logger[method] as (...line: unknown[]) => void).apply(logger, args);
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }
}

// One method per level, each writing through `write` (Fastify checks that a logger has them all).
const METHODS: readonly Method[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
for (const method of METHODS) {
  Object.defineProperty(DeferredChildLogger.prototype, method, {
    value(this: DeferredChildLogger, ...args: unknown[]) {
      this.write(method, args);
    },
  });
}

/** Fastify's `childLoggerFactory`. */
export const deferredChildLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger => new DeferredChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
