/**
 * The raw shapes the arbitraries produce before a case is built: cards are a pool id or an inline synthetic card,
 * numbers that must fit the state (damage, picks, order of play) are free and repaired when the case is built.
 */
import type { CardDef } from '../../../engine/cards/format.js';

/** A pool card id, or a synthetic card given inline (named syn-<n> when the case is built). */
export type CardRef = string | CardDef;

export interface RawMinion {
  card: CardRef;
  /** Damage, repaired to stay below the minion's Health. */
  damage: number;
  enchantments: CardRef[];
  buff: { attack: number; health: number } | null;
  exhausted: boolean;
  frozen: boolean;
  /** Sort key for the order of play. */
  orderKey: number;
}

export interface RawPlayer {
  hero: string;
  health: number;
  armor: number;
  mana: number;
  heroOrderKey: number;
  board: RawMinion[];
  hand: CardRef[];
  deck: CardRef[];
  secrets: { card: string; orderKey: number }[];
  weapon: { card: string; orderKey: number } | null;
}

/** A player action before it is made legal: picks are indices into whatever is legal at that moment. */
export type Intent =
  | { kind: 'play'; pick: number; target: number; position: number }
  | { kind: 'attack'; pick: number; defender: number }
  | { kind: 'heroPower'; target: number }
  | { kind: 'endTurn' };

export interface RawCase {
  seed: number;
  active: 'A' | 'B';
  A: RawPlayer;
  B: RawPlayer;
  intents: Intent[];
}

/** Integer weights for a pool/synthetic choice (fast-check weights are integers; a zero weight drops the branch). */
export function weights(rate: number): { pool: number; synthetic: number } {
  return { pool: Math.round((1 - rate) * 100), synthetic: Math.round(rate * 100) };
}
