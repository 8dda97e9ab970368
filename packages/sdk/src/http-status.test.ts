import { describe, expect, it } from 'vitest';
import { codeForStatus, statusText } from './http-status.js';

describe('codeForStatus', () => {
  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [413, 'PAYLOAD_TOO_LARGE'],
    [418, 'I_M_A_TEAPOT'],
    [422, 'UNPROCESSABLE_ENTITY'],
    [429, 'TOO_MANY_REQUESTS'],
    [431, 'REQUEST_HEADER_FIELDS_TOO_LARGE'],
    [451, 'UNAVAILABLE_FOR_LEGAL_REASONS'],
    [499, 'CLIENT_CLOSED_REQUEST'],
    [500, 'INTERNAL_SERVER_ERROR'],
    [503, 'SERVICE_UNAVAILABLE'],
    [420, 'UNKNOWN'],
    [450, 'UNKNOWN'],
    [599, 'UNKNOWN'],
    [200, 'UNKNOWN'],
  ])('%i → %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });

  it('gives 499 the text Client Closed Request', () => {
    expect(statusText(499)).toBe('Client Closed Request');
  });

  it('agrees with Node for every 4xx/5xx status Node knows', async () => {
    const { STATUS_CODES } = await import('node:http');
    for (const [status, text] of Object.entries(STATUS_CODES)) {
      if (Number(status) >= 400) expect(statusText(Number(status))).toBe(text);
    }
  });
});
