/**
 * The Hearthtop rules profile (seed 004): Hearthstone's machinery on a table with a normal deck of playing cards.
 * Limits: 20 health never exceeded (hearthtop/health-cap), 6 mana crystals (hearthtop/mana), 5 minions a side
 * (hearthtop/board-limit), armor 5 (hearthtop/armor), hand 10 by discarding at Cleanup (hearthtop/cleanup-discard);
 * one shared deck (hearthtop/shared-deck), no fatigue (hearthtop/draw-empty), marking (hearthtop/marking).
 * The profile-specific pieces live in engine/hearthtop/.
 */
import type { Profile } from './hearthstone.js';

export const HEARTHTOP: Profile = {
  id: 'hearthtop',
  limits: { board: 5, hand: 10, mana: 6, manaThisTurn: null, secrets: 5, heroHealth: 20, armor: 5 },
  rules: { deck: 'shared', overdraw: 'discard-at-cleanup', emptyDeck: 'end-after-cleanup', marking: true },
};
