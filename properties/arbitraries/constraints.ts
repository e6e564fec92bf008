/**
 * The one constraints object every arbitrary here takes (fast-check style: options in one documented object).
 * All fields are optional; `resolveConstraints` fills the defaults.
 */
import type { MutantName } from '../../engine/mutants.js';

export interface GenConstraints {
  /** Minions a side, at most (0–7). Default 7. */
  maxBoard?: number;
  /** Cards in hand a side, at most (0–10). Default 6. */
  maxHand?: number;
  /** Cards in deck a side, at most. Default 4. */
  maxDeck?: number;
  /** Secrets a side, at most (unique per side). Default 2. */
  maxSecrets?: number;
  /** Enchantments per minion at set-up, at most. Default 2. */
  maxEnchantments?: number;
  /** Player actions, at least / at most (illegal ones are dropped, so fewer may remain). Default 1–4. */
  minActions?: number;
  maxActions?: number;
  /** Relative weight of a synthetic card against a card from the pool, 0–1. Default 0.35. */
  syntheticRate?: number;
  /** The engine the actions must be legal on (the actions are legalised by running it). Default: reference. */
  mutants?: readonly MutantName[];
  /** Pool card ids never to put on boards, in hands, decks, secrets or weapons (to fuzz around a known bug). */
  excludeCards?: readonly string[];
  /** Only these pool card ids (a simulator's declared cards); a slot with none of them stays empty. Default: all. */
  onlyCards?: readonly string[];
  /** Hero Power actions (default true). */
  heroPower?: boolean;
  /** Weapons on the hero at set-up (default true). */
  weapons?: boolean;
  /** Decks of copies of one card (for simulators that draw at random from the deck). Default false. */
  uniformDeck?: boolean;
}

export type Resolved = Required<Omit<GenConstraints, 'mutants' | 'excludeCards' | 'onlyCards'>> & { mutants: readonly MutantName[]; excludeCards: readonly string[]; onlyCards: readonly string[] | null };

export function resolveConstraints(c: GenConstraints = {}): Resolved {
  const clamp = (v: number | undefined, d: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.floor(v ?? d)));
  const minActions = clamp(c.minActions, 1, 0, 12);
  return {
    maxBoard: clamp(c.maxBoard, 7, 0, 7),
    maxHand: clamp(c.maxHand, 6, 0, 10),
    maxDeck: clamp(c.maxDeck, 4, 0, 30),
    maxSecrets: clamp(c.maxSecrets, 2, 0, 5),
    maxEnchantments: clamp(c.maxEnchantments, 2, 0, 5),
    minActions,
    maxActions: clamp(c.maxActions, 4, minActions, 12),
    syntheticRate: Math.max(0, Math.min(1, c.syntheticRate ?? 0.35)),
    mutants: [...(c.mutants ?? [])],
    excludeCards: [...(c.excludeCards ?? [])],
    onlyCards: c.onlyCards ? [...c.onlyCards] : null,
    heroPower: c.heroPower ?? true,
    weapons: c.weapons ?? true,
    uniformDeck: c.uniformDeck ?? false,
  };
}
