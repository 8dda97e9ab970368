import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, describeViolations, ValidationFailed } from '../../lib/http/errors.js';
import { type SchemaError, violationsFromSchemaErrors } from '../../lib/http/validation.js';
import type { BrowserReply } from './oauth/authorize.pages.js';
import type { FlowOrigin } from './sign-in/auth-flow.service.js';

/** Edge helpers shared by the identity routes. */

/** The visitor (cart) and network address a sign-in flow starts from. */
export function originOf(request: FastifyRequest): FlowOrigin {
  const caller = request.caller;
  const visitorId = caller.kind === 'visitor' || caller.kind === 'member' ? caller.visitorId : undefined;
  return { ip: request.ip, ...(visitorId ? { visitorId } : {}) };
}

/** A redirect (302) or an HTML page, as the browser-facing OAuth endpoints answer. */
export function sendBrowserReply(reply: FastifyReply, result: BrowserReply): FastifyReply {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  if ('redirect' in result) return reply.redirect(result.redirect, 302);
  return reply
    .code(result.status)
    .header('content-security-policy', result.csp)
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(result.html);
}

/**
 * The public client reads `violation.data.type` on every field violation of a register reply and fails
 * on one without `data`; schema violations are re-thrown with `data` always present.
 */
export function schemaViolationsWithData(request: FastifyRequest): void {
  const error = request.validationError as (FastifyError & { validation?: SchemaError[] }) | undefined;
  if (!error?.validation) return;
  const violations = violationsFromSchemaErrors(error.validation).map((v) => ({ ...v, data: v.data ?? {} }));
  throw new ValidationFailed(violations);
}

/**
 * The public client reads only `applicationError.code` on a failed login (a validation error makes it
 * crash), so login input problems are application errors naming the fields.
 */
export function schemaViolationsAsApplicationError(request: FastifyRequest): void {
  const error = request.validationError as (FastifyError & { validation?: SchemaError[] }) | undefined;
  if (!error?.validation) return;
  const violations = violationsFromSchemaErrors(error.validation);
  throw new AppError('INVALID_ARGUMENT', describeViolations(violations), {
    status: 400,
    data: { fieldViolations: violations },
  });
}
