/**
 * The Arbiter card format (arbiter-card/1), its first part: card types, keywords, races, and what picks and tests
 * entities (selectors and filters). engine/cards/format.ts is the format's entry point and re-exports these.
 */

/**
 * @description Kind of card.
 */
export type CardType = 'minion' | 'spell' | 'weapon' | 'hero' | 'hero_power' | 'enchantment';

/**
 * Relation to the controller of the card/trigger that is asking (Rule 10: current controller, no memory).
 * @description Relation to the controller of the card/trigger that is asking (Rule 10: current controller, no memory).
 */
export type PlayerRel = 'friendly' | 'enemy' | 'both';

/**
 * Rule 5 class of a trigger or ability.
 * - negative: damaging / destroying / hindering / misdirecting. Ignores mortally wounded and pending-destroy
 * characters when it picks targets; a Secret of this class aborts when its specific target is one of them.
 * - beneficial: healing / buffing. Counts mortally wounded characters.
 * - aoe: area of effect. Counts mortally wounded characters.
 * - neutral: neither (draw a card, summon, copy): Rule 5 does not apply.
 * @description Rule 5 class of a trigger or ability: negative (damaging/destroying/hindering/misdirecting; ignores mortally wounded and pending-destroy characters), beneficial (healing/buffing; counts them), aoe (counts them), neutral (draw, summon, copy; Rule 5 does not apply).
 */
export type Rule5Class = 'negative' | 'beneficial' | 'aoe' | 'neutral';

/**
 * cant_attack: "Can't Attack"; untargetable: "Can't be targeted by spells or Hero Powers"; mega_windfury: four attacks a
 * turn; cleave: "also damages the minions next to whomever it attacks"; attack_costs_attack (a weapon): "attacking a
 * minion costs 1 Attack instead of 1 Durability".
 * @description Keyword abilities. cleave: also damages the minions next to whomever it attacks; attack_costs_attack (a weapon): attacking a minion costs 1 Attack instead of 1 Durability.
 */
export type Keyword = 'taunt' | 'divine_shield' | 'charge' | 'stealth' | 'windfury' | 'poisonous' | 'immune' | 'cant_attack' | 'untargetable' | 'mega_windfury' | 'cleave' | 'attack_costs_attack';


/**
 * @description Minion race (tribe).
 */
export type Race = 'beast' | 'demon' | 'dragon' | 'mech' | 'murloc' | 'pirate' | 'totem';

/**
 * A test on one entity. All given fields must hold (logical AND).
 * @description A test on one entity. All given fields must hold (logical AND).
 */
export interface Filter {
  /**
   * 'self' = the entity carrying the ability; 'other' = anything but it; 'any' (default).
   * @description 'self' = the entity carrying the ability; 'other' = anything but it; 'any' (default).
   */
  is?: 'self' | 'other' | 'any';
  /**
   * minion, hero, character (= minion or hero), weapon, secret, spell, card (anything).
   * @description minion, hero, character (= minion or hero), weapon, secret, spell, card (anything).
   */
  type?: 'minion' | 'hero' | 'character' | 'weapon' | 'secret' | 'spell' | 'card';
  player?: PlayerRel;
  race?: Race;
  keyword?: Keyword;
  /**
   * Has a Battlecry (and is not silenced).
   * @description Has a Battlecry (and is not silenced).
   */
  hasBattlecry?: boolean;
  hasDeathrattle?: boolean;
  /**
   * Rule 5b: mortally wounded (health <= 0) or pending destroy.
   * @description Rule 5b: mortally wounded (health <= 0) or pending destroy.
   */
  mortallyWoundedOrPendingDestroy?: boolean;
  attackAtLeast?: number;
  attackAtMost?: number;
  /**
   * Has taken damage (Health below its maximum): Enrage-style "while damaged" auras.
   * @description Has taken damage (Health below its maximum): Enrage-style "while damaged" auras.
   */
  damaged?: boolean;
  /**
   * Card id equality (for "another Grim Patron"-style needs; generic, never a name check in code).
   * @description Card id equality.
   * @minLength 1
   */
  card?: string;
  /**
   * The entity plays this role in the triggering event (e.g. `not: {role: 'event_subject'}` = not the attacker).
   * @description The entity plays this role in the triggering event.
   */
  role?: 'event_subject' | 'event_target' | 'event_source' | 'target';
  legendary?: boolean;
  /**
   * Mana cost (current, with cost changes) at least / at most / exactly.
   * @description Current mana cost at least this.
   */
  costAtLeast?: number;
  /** @description Current mana cost at most this. */
  costAtMost?: number;
  /**
   * A minion that died this turn (graveyard selections).
   * @description A minion that died this turn (graveyard selections).
   */
  diedThisTurn?: boolean;
  /**
   * Frozen now.
   * @description Frozen now.
   */
  frozen?: boolean;
  /**
   * A card with Overload.
   * @description A card with Overload.
   */
  hasOverload?: boolean;
  not?: Filter;
  /**
   * Every one of these must pass too (e.g. `and: [{not: {role: 'event_subject'}}, {not: {type: 'hero', player: 'friendly'}}]`).
   * @description Every one of these filters must pass (e.g. not the attacker and not your hero).
   * @minItems 1
   */
  and?: Filter[];
}

/**
 * Picks entities for an action. Selectors compose as sets: a base set, then a filter (fields AND together; `not` and `and` combine filters), then Rule 5, then a random pick.
 * @description Picks entities for an action: a base set, then filter, then random pick.
 */
export interface Selector {
  /**
   * Base set:
   * - self: the entity carrying the ability (for an enchantment: the entity it is attached to is `attached`).
   * - attached: the entity an enchantment is attached to.
   * - target: the chosen target of the spell / battlecry / hero power.
   * - event_subject: the subject of the triggering event (damaged, healed, died, summoned, played, attacker...).
   * - event_source: the source of the triggering event (the damage dealer, the spell cast...).
   * - event_target: the defender of an attack / the target of a spell being cast.
   * - hero: heroes; minions; characters (heroes + minions); weapon; secrets;
   * - adjacent: the minions next to `of` (default: target).
   * - summoned: the entities summoned by the previous action of this ability; drawn: the cards it drew so far.
   * - hero_power: the player's hero power.
   * - added: the cards `add_to_hand` put into a hand during this ability.
   * - each: the entity a per-target amount is evaluated for (a `damage` action with `each: true`).
   * - hand / deck: cards in hand / deck; graveyard: minions, weapons and spells that left play this game (minions that
   * died: `filter: {type: 'minion', diedThisTurn: true}` for "that died this turn").
   * @description Base set. self: the entity carrying the ability; attached: the entity an enchantment is attached to; target: the chosen target; event_subject / event_source / event_target: parties of the triggering event; hero, minions, characters, weapon, secrets, hand, deck: those of `player`; adjacent: the minions next to `of`; summoned: what the previous action of this ability summoned.; graveyard: cards of `player` that left play this game (minions that died, spells cast, weapons destroyed).; drawn: the cards this ability drew so far; each: the entity a per-target amount is evaluated for.; added: the cards add_to_hand put into a hand during this ability; hero_power: the player's hero power.
   */
  select:
    | 'self' | 'attached' | 'target' | 'event_subject' | 'event_source' | 'event_target'
    | 'hero' | 'minions' | 'characters' | 'weapon' | 'secrets' | 'adjacent' | 'summoned' | 'hand' | 'deck' | 'graveyard' | 'drawn' | 'each' | 'added' | 'hero_power';
  player?: PlayerRel;
  /**
   * For 'adjacent': whose neighbours.
   * @description For 'adjacent': whose neighbours (default: target).
   */
  of?: 'self' | 'target' | 'event_subject';
  /**
   * Include the target itself together with its neighbours (Cone of Cold).
   * @description Include the `of` entity itself together with its neighbours (Cone of Cold).
   */
  includeOf?: boolean;
  filter?: Filter;
  /**
   * Pick this many at random (each pick a recorded random choice).
   * @description Pick this many at random (each pick a recorded random choice).
   * @minimum 1
   */
  random?: number;
  /**
   * Keep every entity but this many picked at random (each pick a recorded random choice): "all minions except one".
   * @description Keep every entity but this many picked at random: "all minions except one".
   * @minimum 1
   */
  exceptRandom?: number;
}
