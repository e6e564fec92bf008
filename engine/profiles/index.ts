/** The rule profiles by id (a scenario's `profile`, the CLI's `--profile`). */
import { HEARTHSTONE, type Profile } from './hearthstone.js';
import { HEARTHTOP } from './hearthtop.js';

export type { Profile } from './hearthstone.js';
export const PROFILES: Readonly<Record<Profile['id'], Profile>> = { hearthstone: HEARTHSTONE, hearthtop: HEARTHTOP };
export const PROFILE_IDS = Object.keys(PROFILES) as Profile['id'][];

export function isProfileId(s: string): s is Profile['id'] {
  return Object.prototype.hasOwnProperty.call(PROFILES, s);
}

export function profileOf(id: string | undefined): Profile {
  return id && isProfileId(id) ? PROFILES[id] : HEARTHSTONE;
}
