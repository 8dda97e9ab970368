// The page shown for a hosted-page link that cannot be opened (used, expired, unknown): it explains and
// links back to the app the shopper came from, or to this store. Shared by the server, which throws it as
// route error data, and the error boundary, which renders it.

/** What the error page shows for a link that cannot be opened. */
export interface HostedLinkProblem {
  hostedLink: { title: string; message: string; backUrl?: string };
}

export function isHostedLinkProblem(value: unknown): value is HostedLinkProblem {
  return typeof value === 'object' && value !== null && 'hostedLink' in value;
}
