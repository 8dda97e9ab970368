import type { Transport } from '../transport.js';
import { pagedList } from './resources.js';
import type { Paging } from './types.js';

const ADMIN = '/admin-api/v1';

interface Money {
  amount: string;
  currency: string;
}

/** Someone the store knows by e-mail: a member (signed up) or a guest who ordered without an account. */
export interface Customer {
  email: string;
  kind: 'MEMBER' | 'GUEST';
  memberId?: string;
  memberStatus?: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  phone?: string;
  ordersCount: number;
  /** The totals of paid orders; absent for customers without orders. */
  totalPaid?: Money;
  lastOrderDate?: string;
  memberSince?: string;
}

export interface CustomerOrder {
  id: string;
  number: string;
  createdDate: string;
  total: Money;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
}

export interface CustomerNote {
  id: string;
  body: string;
  authorId?: string;
  createdDate: string;
}

/** The merchant's customers: members and guest buyers, their orders, and notes about them. */
export function customersModule(transport: Transport) {
  const path = (email: string) => `${ADMIN}/customers/${encodeURIComponent(email)}`;
  return {
    async list(params: Paging & { search?: string; kind?: Customer['kind'] } = {}) {
      const { items, metadata } = await pagedList<Customer>(
        transport,
        `${ADMIN}/customers`,
        'customers',
        params,
      );
      return { customers: items, metadata };
    },
    get: (email: string) =>
      transport.request<{ customer: Customer; orders: CustomerOrder[]; notes: CustomerNote[] }>({
        method: 'GET',
        path: path(email),
      }),
    async addNote(email: string, body: string): Promise<CustomerNote> {
      const reply = await transport.request<{ note: CustomerNote }>({
        method: 'POST',
        path: `${path(email)}/notes`,
        body: { note: { body } },
      });
      return reply.note;
    },
  };
}
