import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { toDecimalString } from '../../lib/money.js';
import { pagingMetadata, resolvePaging } from '../../lib/paging.js';
import { type Caller, requireMerchant } from '../access/index.js';
import {
  AddNoteRequest,
  CustomerParams,
  CustomerResponse,
  ListCustomersQuery,
  ListCustomersResponse,
  NoteResponse,
} from './customers.contract.js';
import {
  addCustomerNote,
  type CustomerNote,
  type CustomerSummary,
  getCustomer,
  listCustomers,
} from './customers.service.js';

const money = (minor: number, currency: string) => ({ amount: toDecimalString(minor, currency), currency });

function customerOut(customer: CustomerSummary) {
  const { member } = customer;
  return {
    email: customer.email,
    kind: customer.kind,
    ...(member
      ? {
          memberId: member.id,
          memberStatus: member.status,
          emailVerified: member.emailVerified,
          memberSince: member.createdDate,
          ...(member.phone ? { phone: member.phone } : {}),
        }
      : {}),
    ...(customer.firstName ? { firstName: customer.firstName } : {}),
    ...(customer.lastName ? { lastName: customer.lastName } : {}),
    ordersCount: customer.ordersCount,
    ...(customer.currency
      ? {
          totalPaid: money(customer.paidTotalMinor, customer.currency),
          totalRefunded: money(customer.refundedTotalMinor, customer.currency),
          totalNet: money(customer.paidTotalMinor - customer.refundedTotalMinor, customer.currency),
        }
      : {}),
    ...(customer.lastOrderDate ? { lastOrderDate: customer.lastOrderDate } : {}),
  };
}

const noteOut = (note: CustomerNote) => ({
  id: note.id,
  body: note.body,
  ...(note.authorId ? { authorId: note.authorId } : {}),
  createdDate: note.createdDate,
});

const authorOf = (caller: Caller) =>
  caller.kind === 'staff'
    ? (caller.staffId ?? caller.apiKeyId)
    : caller.kind === 'app'
      ? caller.apiKeyId
      : undefined;

/** The merchant's customers (admin API, any merchant key): members and guest buyers, their orders, notes. */
export const customerRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const preHandler = requireMerchant();
  const tags = ['admin: customers'];

  app.get(
    '/admin-api/v1/customers',
    {
      schema: {
        summary: 'Customers: members and guest buyers, most recent first, searchable by e-mail or name',
        tags,
        querystring: ListCustomersQuery,
        response: { 200: ListCustomersResponse },
      },
      preHandler,
    },
    async (request) => {
      const paging = resolvePaging(request.query);
      const { customers, total, tooManyToCount } = await listCustomers(db, { ...request.query, ...paging });
      return {
        customers: customers.map(customerOut),
        metadata: pagingMetadata(customers.length, paging, tooManyToCount ? undefined : total),
      };
    },
  );

  app.get(
    '/admin-api/v1/customers/:email',
    {
      schema: {
        summary: 'One customer: who they are, their orders and totals, and the notes about them',
        tags,
        params: CustomerParams,
        response: { 200: CustomerResponse },
      },
      preHandler,
    },
    async (request) => {
      const { customer, orders, notes } = await getCustomer(db, request.params.email);
      return {
        customer: customerOut(customer),
        orders: orders.map((order) => ({
          id: order.id,
          number: String(order.number),
          createdDate: order.createdDate,
          total: money(order.totalMinor, order.currency),
          status: order.status,
          paymentStatus: order.paymentStatus,
          fulfillmentStatus: order.fulfillmentStatus,
        })),
        notes: notes.map(noteOut),
      };
    },
  );

  app.post(
    '/admin-api/v1/customers/:email/notes',
    {
      schema: {
        summary: 'Add a note about a customer (seen only by the store’s staff)',
        tags,
        params: CustomerParams,
        body: AddNoteRequest,
        response: { 200: NoteResponse },
      },
      preHandler,
    },
    async (request) => {
      const author = authorOf(request.caller);
      const note = await addCustomerNote(db, {
        email: request.params.email,
        body: request.body.note.body,
        ...(author ? { authorId: author } : {}),
        now: clock(),
      });
      return { note: noteOut(note) };
    },
  );
};
