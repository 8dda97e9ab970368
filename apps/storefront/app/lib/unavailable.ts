/**
 * A page whose data the API could not give because the store is briefly unavailable (its database out of
 * reach: the API's 503 UNAVAILABLE) is answered 503 with Retry-After, saying to try again in a moment
 * (entry.server.tsx, root.tsx), not 500.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** An error that says the store is briefly unavailable (the SDK's errors carry the reply's status). */
export function isUnavailableError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 503;
}
