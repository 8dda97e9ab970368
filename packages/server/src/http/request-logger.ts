import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

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
