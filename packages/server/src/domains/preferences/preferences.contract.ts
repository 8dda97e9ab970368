import Type from 'typebox';
import { DateTimeOut } from '../../lib/http/wire.js';

/* A shopper's communication preferences (docs/api/cart-checkout-orders.md "Paid plans and preferences"; ADR 028). Our own calls. */

export const PreferencesOut = Type.Object({
  marketingEmails: Type.Object({
    optIn: Type.Boolean({ description: 'The shopper agreed to receive marketing e-mails' }),
  }),
  cookieConsent: Type.Object({
    analytics: Type.Boolean({ description: 'Analytics cookies allowed' }),
    marketing: Type.Boolean({ description: 'Marketing (advertising) cookies allowed' }),
  }),
  updatedDate: Type.Optional(DateTimeOut({ description: 'Last saved; absent: never saved (all off)' })),
});

export const PreferencesResponse = Type.Object({ preferences: PreferencesOut });

/** A choice this store does not know is refused by name (FIELD_NOT_ALLOWED), never silently dropped. */
const strict = { additionalProperties: false } as const;
export const UpdatePreferencesRequest = Type.Object({
  preferences: Type.Object(
    {
      marketingEmails: Type.Optional(Type.Object({ optIn: Type.Boolean() }, strict)),
      cookieConsent: Type.Optional(
        Type.Object(
          { analytics: Type.Optional(Type.Boolean()), marketing: Type.Optional(Type.Boolean()) },
          strict,
        ),
      ),
    },
    strict,
  ),
});
