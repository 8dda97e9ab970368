// The error catalogue of spec §8: every failed call becomes exactly one of ValidationError, ApplicationError
// or SystemError. Unlike the public Wix SDK (wire-protocol.md §6), messages are plain sentences rather than
// pretty-printed JSON, the code is a real `code` property, and builder queries never report fields such as
// `undefined.paging.limit`: a field that no mapping covers keeps the server's name.

import { codeForStatus, statusText } from './http-status.js';

/** One broken field rule, as reported by the server (`details.validationError.fieldViolations[]`). */
export interface FieldViolation {
  /** The field in the caller's terms (after {@link ArgumentNames} mapping). */
  field: string;
  description: string;
  /** One of the rule types of spec §5 (MIN, MAX_LENGTH, REQUIRED_FIELD, …). */
  violatedRule: string;
  ruleName?: string;
  data?: Record<string, unknown>;
}

/**
 * Maps server field paths (request body paths) to the caller's argument paths, by prefix. A key matches a
 * field when the field equals it or continues it with `.` or `[`; the longest matching key wins.
 *
 * @example
 * ```ts
 * const names: ArgumentNames = { lineItems: 'options.lineItems' };
 * // server 'lineItems[0].quantity' → caller 'options.lineItems[0].quantity'
 * ```
 */
export type ArgumentNames = Readonly<Record<string, string>>;

interface ErrorOptions {
  status?: number | undefined;
  requestId?: string | undefined;
  cause?: unknown;
}

/**
 * Base class of every error the SDK throws for a failed call. `requestId` comes from the `x-wix-request-id`
 * response header and `status` is the HTTP status; both are `undefined` when there was no response.
 *
 * @example
 * ```ts
 * try { await request(); } catch (e) { if (e instanceof OpenshelfError) console.log(e.requestId); }
 * ```
 */
export class OpenshelfError extends Error {
  // Explicit names rather than `constructor.name`, which minifiers rename.
  override name = 'OpenshelfError';
  readonly status: number | undefined;
  readonly requestId: string | undefined;

  constructor(message: string, options: ErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.requestId = options.requestId;
  }
}

/**
 * The request broke field rules (spec §8 kind 1). The message lists every violation, sorted by field:
 * `INVALID_ARGUMENT: "options.lineItems[0].quantity" must be at least 1`.
 *
 * @example
 * ```ts
 * if (isValidationError(e)) for (const v of e.violations) showFieldError(v.field, v.description);
 * ```
 */
export class ValidationError extends OpenshelfError {
  override name = 'ValidationError';
  readonly code = 'INVALID_ARGUMENT';
  readonly violations: readonly FieldViolation[];

  constructor(
    violations: readonly FieldViolation[],
    options: ErrorOptions & { serverMessage?: string } = {},
  ) {
    const sorted = [...violations].sort((a, b) => compare(a.field, b.field));
    const listed = sorted.map((v) => `"${v.field}" ${v.description}`).join(', ');
    // With no violations listed there is nothing to quote, so the server's own sentence is the best detail.
    super(`INVALID_ARGUMENT: ${listed || options.serverMessage || 'the request is invalid'}`, options);
    this.violations = sorted;
  }
}

/**
 * A business failure the caller can act on (spec §8 kind 2): any `details.applicationError`, or any
 * 400–499 status. `code` is the server's code, else the status text in UPPER_SNAKE_CASE (`NOT_FOUND`,
 * `CLIENT_CLOSED_REQUEST`), else `UNKNOWN`.
 *
 * @example
 * ```ts
 * if (isApplicationError(e) && e.code === 'CHECKOUT_NOT_FOUND') startNewCheckout();
 * ```
 */
export class ApplicationError extends OpenshelfError {
  override name = 'ApplicationError';
  readonly code: string;
  readonly description: string | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(
    message: string,
    options: ErrorOptions & {
      code: string;
      description?: string | undefined;
      data?: Record<string, unknown>;
    },
  ) {
    super(
      options.description && options.description !== message ? `${message}: ${options.description}` : message,
      options,
    );
    this.code = options.code;
    this.description = options.description;
    this.data = options.data;
  }
}

/**
 * Anything else (spec §8 kind 3): network failures, 5xx without an application error, a 200 whose body is
 * not JSON, unexpected statuses. The message is `System error occurred` (plus `, request-id: …` when the
 * server sent one); the underlying failure is kept as `cause` for logs.
 *
 * @example
 * ```ts
 * if (isSystemError(e)) { console.error(e.message, e.cause); showRetryButton(); }
 * ```
 */
export class SystemError extends OpenshelfError {
  override name = 'SystemError';
  constructor(options: ErrorOptions = {}) {
    super(
      options.requestId ? `System error occurred, request-id: ${options.requestId}` : 'System error occurred',
      options,
    );
  }
}

/**
 * The OAuth token endpoint refused or failed. The message reads
 * `Failed to fetch tokens from OAuth API: <statusText>. request id: <id>. Response: <json>` and reaches the
 * caller of any module call unchanged (the public SDK loses it as `System error occurred: {}`).
 *
 * @example
 * ```ts
 * if (isTokenRequestError(e)) console.error(e.message, e.status);
 * ```
 */
export class TokenRequestError extends OpenshelfError {
  override name = 'TokenRequestError';
}

/**
 * A member's refresh token was rejected. The stored tokens were cleared; the app should ask the member to
 * log in again rather than continue as an anonymous visitor (the public SDK silently downgrades instead).
 *
 * @example
 * ```ts
 * if (isSessionExpiredError(e)) redirectToLogin();
 * ```
 */
export class SessionExpiredError extends OpenshelfError {
  override name = 'SessionExpiredError';
  constructor(options: ErrorOptions = {}) {
    super('Member session expired: the refresh token was rejected. Log in again.', options);
  }
}

/** @example `if (isValidationError(e)) e.violations` */
export function isValidationError(error: unknown): error is ValidationError {
  return error instanceof ValidationError;
}
/** @example `if (isApplicationError(e)) e.code` */
export function isApplicationError(error: unknown): error is ApplicationError {
  return error instanceof ApplicationError;
}
/** @example `if (isSystemError(e)) e.cause` */
export function isSystemError(error: unknown): error is SystemError {
  return error instanceof SystemError;
}
/** @example `if (isTokenRequestError(e)) e.status` */
export function isTokenRequestError(error: unknown): error is TokenRequestError {
  return error instanceof TokenRequestError;
}
/** @example `if (isSessionExpiredError(e)) redirectToLogin()` */
export function isSessionExpiredError(error: unknown): error is SessionExpiredError {
  return error instanceof SessionExpiredError;
}

/**
 * Rewrites a server field path into the caller's terms using the longest matching prefix; a field that no
 * key covers is returned unchanged (never `undefined.…`).
 *
 * @example
 * ```ts
 * mapFieldName('lineItems[0].quantity', { lineItems: 'options.lineItems' }); // 'options.lineItems[0].quantity'
 * ```
 */
export function mapFieldName(field: string, argumentNames: ArgumentNames | undefined): string {
  if (!argumentNames) return field;
  let best: string | undefined;
  for (const key of Object.keys(argumentNames)) {
    const next = field.charAt(key.length);
    const covers = field.startsWith(key) && (next === '' || next === '.' || next === '[');
    if (covers && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? field : argumentNames[best] + field.slice(best.length);
}

/**
 * Builds the error for a non-200 (or unusable) HTTP reply, following spec §8.
 *
 * @param body - the parsed JSON body, or `undefined` when it was empty or not JSON.
 * @example
 * ```ts
 * const err = errorFromResponse(404, 'Not Found', { message: 'Checkout not found' }, 'req-1');
 * err instanceof ApplicationError; // true, err.code === 'NOT_FOUND'
 * ```
 */
export function errorFromResponse(
  status: number,
  statusTextFromServer: string,
  body: unknown,
  requestId: string | undefined,
  argumentNames?: ArgumentNames,
): OpenshelfError {
  const reply = asRecord(body);
  const details = asRecord(reply?.details);
  const serverMessage = nonEmptyString(reply?.message);
  const options = { status, requestId };

  const validation = asRecord(details?.validationError);
  if (validation) {
    const raw = Array.isArray(validation.fieldViolations) ? validation.fieldViolations : [];
    const violations = raw.map((v) => toViolation(v, argumentNames));
    return new ValidationError(violations, { ...options, serverMessage });
  }

  const application = asRecord(details?.applicationError);
  if (application || (status >= 400 && status <= 499)) {
    const rawCode = application?.code;
    const description = nonEmptyString(application?.description);
    const message =
      serverMessage ??
      description ??
      nonEmptyString(statusTextFromServer) ??
      statusText(status) ??
      `HTTP ${status}`;
    return new ApplicationError(message, {
      ...options,
      code:
        typeof rawCode === 'string' || typeof rawCode === 'number' ? String(rawCode) : codeForStatus(status),
      description,
      data: asRecord(application?.data),
    });
  }

  // Keep what the server said for logs without putting it in the message (5xx bodies are not for users).
  const cause = new Error(
    `HTTP ${status} ${statusTextFromServer || statusText(status) || ''}`.trim() +
      (serverMessage ? `: ${serverMessage}` : ''),
  );
  return new SystemError({ ...options, cause });
}

function toViolation(value: unknown, argumentNames: ArgumentNames | undefined): FieldViolation {
  const v = asRecord(value) ?? {};
  const violation: FieldViolation = {
    field: mapFieldName(typeof v.field === 'string' ? v.field : '', argumentNames),
    description: typeof v.description === 'string' ? v.description : '',
    violatedRule: typeof v.violatedRule === 'string' ? v.violatedRule : 'OTHER',
  };
  if (typeof v.ruleName === 'string') violation.ruleName = v.ruleName;
  const data = asRecord(v.data);
  if (data) violation.data = data;
  return violation;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

// Code-unit order, so that the message is the same in every locale.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
