/**
 * Why each collectible card of CardDefs 2.8.0.9554 that the pool lacks is left out: the mechanism the card format
 * (engine/cards/format.ts) does not have yet. import-carddefs.ts --missing groups MISSING.md by these reasons.
 */
export const MISSING_REASONS: Record<string, string> = {
  // the card format has no card class ("from your opponent's class")
  BRM_030: 'card class',
  // a Hero Power made to take targets it has no target rule for (and the Hunter Hero Power is not in the pool)
  GVG_087: 'Hero Power targets changed',
};
