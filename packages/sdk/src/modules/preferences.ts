// Communication preferences (docs/api/cart-checkout-orders.md "Paid plans and preferences"): the visitor's or member's marketing e-mail opt-in and
// cookie consent. A visitor's choices follow them when they log in.

import { PREFERENCES_WIRE, type Preferences, type PreferencesInput } from '../entities/index.js';
import { reviveEntity } from '../wire.js';
import type { ClientContext } from './context.js';

const PATH = '/_api/preferences/v1/preferences/current';

/** The caller's communication preferences. */
export interface PreferencesModule {
  /**
   * The caller's preferences; all off until they are saved.
   *
   * @example
   * ```ts
   * const { cookieConsent } = await client.preferences.get();
   * if (cookieConsent.analytics) loadAnalytics();
   * ```
   */
  get(): Promise<Preferences>;
  /**
   * Saves the choices given; the others stay as they are.
   *
   * @example
   * ```ts
   * await client.preferences.update({ marketingEmails: { optIn: true } });
   * ```
   */
  update(preferences: PreferencesInput): Promise<Preferences>;
}

const revive = (wire: unknown): Preferences => reviveEntity<Preferences>(wire, PREFERENCES_WIRE);

/**
 * Creates the preferences module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const preferences = createPreferencesModule(context);
 * ```
 */
export function createPreferencesModule({ transport }: ClientContext): PreferencesModule {
  return {
    async get() {
      const reply = await transport.request<{ preferences: unknown }>({ method: 'GET', path: PATH });
      return revive(reply.preferences);
    },
    async update(preferences) {
      const reply = await transport.request<{ preferences: unknown }>({
        method: 'PATCH',
        path: PATH,
        body: { preferences },
      });
      return revive(reply.preferences);
    },
  };
}
