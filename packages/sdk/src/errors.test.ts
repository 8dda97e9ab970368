import { describe, expect, it } from 'vitest';
import { ApplicationError, errorFromResponse, SystemError, ValidationError } from './errors.js';

// Errors made from the server's replies. The classes, their guards and field-name mapping: error-classes.test.ts.

const violation = (field: string, description: string, extra: Record<string, unknown> = {}) => ({
  field,
  description,
  violatedRule: 'MIN',
  ...extra,
});
const validationBody = (...fieldViolations: unknown[]) => ({
  message: 'ignored by the client',
  details: { validationError: { fieldViolations } },
});

describe('errorFromResponse: validation errors', () => {
  it('builds INVALID_ARGUMENT with the mapped field, and keeps status and request id', () => {
    const body = validationBody(
      violation('lineItems[0].quantity', 'must be at least 1', {
        ruleName: 'quantity',
        data: { threshold: 1 },
      }),
    );
    const error = errorFromResponse(400, 'Bad Request', body, 'req-1', { lineItems: 'options.lineItems' });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('INVALID_ARGUMENT: "options.lineItems[0].quantity" must be at least 1');
    expect(error.status).toBe(400);
    expect(error.requestId).toBe('req-1');
    expect((error as ValidationError).code).toBe('INVALID_ARGUMENT');
    expect((error as ValidationError).violations).toEqual([
      {
        field: 'options.lineItems[0].quantity',
        description: 'must be at least 1',
        violatedRule: 'MIN',
        ruleName: 'quantity',
        data: { threshold: 1 },
      },
    ]);
  });

  it('sorts violations by (mapped) field and joins them with ", "', () => {
    const body = validationBody(
      violation('password', 'is too short'),
      violation('id', 'is required'),
      violation('email', 'is not an e-mail'),
    );
    const error = errorFromResponse(400, '', body, undefined, { id: '_id' }) as ValidationError;
    expect(error.message).toBe(
      'INVALID_ARGUMENT: "_id" is required, "email" is not an e-mail, "password" is too short',
    );
    expect(error.violations.map((v) => v.field)).toEqual(['_id', 'email', 'password']);
  });

  it('keeps unmapped field names (never "undefined.paging.limit")', () => {
    const error = errorFromResponse(
      400,
      '',
      validationBody(violation('query.paging.limit', 'must be at most 100')),
      'r',
    );
    expect(error.message).toBe('INVALID_ARGUMENT: "query.paging.limit" must be at most 100');
  });

  it('falls back to the server message when there are no violations', () => {
    const error = errorFromResponse(
      400,
      '',
      { message: 'Bad filter', details: { validationError: {} } },
      'r',
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('INVALID_ARGUMENT: Bad filter');
  });

  it('defaults missing violation fields instead of crashing', () => {
    const error = errorFromResponse(400, '', validationBody({ field: 'x' }), undefined) as ValidationError;
    expect(error.violations).toEqual([{ field: 'x', description: '', violatedRule: 'OTHER' }]);
  });

  it('prefers the validation error when a body has both kinds', () => {
    const body = {
      message: 'm',
      details: {
        validationError: { fieldViolations: [violation('a', 'b')] },
        applicationError: { code: 'X' },
      },
    };
    expect(errorFromResponse(400, '', body, undefined)).toBeInstanceOf(ValidationError);
  });
});

describe('errorFromResponse: application errors', () => {
  const appBody = (applicationError: Record<string, unknown>, message = 'Checkout not found') => ({
    message,
    details: { applicationError },
  });

  it.each([
    {
      name: '404 with description different from message',
      status: 404,
      body: appBody({
        code: 'CHECKOUT_NOT_FOUND',
        description: 'Checkout with id missing not found',
        data: { checkoutId: 'missing' },
      }),
      message: 'Checkout not found: Checkout with id missing not found',
      code: 'CHECKOUT_NOT_FOUND',
      data: { checkoutId: 'missing' },
    },
    {
      name: 'description equal to the message collapses',
      status: 409,
      body: appBody({ code: 'CHECKOUT_ALREADY_COMPLETED', description: 'Done' }, 'Done'),
      message: 'Done',
      code: 'CHECKOUT_ALREADY_COMPLETED',
      data: undefined,
    },
    {
      name: '503 with an application error stays an application error',
      status: 503,
      body: appBody({ code: 'UNAVAILABLE', description: 'Try later' }, 'Unavailable'),
      message: 'Unavailable: Try later',
      code: 'UNAVAILABLE',
      data: undefined,
    },
    {
      name: 'numeric identity codes become strings',
      status: 409,
      body: appBody({ code: -19995 }, 'Email exists'),
      message: 'Email exists',
      code: '-19995',
      data: undefined,
    },
    {
      name: 'application error without code takes the status code',
      status: 403,
      body: appBody({ description: 'No access' }, 'Forbidden!'),
      message: 'Forbidden!: No access',
      code: 'FORBIDDEN',
      data: undefined,
    },
    {
      name: 'application error without message uses its description',
      status: 404,
      body: { details: { applicationError: { code: 'X', description: 'Only description' } } },
      message: 'Only description',
      code: 'X',
      data: undefined,
    },
  ])('$name', ({ status, body, message, code, data }) => {
    const error = errorFromResponse(status, 'ignored', body, 'req-12345');
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error.message).toBe(message);
    expect((error as ApplicationError).code).toBe(code);
    expect((error as ApplicationError).data).toEqual(data);
    expect(error.status).toBe(status);
    expect(error.requestId).toBe('req-12345');
  });

  it.each([
    [400, 'Bad Request', 'BAD_REQUEST'],
    [401, 'Unauthorized', 'UNAUTHORIZED'],
    [404, 'Not Found', 'NOT_FOUND'],
    [405, 'Method Not Allowed', 'METHOD_NOT_ALLOWED'],
    [409, 'Conflict', 'CONFLICT'],
    [422, 'Unprocessable Entity', 'UNPROCESSABLE_ENTITY'],
    [429, 'Too Many Requests', 'TOO_MANY_REQUESTS'],
    [499, 'Client Closed Request', 'CLIENT_CLOSED_REQUEST'],
    [420, 'HTTP 420', 'UNKNOWN'],
    [498, 'HTTP 498', 'UNKNOWN'],
  ])('status %i with an empty body → message %j, code %s', (status, message, code) => {
    const error = errorFromResponse(status, '', undefined, undefined);
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error.message).toBe(message);
    expect((error as ApplicationError).code).toBe(code);
  });

  it('uses the server message of a 4xx without details, code from the status', () => {
    const error = errorFromResponse(
      404,
      'Not Found',
      { message: 'No such product' },
      'r-1',
    ) as ApplicationError;
    expect(error.message).toBe('No such product');
    expect(error.code).toBe('NOT_FOUND');
  });

  it("uses the server's status text when it has no standard one", () => {
    const error = errorFromResponse(420, 'Enhance Your Calm', undefined, undefined) as ApplicationError;
    expect(error.message).toBe('Enhance Your Calm');
    expect(error.code).toBe('UNKNOWN');
  });
});

describe('errorFromResponse: system errors', () => {
  it.each([
    { status: 500, body: { message: 'Internal error', details: {} }, requestId: 'req-12345' },
    { status: 502, body: undefined, requestId: 'req-2' },
    { status: 201, body: { product: {} }, requestId: 'req-3' },
    { status: 204, body: undefined, requestId: 'req-4' },
    { status: 302, body: undefined, requestId: 'req-5' },
  ])('status $status → System error occurred, request-id', ({ status, body, requestId }) => {
    const error = errorFromResponse(status, '', body, requestId);
    expect(error).toBeInstanceOf(SystemError);
    expect(error.message).toBe(`System error occurred, request-id: ${requestId}`);
    expect(error.status).toBe(status);
    expect(error.requestId).toBe(requestId);
  });

  it('omits the request id part when there is none, and keeps the server message as cause', () => {
    const error = errorFromResponse(500, '', { message: 'db down' }, undefined);
    expect(error.message).toBe('System error occurred');
    expect((error.cause as Error).message).toBe('HTTP 500 Internal Server Error: db down');
  });
});
