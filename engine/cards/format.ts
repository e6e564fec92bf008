/**
 * The Arbiter card format (version "arbiter-card/1").
 *
 * Descended from the HearthBreaker tag format (seed 003): auras are reversible modifications applied to what a
 * selector picks; effects are `when` (an event pattern) + actions, each action naming its own selector.
 * Extended with what the advanced rulebook needs: battlecry, deathrattle, spell text, secrets, targets,
 * trigger priority (Rule 2 notes: Redemption / Djinni of Zephyrs always queue last), aura kinds and priority
 * (Rule 4a/4d), and the Rule 5 class of every trigger.
 *
 * This file (with format-select.ts and format-effects.ts, whose types it re-exports) is the single source of the
 * format: spec/schema/card.schema.json is generated from it (`npm run schemas`; the `@description`, `@minimum`,
 * `@dispatch...` tags are for the schema) and every card file in spec/cards/ is validated against that schema when
 * loaded.
 */
import type { CardType, Keyword, PlayerRel, Race, Rule5Class, Selector, Filter } from './format-select.js';
import type { Action, Amount, Condition } from './format-effects.js';

export type * from './format-select.js';
export type * from './format-effects.js';

/**
 * A spell text, battlecry, deathrattle or hero power.
 * @description A spell text, battlecry, deathrattle or hero power: actions, Rule 5 class, and a condition checked again when it resolves (Rule 6 exception).
 */
export interface Ability {
  actions: Action[];
  /** Rule 5 class of the ability (battlecries and spells obey Rule 6 targeting instead; the class still picks random targets). */
  class?: Rule5Class;
  /**
   * Checked when the ability resolves (a Battlecry in its Battlecry Phase, a spell in its Spell Text Phase, a
   * Deathrattle when its entry resolves); false = no effect, recorded (Rule 6 exception: "if you're holding a Dragon").
   */
  condition?: Condition;
}

/**
 * One option of a Choose One card: its own target and text. The player names the option when playing the card
 * (scenario action `choose`, 1-based; 1 when not given). A spell runs it as its spell text, a minion in its
 * Battlecry Phase (not a Battlecry: Brann Bronzebeard does not double it).
 * @description One option of a Choose One card: its own target and text (run as spell text, or in a minion's Battlecry Phase).
 */
export interface Choice {
  text: string;
  /** The option's own play requirements that name no target (CardDefs gives them to the option's card). */
  requires?: PlayRequirements;
  target?: TargetSpec;
  actions: Action[];
  class?: Rule5Class;
  condition?: Condition;
}

/**
 * What a card may target when played (spells, battlecries, hero powers).
 * @description What a card may target when played (spells, battlecries, hero powers).
 */
export interface TargetSpec {
  /** Legal target set. */
  select: Selector;
  /**
   * true: the card can be played without a target when none is legal (most battlecries).
   * @description true: the card can be played without a target when none is legal (most battlecries).
   */
  optional?: boolean;
  /** Requirement to be allowed to target at all ("if you're holding a Dragon"). */
  requires?: Condition;
}

/**
 * Event kinds a trigger can respond to. Each happens in a named Phase of a Sequence, or as an Event inside one.
 * @description Event kinds a trigger can respond to (each happens in a named Phase of a Sequence, or as an Event inside one).
 */
export type EventKind =
  | 'played'        // On Play phase: a card is played from hand (subject: the card)
  | 'spell_cast'    // On Play phase of a spell (subject: the spell; target: its target)
  | 'after_played'  // After Play phase of a minion (subject: the minion)
  | 'after_spell'   // After Spell phase (subject: the spell; target: its target)
  | 'summoned'      // On Summon (subject: the minion)
  | 'after_summon'  // After Summon (subject: the minion)
  | 'damaged'       // a character took damage (subject: it; source: the dealer)
  | 'healed'        // a character was healed (subject: it)
  | 'died'          // a Death in a Death Phase (subject: the dead entity)
  | 'attack'        // Preparation phase (subject: attacker; target: defender)
  | 'after_attack'  // after combat (subject: attacker; target: defender)
  | 'turn_start'    // Start of Turn phase (subject: the active player's hero)
  | 'turn_end'      // End of Turn phase (subject: the active player's hero)
  | 'hero_power'      // a hero power is used (subject: the hero power)
  | 'armor_gained'  // a hero gained Armor (subject: the hero; amount: how much)
  | 'secret_revealed' // a Secret was revealed, once its effect is done (subject: the Secret)
  | 'drawn'         // a card was drawn into a hand (subject: the card); not a card added to a hand
  | 'fatal_damage';  // a hero is about to take damage that would leave it at 0 Health or less, before it is dealt (subject: the hero; amount)

/**
 * @description Which events a trigger responds to: the event kind plus filters on its subject, source and target (relative to the trigger's controller); `player` = whose turn for turn_start / turn_end.
 */
export interface EventPattern {
  on: EventKind;
  /** Filter on the event's subject, relative to the trigger's controller. */
  subject?: Filter;
  /** Filter on the event's source (e.g. "whenever your hero attacks": source of attack is the hero). */
  source?: Filter;
  /** Filter on the event's target (e.g. "when a character attacks your hero"). */
  target?: Filter;
  /** Whose turn: for turn_start / turn_end, whose turn it is relative to the trigger's controller. */
  player?: PlayerRel;
}

/**
 * A trigger. On an enchantment, `is: 'self'` in its event filters means the entity the enchantment is attached to,
 * and `select: 'self'` in its actions means that entity too ('attached' says it explicitly).
 * @description A triggered effect: event pattern, actions, Rule 5 class, priority, queue/resolve conditions (Rule 10b), specific target (Rule 5), secret flag, expiry and actsFor (Blessing of Wisdom).
 */
export interface Trigger {
  when: EventPattern;
  actions: Action[];
  class: Rule5Class;
  /**
   * 'first' / 'last' override order of play (Rule 2 notes).
   * @description 'first' / 'last' override order of play (Rule 2 notes).
   */
  priority?: 'first' | 'last';
  /** Checked when the Queue is populated (Rule 10b); false = not queued. */
  queueCondition?: Condition;
  /** Checked when the entry resolves (Rule 10b, Rule 5b); false = aborted, recorded with its reason. */
  resolveCondition?: Condition;
  /**
   * For Secrets and negative triggers that act on one specific entity: that entity. If it is mortally wounded,
   * pending destroy or gone when the trigger resolves, the trigger aborts (Rule 5).
   */
  specificTarget?: 'event_subject' | 'event_source' | 'event_target';
  /** A Secret: revealed and removed when it resolves (not when it aborts). */
  secret?: boolean;
  /**
   * 'hand': the trigger acts while the card is in its owner's hand, not in play ("when you draw this", Bolvar Fordragon).
   * @description 'hand': the trigger acts while the card is in its owner's hand, not in play.
   * @asEnum
   */
  zone?: 'hand';
  /** The enchantment carrying this trigger is removed after it fires (Conceal-like one-turn effects). */
  expires?: boolean;
  /**
   * Rule 10 exception (Blessing of Wisdom): 'caster' draws/acts for the player who attached the enchantment, no
   * matter who controls it now. Default: the current controller.
   */
  actsFor?: 'controller' | 'caster';
}

/**
 * Reversible modifications an aura or enchantment applies.
 * @description Reversible modifications an aura or enchantment applies.
 */
export interface Mods {
  attack?: number;
  health?: number;
  /** Attack becomes equal to current health (Lightspawn). */
  attackEqualsHealth?: boolean;
  setAttack?: number;
  setHealth?: number;
  /**
   * Attack multiplied at this enchantment's place in the layers (Rule 4d): "double its Attack" doubles the Attack the
   * printed stats and the earlier enchantments give, not what auras add after them, and again when an earlier layer
   * changes (an enchantment that ends).
   * @description Attack multiplied at this enchantment's place in the layers (Rule 4d)
   * @minimum 0
   */
  attackTimes?: number;
  keywords?: Keyword[];
  /**
   * Weapons: extra Durability.
   * @description Weapons: extra Durability.
   */
  durability?: number;
  /**
   * Mana cost change of cards in hand (negative = cheaper), not below `costMinimum` (default 0). "Costs (0)" is a
   * change at least as large as any cost (-100): the cost becomes 0 there, and changes of a later order still apply.
   */
  cost?: number;
  costMinimum?: number;
  /** Healing becomes damage (Auchenai Soulpriest). */
  healingDamages?: boolean;
  /** Deathrattles trigger twice (Baron Rivendare). */
  deathrattlesTwice?: boolean;
  /** Battlecries trigger twice (Brann Bronzebeard). */
  battlecriesTwice?: boolean;
  /**
   * On a player (their hero): the damage and healing of their spells and Hero Power are doubled, again for each such effect (Prophet Velen).
   * @description On a player (their hero): the damage and healing of their spells and Hero Power are doubled, again for each such effect.
   */
  doublesSpellsAndHeroPower?: boolean;
  /**
   * Damage cannot reduce the minion's Health below this (Commanding Shout: 1).
   * @description Damage cannot reduce the minion's Health below this.
   * @minimum 1
   */
  minHealth?: number;
  spellDamage?: number;
  /** Stolen until this enchantment ends; `memory` of the side to go back to (Shadow Madness, Rule 10 exception). */
  stolen?: boolean;
  frozen?: boolean;
}

/**
 * @description A continuous effect: mods applied to what the selector picks, refreshed only at Aura Updates.
 */
export interface Aura {
  /**
   * Rule 4a: health_attack auras update before the Death Creation Step, other and mana_cost after it.
   * @description Rule 4a: health_attack auras update before the Death Creation Step, other and mana_cost after it.
   */
  kind: 'health_attack' | 'other' | 'mana_cost';
  mods: Mods;
  /** Entities (or, for mana_cost, cards in hand) the aura affects; evaluated only at Aura Updates. */
  selector: Selector;
  /** The aura is on only while this holds (checked at each Aura Update): "while you have a Mech", Southsea Deckhand. */
  condition?: Condition;
  /** The numbers of `mods` (attack, health, cost, spellDamage) are multiplied by this amount, evaluated at each Aura Update (Old Murk-Eye). */
  times?: Amount;
  /**
   * Aura priority (Rule 4 notes): lower first. Default 0; Summoning Portal -10 ("always first"), Lightspawn 100 ("always last").
   * @description Lower first. Default 0; Summoning Portal -10, Lightspawn 100.
   * @fractional
   */
  priority?: number;
}

/**
 * @description One card (format arbiter-card/1): identity, stats, keywords, and its behaviour as abilities, triggers and auras.
 */
export interface CardDef {
  format?: 'arbiter-card/1';
  /**
   * The card's id in the game data (CardDefs.xml CardID), or an Arbiter id for synthetic cards.
   * @minLength 1
   */
  id: string;
  /** @minLength 1 */
  name: string;
  type: CardType;
  /** @minimum 0 */
  cost?: number;
  /** @minimum 0 */
  attack?: number;
  /** @minimum 0 */
  health?: number;
  /** @minimum 0 */
  durability?: number;
  race?: Race;
  rarity?: 'free' | 'common' | 'rare' | 'epic' | 'legendary';
  text: string;
  /**
   * Where the stats/text come from: "CardDefs 2.8.0.9554" or "seed 001: <blurb>" or "synthetic".
   * @minLength 1
   */
  source: string;
  /** A token (not collectible): summoned or created by other cards. */
  token?: boolean;
  keywords?: Keyword[];
  /** A Secret spell: when cast it goes to the secret zone and its `triggers` become active. */
  secret?: boolean;
  /** Spells, battlecries and hero powers: what may be targeted. */
  target?: TargetSpec;
  /** Spell text (Spell Text phase) or hero power effect. */
  spell?: Ability;
  /** The text a played minion or weapon resolves in its Battlecry Phase: a Battlecry, or its Combo text (`combo`). */
  battlecry?: Ability;
  /**
   * The `battlecry` is the card's Combo text (CardDefs tag COMBO, no BATTLECRY: SI:7 Agent, Defias Ringleader): it
   * resolves when the card is played like a Battlecry, but the card is no Battlecry minion (Nerub'ar Weblord, Rumbling
   * Elemental) and Brann Bronzebeard does not double it.
   */
  combo?: boolean;
  deathrattle?: Ability;
  triggers?: Trigger[];
  /** Auras while in play; on an enchantment card, while it is attached to an entity in play (a player-level effect on the hero: "the next Secret you play costs (0)"). */
  auras?: Aura[];
  /** Enchantment cards: what they modify while attached. */
  mods?: Mods;
  /**
   * Enchantment cards: removed at the start of its controller's turn, at the end of this turn, or at the end of the
   * next turn (an effect "next turn" given on this one: Loatheb).
   */
  expires?: 'start_of_controller_turn' | 'end_of_turn' | 'end_of_next_turn';
  /**
   * Hero cards: their hero power card id.
   * @minLength 1
   */
  heroPower?: string;
  /**
   * Choose One: the options, in the card text's order.
   * @description Choose One: the options, in the card text's order.
   * @minItems 2
   */
  chooseOne?: Choice[];
  /**
   * Overload: (N): playing the card locks N of its player's Mana Crystals next turn.
   * @description Overload: (N): playing the card locks N of its player's Mana Crystals next turn.
   * @minimum 1
   */
  overload?: number;
  /** A cost that depends on the game: added to the cost while the card is in hand (negative = cheaper; Sea Giant). */
  costChange?: Amount;
  /**
   * What must hold for the card (or Hero Power) to be played, beside its mana and its target: CardDefs' play
   * requirements without a target. Unmet, the play is refused (rule legality).
   * @description play requirements without a target (CardDefs PlayRequirement): unmet, the play is refused (rule legality)
   */
  requires?: PlayRequirements;
}

/** CardDefs play requirements that name no target (reqID 12, 13, 19, 23, 45). */
export interface PlayRequirements {
  /**
   * Free minion slots its player's board must have (reqID 12, REQ_NUM_MINION_SLOTS: Mirror Image, Mind Control).
   * @minimum 1
   */
  freeSlots?: number;
  /**
   * Free minion slots its player's board must have while its text has a legal target (reqID 19,
   * REQ_MINION_CAP_IF_TARGET_AVAILABLE: Cabal Shadow Priest needs room for itself and the minion it takes).
   * @minimum 1
   */
  freeSlotsIfTarget?: number;
  /** Its player must have a weapon equipped (reqID 13, REQ_WEAPON_EQUIPPED: Deadly Poison, Blade Flurry). */
  weapon?: boolean;
  /**
   * Enemy minions that must be in play, at least (reqID 23, REQ_MINIMUM_ENEMY_MINIONS: Forked Lightning, Cleave).
   * @minimum 1
   */
  enemyMinions?: number;
  /**
   * Minions that must be in play on both boards together, at least (reqID 45, REQ_MINIMUM_TOTAL_MINIONS: Brawl).
   * @minimum 1
   */
  minions?: number;
}
