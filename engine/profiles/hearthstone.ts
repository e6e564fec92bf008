/**
 * The Hearthstone rules profile: the game's limits and defaults, read by set-up, the Player Actions, the effects and
 * the generators (never repeated as literals). Another rule system is another profile file here (hearthtop.ts); a
 * game carries its profile (`Game.profile`), so the shared kernel reads the limits of the game it runs.
 */
export interface ProfileLimits {
  /** Minions a side may have in play (a summon into a full board does nothing). */
  board: number;
  /** Cards in hand; a card drawn or given beyond it is burnt (overdraw) or, by the profile's rule, discarded later. */
  hand: number;
  /** Mana crystals a player may have. */
  mana: number;
  /**
   * The most mana a player may have to spend with mana given for this turn only (The Coin, Innervate); null: no limit
   * (Hearthtop's Coin gives a 7th mana at 6 crystals: hearthtop/coin).
   */
  manaThisTurn: number | null;
  /** Secrets a player may have in play. */
  secrets: number;
  /** A hero's Health when a scenario does not say (and, with `healthCap`, the most it may ever have). */
  heroHealth: number;
  /** Armor a hero may have (null: no limit). */
  armor: number | null;
}

/** The rule switches where profiles differ (each names how its profile does it). */
export interface ProfileRules {
  /** 'per-player': each player draws from an own deck; 'shared': one draw deck of playing cards for both. */
  deck: 'per-player' | 'shared';
  /** A card drawn into a full hand: 'burn' at once, or 'discard-at-cleanup' (the hand is cut down at the turn's end). */
  overdraw: 'burn' | 'discard-at-cleanup';
  /** A draw from an empty deck: 'fatigue' damage, or 'end-after-cleanup' (the game ends at that turn's Cleanup). */
  emptyDeck: 'fatigue' | 'end-after-cleanup';
  /** Damage, buffs, armor, durability and summoned minions are marked with cards from the top of the deck. */
  marking: boolean;
}

export interface Profile {
  id: 'hearthstone' | 'hearthtop';
  limits: ProfileLimits;
  rules: ProfileRules;
}

export const HEARTHSTONE: Profile = {
  id: 'hearthstone',
  limits: { board: 7, hand: 10, mana: 10, manaThisTurn: 10, secrets: 5, heroHealth: 30, armor: null },
  rules: { deck: 'per-player', overdraw: 'burn', emptyDeck: 'fatigue', marking: false },
};
