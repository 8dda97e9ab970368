import {
  CUSTOMER_DETAILS_WIRE,
  CUSTOMER_NOTE_WIRE,
  CUSTOMER_WIRE,
  type Customer,
  type CustomerDetails,
  type CustomerListParams,
  type CustomerNote,
  type MemberSecondFactors,
  type SecondFactorsTurnOff,
} from '../entities/index.js';
import type { Transport } from '../transport.js';
import { reviveEntity } from '../wire.js';
import { pagedList } from './resources.js';

const ADMIN = '/admin-api/v1';

/** The merchant's customers: members and guest buyers, their orders, and notes about them. */
export function customersModule(transport: Transport) {
  const path = (email: string) => `${ADMIN}/customers/${encodeURIComponent(email)}`;
  const memberPath = (memberId: string) => `${ADMIN}/members/${encodeURIComponent(memberId)}/second-factors`;
  return {
    async list(params: CustomerListParams = {}) {
      const { items, metadata } = await pagedList<Customer>(
        transport,
        `${ADMIN}/customers`,
        'customers',
        { ...params },
        CUSTOMER_WIRE,
      );
      return { customers: items, metadata };
    },
    async get(email: string): Promise<CustomerDetails> {
      const reply = await transport.request<unknown>({ method: 'GET', path: path(email) });
      return reviveEntity<CustomerDetails>(reply, CUSTOMER_DETAILS_WIRE);
    },
    async addNote(email: string, body: string): Promise<CustomerNote> {
      const reply = await transport.request<{ note: unknown }>({
        method: 'POST',
        path: `${path(email)}/notes`,
        body: { note: { body } },
      });
      return reviveEntity<CustomerNote>(reply.note, CUSTOMER_NOTE_WIRE);
    },
    /** Which second factors a member (`customer.memberId`) has on, and their recovery codes left. */
    async secondFactors(memberId: string): Promise<MemberSecondFactors> {
      const reply = await transport.request<{ secondFactors: MemberSecondFactors }>({
        method: 'GET',
        path: memberPath(memberId),
      });
      return reply.secondFactors;
    },
    /**
     * Turns off every second factor of a member who lost them: the password alone signs in, their
     * sessions end, their recovery codes are deleted and they are e-mailed. Harmless when none is on.
     */
    async turnOffSecondFactors(memberId: string): Promise<SecondFactorsTurnOff> {
      return transport.request<SecondFactorsTurnOff>({ method: 'DELETE', path: memberPath(memberId) });
    },
  };
}
