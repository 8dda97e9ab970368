import { describe, expect, it } from 'vitest';
import { AppError, codeForStatus, notFound, toErrorReply, ValidationFailed } from './errors.js';

describe('error replies', () => {
  it('validation failures sort violations by field and build the INVALID_ARGUMENT message', () => {
    const reply = toErrorReply(
      new ValidationFailed([
        { field: 'b', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
        { field: 'a', description: 'must be at least 1', violatedRule: 'MIN', data: { threshold: 1 } },
      ]),
      'req-1',
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'INVALID_ARGUMENT: "a" must be at least 1, "b" is required',
      details: {
        validationError: {
          fieldViolations: [
            { field: 'a', description: 'must be at least 1', violatedRule: 'MIN', data: { threshold: 1 } },
            { field: 'b', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
          ],
        },
      },
    });
  });

  it('application errors carry code, description and data', () => {
    const reply = toErrorReply(notFound('Checkout', 'missing'), 'req-1');
    expect(reply.status).toBe(404);
    expect(reply.body.details.applicationError).toMatchObject({
      code: 'CHECKOUT_NOT_FOUND',
      data: { checkoutId: 'missing' },
    });
    expect(reply.body.message).toBe('Checkout not found');
  });

  it('identity codes are strings and keep an explicit status', () => {
    const reply = toErrorReply(new AppError('-19995', 'Email already exists', { status: 409 }), 'r');
    expect(reply.status).toBe(409);
    expect(reply.body.details.applicationError?.code).toBe('-19995');
  });

  it('unexpected errors leak nothing but the request id', () => {
    const reply = toErrorReply(new Error('password=hunter2 at db.internal:5432'), 'req-42');
    expect(reply.status).toBe(500);
    expect(JSON.stringify(reply.body)).not.toContain('hunter2');
    expect(JSON.stringify(reply.body)).toContain('req-42');
    expect(reply.unexpected).toBeInstanceOf(Error);
  });

  it.each([
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [499, 'CLIENT_CLOSED_REQUEST'],
    [429, 'TOO_MANY_REQUESTS'],
    [599, 'UNKNOWN'],
  ])('status %i → code %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });

  it('derives status from the code family', () => {
    expect(new AppError('PRODUCT_NOT_FOUND', 'x').status).toBe(404);
    expect(new AppError('CHECKOUT_ALREADY_COMPLETED', 'x').status).toBe(409);
    expect(new AppError('PERMISSION_DENIED', 'x').status).toBe(403);
    expect(new AppError('COUPON_EXPIRED', 'x').status).toBe(400);
  });
});
