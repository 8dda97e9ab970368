import type { RouteConfigEntry } from '@react-router/dev/routes';

/** The merchant admin at /admin, behind staff login, with its own layout. */
export const adminRoutes: RouteConfigEntry[] = [];
