import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionLost } from '../../db/errors.js';
import {
  AppError,
  codeForStatus,
  invalidField,
  toErrorReply,
  ValidationFailed,
} from '../../lib/http/errors.js';
import { type SchemaError, violationsFromSchemaErrors } from '../../lib/http/validation.js';

/** How long a caller refused for a lost database connection is asked to wait before trying again. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Every failure leaves in the protocol's error form: Fastify's own validation and parsing errors are
 * translated first, so no reply ever carries Fastify's default error body.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { onDatabaseUnavailable?: () => void } = {},
): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const appError = fromFramework(error);
    if (appError !== error && appError instanceof AppError && appError.code === 'UNAVAILABLE')
      options.onDatabaseUnavailable?.();
    const mapped = toErrorReply(appError, request.id);
    // Back-off refusals and an unavailable service say when to come back (RFC 9110 Retry-After), as
    // well as in the body.
    const retryAfter = appError instanceof AppError ? appError.data.retryAfterSeconds : undefined;
    if ((mapped.status === 429 || mapped.status === 503) && typeof retryAfter === 'number')
      reply.header('retry-after', String(retryAfter));
    if (mapped.unexpected) request.log.error({ err: mapped.unexpected }, 'request failed');
    else if (mapped.status >= 500) request.log.warn({ err: error }, 'request refused by server condition');
    return reply.code(mapped.status).type('application/json; charset=utf-8').send(mapped.body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const mapped = toErrorReply(
      new AppError('NOT_FOUND', 'Not found', {
        status: 404,
        description: `There is no ${request.method} ${path}. The API reference is at /docs.`,
        data: { method: request.method, path },
      }),
      request.id,
    );
    return reply.code(404).send(mapped.body);
  });
}

/** Maps errors raised by Fastify itself (schema validation, body parsing, limits) onto AppErrors. */
function fromFramework(error: FastifyError | Error): unknown {
  if (error instanceof AppError) return error;
  if (isConnectionLost(error)) return databaseUnavailable(error);
  const fastifyError = error as FastifyError & { validation?: SchemaError[]; validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    const context = fastifyError.validationContext;
    const violations = violationsFromSchemaErrors(
      fastifyError.validation,
      context === 'headers' ? 'headers' : '',
    );
    return new ValidationFailed(violations);
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidField('body', 'FORMAT', 'must be a JSON object; check the request body is valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type', {
        status: 415,
        description: 'Send the request body as JSON with the header Content-Type: application/json.',
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body too large', {
        status: 413,
        description: 'The request body is over the size limit; send fewer items per request.',
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', 'Content-Length does not match the body', { status: 400 });
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(codeForStatus(status), error.message, { status });
  }
  return error;
}

/**
 * A statement cut by a lost database connection (a restart, a failover, a terminated backend, the
 * network) or a pool that could not connect in time: the store is briefly unavailable, not broken. Its
 * transaction was rolled back, unless the connection was lost while it committed.
 */
export function databaseUnavailable(cause: unknown): AppError {
  return new AppError('UNAVAILABLE', 'The store is briefly unavailable', {
    status: 503,
    description:
      'The store lost its connection to its database while handling this request. Try again in a few ' +
      'seconds; if the request changed something, check whether it took effect before repeating it.',
    data: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    cause,
  });
}

/**
 * Errors Fastify raises before a request reaches routing and hooks (malformed URLs, over-long path
 * segments): answered in the protocol's form too, with the request id header the hooks would have set.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const mapped =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('URI_TOO_LONG', 'Path segment too long', {
          status: 414,
          description:
            'A segment of the URL path is longer than 100 characters; ids are much shorter. Check the URL.',
        })
      : error.code === 'FST_ERR_BAD_URL'
        ? invalidField('path', 'FORMAT', 'is not a valid URL path; percent-encode special characters')
        : error;
  const reply_ = toErrorReply(mapped, request.id);
  if (reply_.unexpected) request.log.error({ err: error }, 'framework error');
  reply.header('x-wix-request-id', request.id).code(reply_.status).send(reply_.body);
}
