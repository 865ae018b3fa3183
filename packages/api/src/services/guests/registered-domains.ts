import type { GuestDomain } from './guest-domains.ts'
import { wishListGuestDomain } from '../wish-lists/guest-domain.ts'

/**
 * Every domain that keeps guests' data (docs/decisions/guests.md): confirmation and the move to an
 * account run each one's hooks. A new guest use (gift exchanges) adds its line here.
 */
export const GUEST_DOMAINS: readonly GuestDomain[] = [wishListGuestDomain]
