import Type from 'typebox';

const Str = (maxLength = 2048) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const Params = Type.Optional(Type.Record(Type.String(), Type.Unknown()));

/** CreateRedirectSession (wire-protocol.md §4.5): one intent, plus callbacks and preferences. */
export const CreateRedirectSessionRequest = Type.Object({
  bookingsCheckout: Params,
  ecomCheckout: Type.Optional(Type.Object({ checkoutId: Str(100) })),
  eventsCheckout: Params,
  paidPlansCheckout: Params,
  login: Params,
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
      additionalQueryParameters: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 500 }))),
      checkIfPublish: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    }),
  ),
  origin: Str(),
});

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

/** What a hosted page learns from its redirect session: the kind (`login`, `ecomCheckout`, …) and the verified callbacks. */
export const HostedPageOut = Type.Object({
  kind: Type.String(),
  callbacks: Type.Record(Type.String(), Type.String()),
});
