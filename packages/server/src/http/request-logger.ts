import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

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

/**
 * Fastify's request log lines, one per request: "request completed" (or "request errored") carries the
 * method, URL, status and time, so the "incoming request" line before it only doubled the output.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * The app's pino options: JSON lines, except for a developer watching a terminal (`npm run dev` with a TTY
 * on stdout), who gets pino-pretty's coloured lines. pino-pretty loads (in pino's worker) only then.
 */
export function appLoggerOptions(
  config: { env: string; logLevel: string },
  stdoutIsTty = Boolean(process.stdout.isTTY),
): NonNullable<FastifyServerOptions['logger']> {
  if (config.env !== 'development' || !stdoutIsTty) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: {
        translateTime: 'SYS:HH:MM:ss',
        // "GET /cart 200 12.5ms request completed", on one line; other lines keep their fields.
        messageFormat: '{if req.method}{req.method} {req.url} {res.statusCode} {responseTime}ms {end}{msg}',
        ignore: 'pid,hostname,req,res,responseTime',
        singleLine: true,
      },
    },
  };
}
