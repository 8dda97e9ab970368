import {
  CUSTOMER_DETAILS_WIRE,
  CUSTOMER_NOTE_WIRE,
  CUSTOMER_WIRE,
  type Customer,
  type CustomerDetails,
  type CustomerListParams,
  type CustomerNote,
} from '../entities/index.js';
import type { Transport } from '../transport.js';
import { reviveEntity } from '../wire.js';
import { pagedList } from './resources.js';

const ADMIN = '/admin-api/v1';

/** The merchant's customers: members and guest buyers, their orders, and notes about them. */
export function customersModule(transport: Transport) {
  const path = (email: string) => `${ADMIN}/customers/${encodeURIComponent(email)}`;
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
  };
}
