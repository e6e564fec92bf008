/**
 * Which invariants each mutant must break (the mutant-kill table). Every invariant appears at least once: an
 * invariant no mutant can break proves nothing. Partial on purpose: a mutant added to engine/mutants.ts without a
 * row here fails mutants.test.ts (with its name), not the type check of the whole project.
 */
import type { CoreMutantName, MutantName, PROFILE_MUTANTS } from '../engine/mutants.js';

export const KILLS: Partial<Record<MutantName, readonly string[]>> = {
  'die-at-zero-health': ['no-mid-phase-deaths'],
  'queue-by-player': ['queue-order'],
  'mutable-queues': ['immutable-queues'],
  'auras-mid-phase': ['aura-timing'],
  'game-over-at-once': ['game-end'],
  'deaths-one-at-a-time': ['death-creation-complete'],
  'ignore-rule-5': ['negative-triggers'],
  'no-phase-skip': ['phase-skip'],
  'recheck-target-requirements': ['phase-skip'],
  'recalculate-health-after-deaths': ['aura-timing'],
  'breadth-first': ['depth-first'],
  'death-phase-once': ['death-phases'],
  'newest-force-play': ['force-play-oldest'],
  'no-board-limit': ['conservation'],
  'unseeded-random': ['determinism'],
  'attack-ignores-game-end': ['game-end'],
  'trigger-keeps-owner': ['trigger-filters'],
  'survives-reads-health': ['survival-check'],
  'aura-loss-takes-health': ['health-arithmetic'],
  'heal-past-maximum': ['health-arithmetic'],
  'attack-past-taunt': ['legality-oracle'],
  'summon-limit-six': ['refusals'],
  'auras-first': ['stat-layers'],
  'deathrattle-summon-right': ['board-positions'],
  'resolve-condition-at-queue': ['condition-timing'],
  'replaced-weapon-vanishes': ['no-mid-phase-deaths'],
  'no-summoning-sickness': ['legality-oracle'],
  'freeze-thaws-after-attack': ['legality-oracle'],
  'revealed-secret-stays': ['secret-revealed'],
  'deaths-newest-first': ['queue-order'],
  'silence-keeps-printed-keywords': ['legality-oracle'],
  'returned-into-full-hand': ['conservation'],
  'play-requirements-ignored': ['legality-oracle'],
  'fatigue-flat': ['resources'],
  'hero-power-twice': ['legality-oracle'],
  'triggers-newest-first': ['queue-order'],
};

/**
 * Mutants whose situation the case generator does not build, killed instead by golden cases: each listed case fails
 * its stated outcome on the mutated engine and its trace breaks the mutant's invariants (mutants.test.ts checks both).
 * recheck-target-requirements needs a target that loses its requirements between the play and the resolution (an
 * aura lost in between), which generated set-ups do not make.
 */
export const GOLDEN_KILLS: Partial<Record<CoreMutantName, readonly string[]>> = {
  'recheck-target-requirements': ['big-game-hunter-ogre-loses-wolf-aura', 'shadow-word-pain-burly-rockjaw-trogg'],
  // A minion attacking the turn it is played, a Frozen character attacking on its next turn: generated games make
  // their attacks legal before they are offered, and the oracle's offers of forbidden attacks come from the set-up.
  'no-summoning-sickness': ['legality-summoning-sickness-and-one-attack'],
  'freeze-thaws-after-attack': ['freeze-after-attacking-lasts-next-turn'],
  // Two minions dying at once, each with a Deathrattle or a death trigger whose order shows: generated games rarely
  // make both; golden traces of such deaths break queue-order.
  'deaths-newest-first': ['auchenai-acolyte-unstable-ghouls-circle'],
  // A Silenced minion with a printed keyword that then acts on it, a return to a full hand: rare in generated games.
  'silence-keeps-printed-keywords': ['silenced-windfury-harpy-attacks-once'],
  'returned-into-full-hand': ['sap-into-full-hand-destroys-the-minion'],
  // A spell played with its play requirements unmet (no weapon, too few minions): generated games play few such cards.
  'play-requirements-ignored': ['play-requirements-without-a-target-refuse-the-play'],
};

/**
 * Mutants of rules about a value no invariant can read from the trace (Armor absorbed, a spell's Spell Damage,
 * damage a Divine Shield stopped: the trace states the damage dealt, not what it was before): each is
 * killed by the stated outcome of the golden cases listed (golden/mutant-kills.test.ts). They serve the mutant
 * diagnosis of final states (differential/verdict.ts): a simulator whose answer one of them reproduces is charged to
 * its rule. Mutants that refuse a Player Action the rules allow are listed here too: the trace states the refusal
 * with the reason the engine gives, and the keywords the invariants judge by are the producer's own statements (a
 * Stealth kept after an attack is stated as Stealth), so no invariant can call the reason false; they serve the
 * diagnosis of a simulator that stops at a legal action (differential/verdict.ts refusalDiagnosis).
 */
export const VALUE_KILLS: Partial<Record<CoreMutantName, readonly string[]>> = {
  'armor-ignored': ['armor-absorbs-damage-first'],
  'spell-damage-ignored': ['spell-damage-spells-only'],
  'shield-lets-damage-through': ['divine-shield-stops-the-first-damage'],
  'rivendare-doubles-weapons': ['baron-rivendare-does-not-double-a-weapon-deathrattle'],
  'combo-counts-itself': ['cold-blood-first-card-no-combo'],
  'secret-on-own-turn': ['secret-does-not-act-on-its-owners-turn'],
  // A Silenced aura minion's lost aura: the trace states a character's stats when they change, so an aura that stays
  // leaves no record to judge.
  'silence-keeps-auras': ['silence-removes-aura-it-grants'],
  // Refusal mutants: each refuses a Player Action the rules allow (the diagnosis of a simulator that stops there).
  'windfury-ignored': ['charge-and-windfury-attacks'],
  'stealth-kept-after-attack': ['stealth-printed-lost-when-minion-attacks'],
  'stolen-cannot-attack': ['blessing-of-wisdom-stolen-draws-for-caster'],
  'spell-damage-both-sides': ['velens-chosen-on-an-enemy-minion-gives-its-controller-spell-damage'],
  'hero-power-spell-damage': ['fireblast-is-not-raised-by-spell-damage'],
  'spell-damage-heals': ['spell-damage-spells-only', 'ogre-magi-spell-damage-raises-moonfire-not-holy-light'],
  'silence-keeps-freeze': ['spellbreaker-silence-thaws-frozen-attacker'],
  'silence-heals': ['silence-of-a-buffed-damaged-minion-keeps-its-health'],
  'defender-weapon-wears': ['attacked-hero-keeps-its-weapon-durability'],
  'stealth-lost-when-damaged': ['stealth-kept-when-the-minion-takes-damage'],
};

/**
 * The profile mutants (engine/mutants.ts PROFILE_MUTANTS): the invariant each must break, and the golden case of its
 * profile whose run shows it (properties/hearthtop.test.ts).
 */
export const PROFILE_KILLS: Record<keyof typeof PROFILE_MUTANTS, { invariant: string; golden: string }> = {
  'ht-thirty-health': { invariant: 'hearthtop-health', golden: 'hearthtop-hero-power-once' },
  'ht-ten-crystals': { invariant: 'hearthtop-mana', golden: 'hearthtop-mana-cap' },
  'ht-seven-minions': { invariant: 'hearthtop-board', golden: 'hearthtop-board-limit' },
  'ht-markers-lost': { invariant: 'hearthtop-cards-accounted', golden: 'hearthtop-spell-discard-and-summon-marks' },
  'ht-deck-end-ignores-marks': { invariant: 'hearthtop-deck-end', golden: 'hearthtop-deck-end-by-marking' },
};
