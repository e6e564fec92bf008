/**
 * Why each collectible card of CardDefs 2.8.0.9554 that the pool lacks is left out: the mechanism the card format
 * (engine/cards/format.ts) does not have yet. import-carddefs.ts --missing groups MISSING.md by these reasons.
 */
export const MISSING_REASONS: Record<string, string> = {
  // a cost change that lasts until a card is played or a turn ends (a player-level effect, not an aura in play)
  BRM_018: 'temporary cost change', EX1_612: 'temporary cost change', NEW1_029: 'temporary cost change',
  EX1_076: 'temporary cost change', EX1_145: 'temporary cost change', FP1_030: 'temporary cost change',
  // a trigger on drawing a card (the format has no draw event)
  BRM_031: 'trigger on a draw', GVG_007: 'trigger on a draw', GVG_056: 'trigger on a draw',
  // the token's name is already another card's: scenarios that name "Imp" / "Whelp" would become ambiguous
  BRM_006: 'token name already used (Imp)', EX1_562: 'token name already used (Whelp)',
  // the hero power or its damage and healing change
  EX1_625: 'hero power changes', GVG_087: 'hero power changes', EX1_350: 'hero power changes',
  // Health set to a value, damage prevented or limited
  EX1_561: 'remaining Health set or damage prevented', EX1_295: 'remaining Health set or damage prevented', NEW1_036: 'remaining Health set or damage prevented',
  // attack rules changed for one character
  DS1_188: 'attack mechanics', EX1_411: 'attack mechanics', GVG_113: 'attack mechanics', EX1_126: 'attack mechanics',
  // repeated or complementary selections, or amounts remembered between actions
  GVG_050: 'repeat until / remembered amounts', EX1_407: 'repeat until / remembered amounts', FP1_019: 'repeat until / remembered amounts', GVG_045: 'repeat until / remembered amounts',
  // effects delayed to a later turn or turn end
  EX1_137: 'delayed effect', FP1_003: 'delayed effect',
  // cards in hand that act, or card choices from the deck
  GVG_063: 'cards in hand that act', EX1_006: 'cards in hand that act', DS1_184: 'cards in hand that act', GVG_092: 'cards in hand that act',
  // the opponent's class, Secrets changing sides
  BRM_030: 'player-relative effects', GVG_074: 'player-relative effects',
  // events the format does not raise
  GVG_086: 'armor gained event', EX1_536: 'Secret revealed event',
  // an aura whose size is a count; lists of effect cards
  EX1_062: 'aura sized by a count', PRO_001: 'random effect cards (Power Chords)', EX1_112: 'random effect cards (inventions)',
  GVG_107: 'a random keyword per minion', GVG_108: 'random card by the target\'s cost', GVG_014: 'Health swapped between two minions',
  // the cost change has no enchantment card in CardDefs 2.8 (add_to_hand and give take enchantment cards)
  GVG_003: 'no enchantment in CardDefs for its cost change', GVG_017: 'no enchantment in CardDefs for its cost change',
};
