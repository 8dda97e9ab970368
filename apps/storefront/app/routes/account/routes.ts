import type { RouteConfigEntry } from '@react-router/dev/routes';

/** Hosted identity pages (login, sign-up, recovery, OAuth consent) and the member account. */
export const accountRoutes: RouteConfigEntry[] = [];
