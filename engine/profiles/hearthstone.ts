/**
 * The Hearthstone rules profile: the game's limits and defaults, read by set-up, the Player Actions, the effects and
 * the generators (never repeated as literals). Another rule system (a tabletop variant) is another profile file here.
 */
export interface ProfileLimits {
  /** Minions a side may have in play (a summon into a full board does nothing). */
  board: number;
  /** Cards in hand; a card drawn or given beyond it is burnt (overdraw). */
  hand: number;
  /** Mana crystals a player may have. */
  mana: number;
  /** Secrets a player may have in play. */
  secrets: number;
  /** A hero's Health when a scenario does not say. */
  heroHealth: number;
}

export interface Profile {
  id: string;
  limits: ProfileLimits;
}

export const HEARTHSTONE: Profile = {
  id: 'hearthstone',
  limits: { board: 7, hand: 10, mana: 10, secrets: 5, heroHealth: 30 },
};
