import { STATUS_CODES } from 'node:http';

/** Rule types a field violation may report (spec §5 "Server rule types reported on violations"). */
export const VIOLATED_RULES = [
  'VALIDATION',
  'OTHER',
  'MAX',
  'MIN',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_SIZE',
  'MIN_SIZE',
  'FORMAT',
  'DECIMAL_LTE',
  'DECIMAL_GTE',
  'DECIMAL_LT',
  'DECIMAL_GT',
  'DECIMAL_MAX_SCALE',
  'INVALID_ENUM_VALUE',
  'REQUIRED_FIELD',
  'FIELD_NOT_ALLOWED',
  'ONE_OF_ALIGNMENT',
  'EXACT_LENGTH',
  'EXACT_SIZE',
] as const;
export type ViolatedRule = (typeof VIOLATED_RULES)[number];

export interface FieldViolation {
  /** Path in the caller's request, e.g. `lineItems[0].quantity`. */
  field: string;
  description: string;
  violatedRule: ViolatedRule;
  /** The name of the rule's subject (e.g. the property the bound applies to). */
  ruleName?: string;
  data?: Record<string, unknown>;
}

export interface AppErrorOptions {
  /** HTTP status; defaults by code family (see statusFor). */
  status?: number;
  /** Longer explanation; the client shows `message: description`. */
  description?: string;
  data?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The one error type services throw. `code` is stable and machine-readable (UPPER_SNAKE_CASE, or the
 * numeric strings the identity protocol requires); `message` is for people and says what to do next.
 */
export class AppError extends Error {
  readonly status: number;
  readonly description: string;
  readonly data: Record<string, unknown>;

  constructor(
    readonly code: string,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? statusFor(code);
    this.description = options.description ?? message;
    this.data = options.data ?? {};
  }
}

/** A request that broke one or more field rules: always 400 with `validationError.fieldViolations`. */
export class ValidationFailed extends AppError {
  readonly violations: FieldViolation[];

  constructor(violations: FieldViolation[]) {
    const sorted = [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    super('INVALID_ARGUMENT', describeViolations(sorted), { status: 400 });
    this.name = 'ValidationFailed';
    this.violations = sorted;
  }
}

/** Shorthand for a single bad field. */
export function invalidField(
  field: string,
  violatedRule: ViolatedRule,
  description: string,
  data?: Record<string, unknown>,
): ValidationFailed {
  return new ValidationFailed([{ field, violatedRule, description, ...(data ? { data } : {}) }]);
}

export function notFound(entity: string, id: string, data: Record<string, unknown> = {}): AppError {
  const code = `${entity.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}_NOT_FOUND`;
  const label = entity.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return new AppError(code, `${capitalize(label)} not found`, {
    status: 404,
    description: `No ${label} has id "${id}". Check the id, or list ${label}s to find it.`,
    data: { [`${entity.charAt(0).toLowerCase()}${entity.slice(1)}Id`]: id, ...data },
  });
}

export function describeViolations(violations: FieldViolation[]): string {
  return `INVALID_ARGUMENT: ${violations.map((v) => `"${v.field}" ${v.description}`).join(', ')}`;
}

const STATUS_BY_SUFFIX: [RegExp, number][] = [
  [/NOT_FOUND$/, 404],
  [/^(UNAUTHENTICATED|INVALID_TOKEN|TOKEN_EXPIRED)$/, 401],
  [/^(FORBIDDEN|PERMISSION_DENIED)$/, 403],
  [/(ALREADY_EXISTS|CONFLICT|ALREADY_COMPLETED)$/, 409],
  [/^(RATE_LIMITED|TOO_MANY_REQUESTS)$/, 429],
  [/^UNAVAILABLE$/, 503],
  [/^INTERNAL$/, 500],
];

function statusFor(code: string): number {
  for (const [pattern, status] of STATUS_BY_SUFFIX) if (pattern.test(code)) return status;
  return 400;
}

/** UPPER_SNAKE_CASE of an HTTP status text: 404 → NOT_FOUND, 499 → CLIENT_CLOSED_REQUEST. */
export function codeForStatus(status: number): string {
  const text = status === 499 ? 'Client Closed Request' : STATUS_CODES[status];
  return text ? text.toUpperCase().replace(/[^A-Z0-9]+/g, '_') : 'UNKNOWN';
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------------
// The one mapper from any thrown value to the protocol's error reply (wire-protocol.md §6.2).

export interface ErrorReply {
  status: number;
  body: {
    message: string;
    details: {
      validationError?: { fieldViolations: FieldViolation[] };
      applicationError?: { code: string; description: string; data: Record<string, unknown> };
    };
  };
  /** Set for failures that are ours (5xx): they are logged with the request id, never shown. */
  unexpected?: unknown;
}

export function toErrorReply(error: unknown, requestId: string): ErrorReply {
  if (error instanceof ValidationFailed) {
    return {
      status: 400,
      body: { message: error.message, details: { validationError: { fieldViolations: error.violations } } },
    };
  }
  if (error instanceof AppError && error.status < 500) {
    return {
      status: error.status,
      body: {
        message: error.message,
        details: { applicationError: { code: error.code, description: error.description, data: error.data } },
      },
    };
  }
  if (error instanceof AppError) {
    // Server-side AppErrors (e.g. UNAVAILABLE) keep their code and message, which are written for people.
    return {
      status: error.status,
      body: {
        message: error.message,
        details: {
          applicationError: {
            code: error.code,
            description: `${error.description} Quote request id ${requestId} if you report this.`,
            // Only what says when to come back leaves with a server-side error's data.
            data: {
              requestId,
              ...(typeof error.data.retryAfterSeconds === 'number'
                ? { retryAfterSeconds: error.data.retryAfterSeconds }
                : {}),
            },
          },
        },
      },
      unexpected: error.status >= 500 && error.code === 'INTERNAL' ? error : undefined,
    };
  }
  return {
    status: 500,
    body: {
      message: 'Internal error',
      details: {
        applicationError: {
          code: 'INTERNAL',
          description: `The server failed while handling this request. Retry later; quote request id ${requestId} if it persists.`,
          data: { requestId },
        },
      },
    },
    unexpected: error,
  };
}
