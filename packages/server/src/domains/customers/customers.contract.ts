import Type from 'typebox';
import { DateTimeOut, StringEnum } from '../../lib/http/wire.js';
import { OffsetPagingSchema, PagingMetadataSchema } from '../../lib/paging.js';

const Email = Type.String({ minLength: 3, maxLength: 254, description: 'The customer’s e-mail address' });
const Money = Type.Object({ amount: Type.String(), currency: Type.String() });

export const CustomerKind = StringEnum(['MEMBER', 'GUEST'] as const);

export const ListCustomersQuery = Type.Object({
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'Part of an e-mail address or a first or last name' }),
  ),
  kind: Type.Optional(CustomerKind),
  limit: OffsetPagingSchema.properties.limit,
  offset: OffsetPagingSchema.properties.offset,
});

export const CustomerOut = Type.Object({
  email: Type.String(),
  kind: CustomerKind,
  memberId: Type.Optional(Type.String()),
  memberStatus: Type.Optional(Type.String()),
  emailVerified: Type.Optional(Type.Boolean()),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  ordersCount: Type.Integer(),
  totalPaid: Type.Optional(
    Type.Object(Money.properties, {
      description:
        'Money received for their orders: captured payments and gift cards (refunds not taken off); absent for customers without orders',
    }),
  ),
  totalRefunded: Type.Optional(
    Type.Object(Money.properties, { description: 'What refunds gave back of it' }),
  ),
  totalNet: Type.Optional(
    Type.Object(Money.properties, { description: 'Paid less refunded: what the store kept' }),
  ),
  lastOrderDate: Type.Optional(DateTimeOut()),
  memberSince: Type.Optional(DateTimeOut()),
});

export const ListCustomersResponse = Type.Object({
  customers: Type.Array(CustomerOut),
  metadata: PagingMetadataSchema,
});

export const CustomerParams = Type.Object({ email: Email });

const NoteOut = Type.Object({
  id: Type.String(),
  body: Type.String(),
  authorId: Type.Optional(Type.String()),
  createdDate: DateTimeOut(),
});

const CustomerOrderOut = Type.Object({
  id: Type.String(),
  number: Type.String(),
  createdDate: DateTimeOut(),
  total: Money,
  status: Type.String(),
  paymentStatus: Type.String(),
  fulfillmentStatus: Type.String(),
});

export const CustomerResponse = Type.Object({
  customer: CustomerOut,
  orders: Type.Array(CustomerOrderOut),
  notes: Type.Array(NoteOut),
});

export const AddNoteRequest = Type.Object({
  note: Type.Object({ body: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }) }),
});
export const NoteResponse = Type.Object({ note: NoteOut });
