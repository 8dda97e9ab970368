import Type from 'typebox';
import { DateTimeOut } from '../../lib/http/wire.js';

/* The kept mailbox's shapes (the owner's admin API and the open development mailbox). */

export const MailboxMessage = Type.Object({
  id: Type.String(),
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  createdDate: DateTimeOut(),
});

export const MailboxQuery = Type.Object({
  to: Type.Optional(Type.String({ maxLength: 320, description: 'Only the messages to this address' })),
});

export const MailboxList = Type.Object({
  delivery: Type.Union([Type.Literal('smtp'), Type.Literal('mailbox')], {
    description: '`smtp`: new mail goes to the mail server and is not kept here; `mailbox`: it is kept here',
  }),
  messages: Type.Array(MailboxMessage),
});

export const MailboxMessageResponse = Type.Object({ message: MailboxMessage });
