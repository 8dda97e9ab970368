import { createTransport } from '../transport.js';
import { type FakeReply, fakeFetch, replies } from './fake-fetch.js';

/** The login suites' store address, and a transport on a fake fetch answering `list` in turn. */
export const BASE = 'https://shop.example';
export function setup(...list: FakeReply[]) {
  const fake = fakeFetch(replies(...list));
  return { fake, transport: createTransport({ baseUrl: BASE, fetch: fake.fetch }) };
}
/** An applicationError reply of the protocol form. */
export const appError = (status: number, code: string, message = `Server says ${code}`): FakeReply => ({
  status,
  body: { message, details: { applicationError: { code, description: message, data: {} } } },
});
/** A 400 with one FORMAT violation of an e-mail at `field`. */
export const emailViolation = (field: string, data?: Record<string, unknown>): FakeReply => ({
  status: 400,
  body: {
    message: 'invalid',
    details: {
      validationError: {
        fieldViolations: [
          { field, description: 'must be a valid e-mail', violatedRule: 'FORMAT', ...(data ? { data } : {}) },
        ],
      },
    },
  },
});
