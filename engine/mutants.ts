/**
 * Mutants: deliberate rule bugs, each a switch on the kernel named after the rule it breaks (never a copy of the
 * engine). They prove that golden cases, invariants and the differential runner can catch a wrong engine.
 */
export const MUTANTS = {
  'die-at-zero-health': { rule: '3', text: 'minions die the moment they reach 0 health, in the middle of a Phase' },
  'queue-by-player': { rule: '2a', text: 'queues are filled player by player (active player first), not in order of play' },
  'mutable-queues': { rule: '2c', text: 'entities that enter play join a queue that is already resolving' },
  'auras-mid-phase': { rule: '4a', text: 'auras are recalculated at once after every event, in the middle of a Phase' },
  'game-over-at-once': { rule: '9', text: 'the game ends the moment a hero reaches 0 health' },
  'deaths-one-at-a-time': { rule: '4a', text: 'the Death Creation Step removes one minion at a time, resolving its Death before removing the next' },
  'ignore-rule-5': { rule: '5', text: 'negative triggers pick mortally wounded and pending-destroy characters' },
  'recheck-target-requirements': { rule: '6', text: 'a Battlecry\'s or spell\'s target requirements are checked again when it resolves, and it does nothing if they no longer hold' },
  'no-phase-skip': { rule: '6', text: 'later Phases of a Sequence run even when their subject has left play' },
  'recalculate-health-after-deaths': { rule: '4b', text: 'Health from lost auras is recalculated right after the Death Creation Step' },
  'breadth-first': { rule: '1b', text: 'triggers raised while resolving a queue entry wait until the whole queue is done' },
  'death-phase-once': { rule: '8', text: 'only one Death Phase runs; deaths it causes wait for the next Sequence' },
  'newest-force-play': { rule: '2-force-play', text: 'force-played minions become the newest in order of play, not the oldest' },
  'no-board-limit': { rule: 'board-limit', text: 'summons ignore the 7-minion board limit' },
  'attack-ignores-game-end': { rule: '9-attack', text: 'an attack goes on to Combat although a hero died in the Preparation Phase (the game is decided only when the Sequence ends)' },
  'trigger-keeps-owner': { rule: '10-controller', text: 'a minion\'s triggers keep acting for its owner after it changed sides' },
  'aura-loss-takes-health': { rule: '4b', text: 'a lost Health aura takes its Health away in full, even from a damaged minion (Health is not kept as far as the new maximum)' },
  'heal-past-maximum': { rule: 'health', text: 'healing restores its whole amount, past the maximum Health' },
  'attack-past-taunt': { rule: 'legality', text: 'an attack may go past a Taunt minion' },
  'survives-reads-health': { rule: '5b', text: '"if it survives" / "if that kills it" read Health only: a minion pending destroy counts as alive' },
  'summon-limit-six': { rule: 'board-limit', text: 'an effect\'s summon is refused when the board holds 6 minions, with one slot still free' },
  'auras-first': { rule: '4d', text: 'Health/Attack auras are placed before the enchantments in a character\'s layers, not after them' },
  'deathrattle-summon-right': { rule: 'board-position', text: 'a minion a Deathrattle summons goes to the right end of the board, not to the dead minion\'s place' },
  'resolve-condition-at-queue': { rule: '10b', text: 'a trigger\'s condition the card checks when it resolves is checked when the Queue is populated instead (a trigger whose condition was true then resolves after it turned false)' },
  'armor-ignored': { rule: 'armor', text: 'damage to a hero ignores its Armor: the hero loses the Health and keeps the Armor' },
  'spell-damage-ignored': { rule: 'spell-damage', text: 'a spell\'s damage does not add its player\'s Spell Damage' },
  'fatigue-flat': { rule: 'fatigue', text: 'fatigue damage stays 1 instead of growing by 1 with each draw from an empty deck' },
  'shield-lets-damage-through': { rule: 'divine-shield', text: 'a hit takes Divine Shield away and is dealt all the same' },
  'no-summoning-sickness': { rule: 'legality', text: 'a minion may attack the turn it comes into play (no summoning sickness)' },
  'freeze-thaws-after-attack': { rule: 'freeze', text: 'a character Frozen after it attacked thaws at the end of that turn: it does not lose its next attack' },
  'revealed-secret-stays': { rule: 'secrets', text: 'a Secret stays in play after it is revealed, and can be revealed again' },
  'rivendare-doubles-weapons': { rule: 'deathrattles-twice', text: 'Baron Rivendare doubles a weapon\'s Deathrattle too, not only his minions\'' },
  'deaths-newest-first': { rule: '7', text: 'a Death Phase queues the deaths newest first, not in order of play' },
  'combo-counts-itself': { rule: 'combo', text: 'a card counts itself among the cards played earlier this turn, so its Combo is always on' },
  'silence-keeps-printed-keywords': { rule: 'silence', text: 'a Silenced minion keeps the keywords printed on its card (Windfury, Taunt)' },
  'returned-into-full-hand': { rule: 'hand-limit', text: 'a minion returned to a full hand joins it as an eleventh card instead of being destroyed' },
  'secret-on-own-turn': { rule: 'secrets', text: 'a Secret acts on its owner\'s turn too' },
  'windfury-ignored': { rule: 'legality', text: 'a character with Windfury may attack only once a turn (its second attack is refused)' },
  'stealth-kept-after-attack': { rule: 'stealth', text: 'a minion keeps its Stealth when it attacks, so it still cannot be attacked or targeted by the enemy' },
  'stolen-cannot-attack': { rule: 'control-sickness', text: 'a minion that changed sides cannot attack that turn even with Charge (Shadow Madness): it counts as having used its attacks' },
  'silence-keeps-auras': { rule: 'silence', text: 'a Silenced minion keeps granting the auras of its card text (Stormwind Champion, Dire Wolf Alpha)' },
  'play-requirements-ignored': { rule: 'legality', text: 'a card\'s play requirements that name no target are not checked: Mirror Image onto a full board, Deadly Poison with no weapon, Forked Lightning with one enemy minion are played' },
  'hero-power-twice': { rule: 'legality', text: 'a Hero Power may be used again in the turn it was used' },
  'triggers-newest-first': { rule: '2a', text: 'the triggers that answer one event are queued newest first, in reverse order of play' },
  'spell-damage-both-sides': { rule: 'spell-damage', text: 'a spell adds the Spell Damage of both players, not only its own player\'s' },
  'hero-power-spell-damage': { rule: 'spell-damage', text: 'a Hero Power\'s damage adds its player\'s Spell Damage, as a spell\'s does' },
  'spell-damage-heals': { rule: 'spell-damage', text: 'a spell\'s healing adds its player\'s Spell Damage, as its damage does' },
  'silence-keeps-freeze': { rule: 'silence', text: 'a Silenced minion stays Frozen' },
  'silence-heals': { rule: 'silence', text: 'Silence removes the minion\'s damage too: it is left at its new maximum Health' },
  'defender-weapon-wears': { rule: 'weapon-wear', text: 'a hero that is attacked loses Durability from its weapon, as when it attacks' },
  'stealth-lost-when-damaged': { rule: 'stealth', text: 'a minion loses its Stealth when it takes damage, not only when it attacks' },
  'replaced-weapon-vanishes': { rule: 'weapon-replace', text: 'a weapon replaced by a newer one leaves play at once, in the middle of the Phase, and its Death is never resolved (no Deathrattle)' },
  'unseeded-random': { rule: 'determinism', text: 'random outcomes come from an unseeded stream, so a run cannot be replayed (not a rulebook rule: the architecture\'s one seeded stream per scenario)' },
} as const;

/**
 * Mutants of a rule profile other than Hearthstone's: they change nothing in a Hearthstone game, so they are kept
 * apart from MUTANTS (whose every entry must be caught on Hearthstone cases) and judged on their profile's games.
 */
export const PROFILE_MUTANTS = {
  'ht-thirty-health': { rule: 'hearthtop/health-cap', profile: 'hearthtop', text: 'heroes start at Hearthstone\'s 30 health, above the 20 they may never exceed' },
  'ht-ten-crystals': { rule: 'hearthtop/mana', profile: 'hearthtop', text: 'mana crystals grow to Hearthstone\'s 10, not 6' },
  'ht-seven-minions': { rule: 'hearthtop/board-limit', profile: 'hearthtop', text: 'a side may have Hearthstone\'s 7 minions, not 5' },
  'ht-markers-lost': { rule: 'hearthtop/marking', profile: 'hearthtop', text: 'marking cards no longer needed vanish instead of going to the bottom of the deck' },
  'ht-deck-end-ignores-marks': { rule: 'hearthtop/deck-end', profile: 'hearthtop', text: 'a mark that finds the deck empty does not end the game at the Cleanup (only a draw does)' },
} as const;

export type CoreMutantName = keyof typeof MUTANTS;
export type MutantName = CoreMutantName | keyof typeof PROFILE_MUTANTS;

export function isMutantName(s: string): s is MutantName {
  return Object.prototype.hasOwnProperty.call(MUTANTS, s) || Object.prototype.hasOwnProperty.call(PROFILE_MUTANTS, s);
}

/** What a mutant breaks, whichever table it is in. */
export function mutantInfo(m: MutantName): { rule: string; text: string; profile?: string } {
  return (MUTANTS as Record<string, { rule: string; text: string }>)[m] ?? (PROFILE_MUTANTS as Record<string, { rule: string; text: string; profile: string }>)[m]!;
}

/**
 * The mutant switches of a run with none on that notes every mutant the engine asks about (each switch is read only
 * through `has`). A mutant the run never asked about cannot change it: the run with that mutant on is the same run,
 * so the mutant diagnosis need not make it (differential/verdict.ts). It is a set of its own, always empty, not a
 * subclass of Set: a Set subclass that overrides `has` measured 10 to 20% slower judging in a process that used it.
 */
export class AskedMutants implements ReadonlySet<MutantName> {
  readonly asked = new Set<string>();
  readonly size = 0;
  has(m: MutantName): boolean {
    this.asked.add(m);
    return false;
  }
  forEach(): void { /* no mutant is on */ }
  entries(): SetIterator<[MutantName, MutantName]> { return new Set<MutantName>().entries(); }
  keys(): SetIterator<MutantName> { return new Set<MutantName>().keys(); }
  values(): SetIterator<MutantName> { return new Set<MutantName>().values(); }
  [Symbol.iterator](): SetIterator<MutantName> { return new Set<MutantName>().values(); }
}
