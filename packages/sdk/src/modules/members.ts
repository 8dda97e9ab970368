// The signed-in member's own identity (docs/api/identity.md "Members"): profile with addresses
// and custom fields; `revision` guards concurrent edits.

import { IDENTITY_WIRE, type Identity, type ProfileInput } from '../entities/index.js';
import { reviveEntity } from '../wire.js';
import type { ClientContext } from './context.js';

const ME = '/_api/iam/identity/v1/identities/me';

/** The current member (the client must hold member tokens). */
export interface MembersModule {
  /**
   * The signed-in member's identity; an `ApplicationError` (401/403) for visitors.
   *
   * @example
   * ```ts
   * const member = await client.members.getCurrentMember();
   * member.identityProfile.addresses.map((a) => a.address.city);
   * ```
   */
  getCurrentMember(): Promise<Identity>;
  /**
   * Changes profile fields; pass the `revision` you read to refuse (409) when someone changed it meanwhile.
   *
   * @example
   * ```ts
   * const member = await client.members.getCurrentMember();
   * await client.members.updateCurrentMember({ firstName: 'Ada' }, { revision: member.revision });
   * ```
   */
  updateCurrentMember(profile: ProfileInput, options?: { revision?: string }): Promise<Identity>;
}

const revive = (reply: { identity: unknown }): Identity =>
  reviveEntity<Identity>(reply.identity, IDENTITY_WIRE);

/**
 * Creates the members module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const members = createMembersModule(context);
 * ```
 */
export function createMembersModule({ transport }: ClientContext): MembersModule {
  return {
    async getCurrentMember() {
      return revive(await transport.request<{ identity: unknown }>({ method: 'GET', path: ME }));
    },
    async updateCurrentMember(profile, options = {}) {
      const identity = {
        identityProfile: profile,
        ...(options.revision ? { revision: options.revision } : {}),
      };
      return revive(
        await transport.request<{ identity: unknown }>({
          method: 'PATCH',
          path: ME,
          body: { identity },
          argumentNames: { 'identity.identityProfile': 'profile', 'identity.revision': 'options.revision' },
        }),
      );
    },
  };
}
