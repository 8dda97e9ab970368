import Type from 'typebox';
import { StringEnum } from '../../lib/http/wire.js';
import { MEMBER_ACCOUNT_SECTIONS } from './redirects.schema.js';

const Str = (maxLength = 2048) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
/**
 * The parameters of intents this store does not offer (bookings, events, order payment requests): the
 * request is refused by the service before anything is kept, so they are only bounded here.
 */
const Params = Type.Optional(
  Type.Record(Type.String(), Type.Unknown(), {
    maxProperties: 20,
    propertyNames: { minLength: 1, maxLength: 100 },
  }),
);

/**
 * CreateRedirectSession (wire-protocol.md §4.5): one intent, plus callbacks and preferences. Any other
 * key is refused (FIELD_NOT_ALLOWED): a kind this store does not know must never fall through to another.
 * `memberAccountPage` is the platform's name for the members-account intent (an internal field of its
 * redirects API that the installed @wix/redirects typings describe — `RedirectSessionMembersAccountParams`
 * — but do not send); a request with no intent but `preferences` opens the preferences page (ADR 028).
 */
export const CreateRedirectSessionRequest = Type.Object(
  {
    bookingsCheckout: Params,
    ecomCheckout: Type.Optional(Type.Object({ checkoutId: Str(100) })),
    eventsCheckout: Params,
    paidPlansCheckout: Type.Optional(
      Type.Object({
        planId: Str(100),
        checkoutData: Str(2048),
      }),
    ),
    // The platform's RedirectSessionLoginParams has no fields; the request is kept with the session.
    login: Type.Optional(Type.Object({}, { additionalProperties: false })),
    logout: Type.Optional(Type.Object({ clientId: Str(100) })),
    auth: Type.Optional(
      Type.Object({
        authRequest: Type.Optional(
          Type.Object({
            clientId: Str(100),
            responseType: Str(40),
            redirectUri: Str(),
            scope: Str(200),
            state: Str(1000),
            responseMode: Str(40),
            codeChallenge: Str(200),
            codeChallengeMethod: Str(20),
            sessionToken: Str(200),
            nonce: Str(512),
            prompt: Str(40),
            idp: Str(100),
          }),
        ),
        prompt: Str(40),
      }),
    ),
    storesProduct: Type.Optional(Type.Object({ productSlug: Str(150) })),
    memberAccountPage: Type.Optional(
      Type.Object({
        section: Type.Optional(
          Type.Union([StringEnum(MEMBER_ACCOUNT_SECTIONS), Type.Null()], {
            description: 'Default ACCOUNT_INFO; BOOKINGS and EVENTS are refused (this store has neither)',
          }),
        ),
      }),
    ),
    bookingsBook: Params,
    ecomOrderPaymentRequest: Params,
    callbacks: Type.Optional(
      Type.Object({
        thankYouPageUrl: Str(),
        postFlowUrl: Str(),
        loginUrl: Str(),
        bookingsServiceListUrl: Str(),
        cartPageUrl: Str(),
        planListUrl: Str(),
      }),
    ),
    preferences: Type.Optional(
      Type.Object({
        useGenericWixPages: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
        maintainIdentity: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
        additionalQueryParameters: Type.Optional(
          Type.Record(Type.String(), Type.String({ maxLength: 500 }), {
            maxProperties: 20,
            propertyNames: { minLength: 1, maxLength: 100 },
          }),
        ),
        checkIfPublish: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
      }),
    ),
    origin: Str(),
  },
  { additionalProperties: false },
);

export const RedirectSessionOut = Type.Object({
  id: Type.String(),
  fullUrl: Type.String(),
  urlDetails: Type.Object({
    endpoint: Type.String(),
    searchParams: Type.Record(Type.String(), Type.String()),
  }),
  sessionToken: Type.String({
    description: 'Lets the hosted page keep the identity of the caller (single hand-over)',
  }),
  shortId: Type.String(),
  shortUrl: Type.String(),
});

export const CreateRedirectSessionResponse = Type.Object({ redirectSession: RedirectSessionOut });

/** getCheckoutUrl (wire-protocol.md §4.2): a redirect session URL for the caller, or the override. */
export const CheckoutUrlResponse = Type.Object({ checkoutUrl: Type.String() });

/** A hosted page's flow: what the app's redirect session asked for, and the verified ways back. */
export const HostedFlowOut = Type.Object({
  id: Type.String({ description: 'Put in the page URL as `flow` after the hand-over' }),
  kind: Type.String({ description: '`ecomCheckout`, `login`, `storesProduct`, …' }),
  callbacks: Type.Record(Type.String(), Type.String(), {
    description: 'postFlowUrl, thankYouPageUrl, cartPageUrl, loginUrl, … as verified for the app',
  }),
  checkoutId: Type.Optional(Type.String()),
  productSlug: Type.Optional(Type.String()),
  planId: Type.Optional(Type.String()),
});

export const EnterHostedPageRequest = Type.Object({
  session: Type.String({ minLength: 1, maxLength: 200, description: 'The `session` of the URL opened' }),
  clientId: Type.String({ minLength: 1, maxLength: 100, description: "The hosted pages' OAuth client" }),
});

export const EnterHostedPageResponse = Type.Object({
  flow: HostedFlowOut,
  tokens: Type.Optional(
    Type.Object(
      {
        accessToken: Type.String(),
        refreshToken: Type.String(),
        expiresIn: Type.Integer(),
        role: Type.Union([Type.Literal('visitor'), Type.Literal('member')]),
      },
      { description: "The app's shopper, for this browser (absent when the browser already is them)" },
    ),
  ),
});
