import type { Caller } from '../access/index.js';
import type { EventActor } from './events.schema.js';

/** The identity an event records for this caller (spec §3 "Webhook identity"). */
export function actorOf(caller: Caller): EventActor {
  switch (caller.kind) {
    case 'visitor':
      return { identityType: 'ANONYMOUS_VISITOR', id: caller.visitorId };
    case 'member':
      return { identityType: 'MEMBER', id: caller.memberId };
    case 'staff':
      return { identityType: 'WIX_USER', id: caller.staffId ?? caller.apiKeyId };
    case 'app':
      return { identityType: 'APP', id: caller.apiKeyId };
    case 'anonymous':
      return { identityType: 'UNKNOWN' };
  }
}
