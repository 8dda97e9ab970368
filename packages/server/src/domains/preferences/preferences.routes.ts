import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { Db } from '../../db/client.js';
import { type Caller, isShopper, requireShopper } from '../access/index.js';
import { PreferencesResponse, UpdatePreferencesRequest } from './preferences.contract.js';
import {
  getPreferences,
  ownerKeyOf,
  type Preferences,
  type PreferencesPatch,
  updatePreferences,
} from './preferences.service.js';

const PATH = '/_api/preferences/v1/preferences/current';

/** The calling visitor's or member's communication preferences. */
export const preferencesRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const tags = ['preferences'];
  const ownerOf = (caller: Caller) => {
    if (!isShopper(caller)) throw new Error('requireShopper admits visitors and members only');
    return ownerKeyOf(caller);
  };

  app.get(
    PATH,
    {
      schema: {
        summary: "The caller's marketing e-mail opt-in and cookie consent",
        tags,
        response: { 200: PreferencesResponse },
      },
      preHandler: requireShopper(),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { preferences: out(await getPreferences(db, ownerOf(request.caller))) };
    },
  );

  app.patch(
    PATH,
    {
      schema: {
        summary: "Change the caller's preferences (fields left out stay as they are)",
        tags,
        body: UpdatePreferencesRequest,
        response: { 200: PreferencesResponse },
      },
      preHandler: requireShopper(),
    },
    async (request) => {
      const saved = await updatePreferences(
        db,
        ownerOf(request.caller),
        patchIn(request.body.preferences),
        clock(),
      );
      return { preferences: out(saved) };
    },
  );
};

function patchIn(input: Static<typeof UpdatePreferencesRequest>['preferences']): PreferencesPatch {
  return {
    ...(input.marketingEmails ? { marketingEmails: input.marketingEmails.optIn } : {}),
    ...(input.cookieConsent?.analytics !== undefined
      ? { analyticsCookies: input.cookieConsent.analytics }
      : {}),
    ...(input.cookieConsent?.marketing !== undefined
      ? { marketingCookies: input.cookieConsent.marketing }
      : {}),
  };
}

function out(preferences: Preferences): Static<typeof PreferencesResponse>['preferences'] {
  return {
    marketingEmails: { optIn: preferences.marketingEmails },
    cookieConsent: { analytics: preferences.analyticsCookies, marketing: preferences.marketingCookies },
    ...(preferences.updatedDate ? { updatedDate: preferences.updatedDate } : {}),
  };
}
