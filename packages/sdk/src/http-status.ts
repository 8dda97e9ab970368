// Standard reason phrases for error statuses. Fetch's `statusText` is empty over HTTP/2 and can be anything
// a proxy chose, so error codes and messages are derived from this table instead (spec §8).

const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  // Not in the HTTP RFCs: nginx's code for a client that went away; the spec names its text.
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  509: 'Bandwidth Limit Exceeded',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

/**
 * The standard reason phrase of an HTTP status, or `undefined` for a status without one.
 *
 * @example
 * ```ts
 * statusText(404); // 'Not Found'
 * statusText(499); // 'Client Closed Request'
 * statusText(420); // undefined
 * ```
 */
export function statusText(status: number): string | undefined {
  return REASON_PHRASES[status];
}

/**
 * The error code of an HTTP status: its reason phrase in UPPER_SNAKE_CASE, or `'UNKNOWN'`.
 * Uses the same rule as the server (`packages/server/src/lib/http/errors.ts` `codeForStatus`).
 *
 * @example
 * ```ts
 * codeForStatus(404); // 'NOT_FOUND'
 * codeForStatus(499); // 'CLIENT_CLOSED_REQUEST'
 * codeForStatus(420); // 'UNKNOWN'
 * ```
 */
export function codeForStatus(status: number): string {
  const text = statusText(status);
  return text ? text.toUpperCase().replace(/[^A-Z0-9]+/g, '_') : 'UNKNOWN';
}
