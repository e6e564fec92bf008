/**
 * The Arbiter card format (version "arbiter-card/1").
 *
 * Descended from the HearthBreaker tag format (seed 003): auras are reversible modifications applied to what a
 * selector picks; effects are `when` (an event pattern) + actions, each action naming its own selector.
 * Extended with what the advanced rulebook needs: battlecry, deathrattle, spell text, secrets, targets,
 * trigger priority (Rule 2 notes: Redemption / Djinni of Zephyrs always queue last), aura kinds and priority
 * (Rule 4a/4d), and the Rule 5 class of every trigger.
 *
 * This file is the single source of the format: spec/schema/card.schema.json is generated from it (`npm run
 * schemas`; the `@description`, `@minimum`, `@dispatch...` tags are for the schema) and every card file in spec/cards/
 * is validated against that schema when loaded.
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
 * A random card of the pool (a recorded random choice): a collectible card (never a token) with all the given
 * properties, picked from the pool in id order. "A random 2-Cost minion", "a random Beast", "a random legendary minion".
 * @description A random collectible card of the pool with all the given properties (a recorded random choice).
 */
export interface CardQuery {
  type?: 'minion' | 'spell' | 'weapon';
  /** A number, or an amount evaluated when the card is picked ("a random minion with the same Cost": the target's cost). */
  cost?: Amount;
  race?: Race;
  legendary?: boolean;
}

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

/**
 * An integer, or a computed integer.
 * @description An integer, or a computed integer: {count, times?, plus?} (a count of a selector), {if, then, else} (a conditional), {min, max} (a random integer, a recorded random choice), or {stat, of, plus?} (a stat of a selected entity). A union discriminated by its key (if/then dispatch, so errors name the branch that was meant). {recall} reads an amount a `remember` action stored.
 * @dispatch
 * @dispatchSteps
 * @dispatchNames Amount_%s
 */
export type Amount =
  | number
  | {
    /** @describesBranch The number of entities a selector picks, times `times`, plus `plus`. */
    count: Selector; times?: number; plus?: number }
  | {
    /** @describesBranch `then` if the condition holds, else `else`. */
    if: Condition; then: Amount; else: Amount }
  | {
    /** @describesBranch A random integer in [min, max] (a recorded random choice). */
    min: number; max: number } // random in [min, max], a recorded random choice
  | {
    /** @describesBranch A stat of the first entity the selector picks (0 if none), times `times`, plus `plus`. */
    stat: Stat; of: Selector; plus?: number; times?: number;
    /** @description the stat summed over every selected entity */
    all?: boolean } // a stat of the first selected entity (0 if none; `all`: summed over all of them), times `times`, plus `plus`
  | {
    /** @describesBranch A game counter of `player` (default friendly; both = the sum), times `times`, plus `plus`. */
    counter: Counter; player?: PlayerRel; times?: number; plus?: number } // a game counter (see Counter)
  | {
    /**
     * @describesBranch The sum of several amounts.
     * @minItems 1
     */
    sum: Amount[] }                                         // the sum of several amounts
  | {
    /** @describesBranch The amount of the triggering event (damage dealt, Health restored), times `times`, plus `plus`. */
    eventAmount: true; times?: number; plus?: number }      // the amount of the triggering event (damage dealt, Health restored)
  | {
    /** @describesBranch An amount a `remember` action of this ability stored (0 if none), times `times`, plus `plus`. */
    recall: string; times?: number; plus?: number };       // an amount a `remember` action of this ability stored (0 if none)

/**
 * Stats an Amount can read from an entity.
 * @description Stats an Amount can read from an entity.
 */
export type Stat = 'attack' | 'health' | 'damage' | 'armor' | 'durability' | 'cost' | 'maxHealth';

/**
 * Game counters an Amount can read, for the given player(s) (default friendly):
 * - cards_played_earlier_this_turn: cards the player played from hand this turn before the card carrying the ability
 * (all of them when that card was not played this turn). Combo = at least 1.
 * - minions_played_this_turn: minions the player played from hand this turn.
 * - spell_damage: the player's Spell Damage now.
 * - minions_died_this_turn: minions of the player that died this turn.
 * - overloaded: the player's Mana Crystals locked this turn by Overload.
 * - mana_crystals: the player's Mana Crystals (maximum mana); mana: the mana left now.
 * @description Game counters an Amount can read: cards_played_earlier_this_turn (cards the player played this turn before the card carrying the ability; Combo), minions_died_this_turn, overloaded (crystals locked this turn), mana_crystals, mana (left now). minions_played_this_turn: minions played from hand this turn; spell_damage: the player's Spell Damage now.
 */
export type Counter = 'cards_played_earlier_this_turn' | 'minions_played_this_turn' | 'spell_damage' | 'minions_died_this_turn' | 'overloaded' | 'mana_crystals' | 'mana';

/**
 * A test on the game state, evaluated when its timing says (queue time or resolve time, Rule 10b).
 * @description A test on the game state, evaluated when its timing says (queue time or resolve time, Rule 10b). A union discriminated by its key: exists, notExists, countAtLeast (+ n), holdingRace, test (+ filter), boardHasSpace, chance, all, any, not (if/then dispatch, so errors name the branch that was meant).
 * @dispatch
 * @dispatchSteps
 * @dispatchNames Condition_%s
 * @dispatchEnd propertyNames
 */
export type Condition =
  | {
    /** @describesBranch At least one entity matches. */
    exists: Selector }               // at least one entity matches
  | {
    /** @describesBranch No entity matches. */
    notExists: Selector }
  | {
    /** @describesBranch At least n entities match. */
    countAtLeast: Selector; n: number }
  | {
    /** @describesBranch "If you're holding a Dragon". */
    holdingRace: Race }              // "if you're holding a Dragon"
  | {
    /** @describesBranch Every selected entity passes the filter (and at least one is selected). */
    test: Selector; filter: Filter } // every selected entity passes the filter (and at least one is selected)
  | {
    /** @describesBranch That side's board has room for a minion. */
    boardHasSpace: PlayerRel }
  | {
    /**
     * @describesBranch A recorded random choice: true with this probability.
     * @minimum 0
     * @maximum 1
     * @fractional
     */
    chance: number }                 // a recorded random choice: true with this probability
  | {
    /** @describesBranch All hold. */
    all: Condition[] }
  | {
    /** @describesBranch At least one holds. */
    any: Condition[] }
  | {
    /** @describesBranch Negation. */
    not: Condition }
  | {
    /** @describesBranch An amount within bounds: at least `atLeast` and at most `atMost` (Combo: cards played earlier this turn at least 1). */
    compare: Amount; atLeast?: number; atMost?: number } // an amount within bounds (Combo: cards played earlier >= 1)
  | {
    /** @describesBranch Whose turn it is, relative to the ability's player ("on your turn"). */
    activePlayer: PlayerRel }        // whose turn it is ("on your turn")
  | {
    /** @describesBranch A selected character's attack is under way ("while attacking"). */
    attacking: Selector };            // a selected character's attack is under way ("while attacking")

/** Actions: permanent (damage, destroy, draw...) and reversible ones carried as enchantments. */
/**
 * Summon positions: 'both_sides' alternates right then left of the summoner (Dr. Boom's two Boom Bots).
 * @description One action of an ability: a union keyed on `do` (one Action_<do> branch per kind; if/then dispatch on `do`, so errors name the branch that was meant). Permanent actions (damage, destroy, draw...) and reversible ones carried as enchantments.
 * @dispatchSteps
 * @dispatchNames Action_%s
 */
export type Action =
  | {
    /** @describesBranch Deal damage to every selected character. */
    do: 'damage'; to: Selector; amount: Amount; spellDamage?: boolean;
    /** @description the amount is evaluated for every target (selector `each`); all are hit at once */
    each?: boolean; by?: Selector } // each: the amount is evaluated for every target (selector `each`), all hit at once; by: the damage is dealt by the first selected entity instead of the card (Betrayal)
  | {
    /** @describesBranch Restore Health to every selected character. */
    do: 'heal'; to: Selector; amount: Amount }
  | {
    /** @describesBranch Deal damage one point at a time, a random target each time. */
    do: 'split_damage'; among: Selector; amount: Amount; spellDamage?: boolean } // one damage at a time, random target each
  | {
    /** @describesBranch Destroy (mark pending destroy). */
    do: 'destroy'; to: Selector } // a selected Secret leaves at once, unrevealed; a card in a hand goes to the graveyard
  | {
    /** @describesBranch Draw cards. */
    do: 'draw'; player?: PlayerRel | 'caster'; count?: Amount; filter?: Filter } // filter: a random card of the deck that passes it (none: nothing)
  | {
    /** @describesBranch Summon a card (or a random one of a list). */
    do: 'summon'; card: string | {
    /** @minItems 1 */
    randomOf: string[] } | { random: CardQuery }; count?: Amount; player?: PlayerRel; position?: 'right' | 'right_of_self' | 'left_of_self' | 'both_sides' }
  | {
    /** @describesBranch Give +Attack/+Health and keywords (as an enchantment); `until: end_of_turn` makes it last this turn only. */
    do: 'buff'; to: Selector; attack?: Amount; health?: Amount;
    /** @minLength 1 */
    enchantment?: string; keywords?: Keyword[]; until?: 'end_of_turn'; cost?: Amount } // keywords: granted too; until: the buff lasts this turn only; cost: a cost change of a card (negative = cheaper)
  | {
    /** @describesBranch Attach an enchantment card (may carry triggers / deathrattle). */
    do: 'give'; to: Selector;
    /** @minLength 1 */
    enchantment: string }   // attach an enchantment card (may carry triggers / deathrattle)
  | {
    /** @describesBranch Freeze. */
    do: 'freeze'; to: Selector }
  | {
    /** @describesBranch Take control permanently. */
    do: 'take_control'; to: Selector } // a minion, or a Secret (it joins the taker's Secrets; destroyed when the taker has it already or no room)
  | {
    /** @describesBranch Return to its owner's hand. */
    do: 'return_to_hand'; to: Selector; costIncrease?: number }
  | {
    /** @describesBranch Transform into a card id, or 'copy_of_target'. */
    do: 'transform'; to: Selector;
    /** @description a card id, "copy_of_target", one of a list at random, or a random card of the pool */
    into: string | 'copy_of_target' | {
    /** @minItems 1 */
    randomOf: string[] } | { random: CardQuery } }
  | {
    /** @describesBranch Force play from deck or hand (Rule 2 note: the new minion becomes the oldest). */
    do: 'put_into_play'; from: 'deck' | 'hand'; filter: Filter; count?: number; player?: PlayerRel } // force play (Rule 2 note: the bug); player: whose deck/hand, onto their side
  | {
    /** @describesBranch Put copies into a hand. */
    do: 'copy_to_hand'; of: Selector; count?: number; player?: PlayerRel }
  | {
    /** @describesBranch Summon a fresh copy of a dead minion. */
    do: 'resurrect'; of: Selector; health?: number }   // summon a fresh copy of a dead minion
  | {
    /** @describesBranch Gain Armor. */
    do: 'gain_armor'; amount: Amount; player?: PlayerRel }
  | {
    /** @describesBranch Equip a weapon card. */
    do: 'equip'; card: string | {
    /** @minItems 1 */
    randomOf: string[] } | { random: CardQuery }; player?: PlayerRel } // a random weapon is picked for each player
  | {
    /** @describesBranch Counter the spell being cast (event_subject). */
    do: 'counter' }                                    // counter the spell being cast (event_subject)
  | {
    /** @describesBranch The attack's new defender (Misdirection, Noble Sacrifice). */
    do: 'redirect_attack'; to: Selector }              // the attack's new defender (Misdirection, Noble Sacrifice)
  | {
    /** @describesBranch The spell's new target (Spellbender). */
    do: 'redirect_spell'; to: Selector }               // the spell's new target (Spellbender)
  | {
    /** @describesBranch Trigger the Deathrattles of the selected minions (Feign Death). */
    do: 'trigger_deathrattles'; of: Selector }         // Feign Death
  | {
    /** @describesBranch Replace the hero (Lord Jaraxxus). */
    do: 'replace_hero';
    /** @minLength 1 */
    hero: string;
    /** @minLength 1 */
    weapon?: string } // Lord Jaraxxus
  | {
    /** @describesBranch Cast a copy of the triggering spell on this (Djinni of Zephyrs). */
    do: 'cast_copy'; on: Selector }                    // Djinni of Zephyrs: cast a copy of the spell on this
  | {
    /** @describesBranch Conditional actions. */
    do: 'if'; condition: Condition; then: Action[]; else?: Action[] }
  | {
    /** @describesBranch Silence. */
    do: 'silence'; to: Selector }
  /** Rule 3 / Rule 8 exception: kill mortally wounded and pending-destroy minions now, in a Forced Death Phase. */
  | {
    /** @describesBranch Rule 3 / Rule 8 exception: kill mortally wounded and pending-destroy minions now, in a Forced Death Phase. */
    do: 'force_death_phase' }
  | {
    /** @describesBranch Discard random cards from hand (each a recorded random choice). */
    do: 'discard'; count?: Amount; player?: PlayerRel }   // random cards from hand, each a recorded random choice
  | {
    /** @describesBranch Change Attack and/or Health to a value (an enchantment setting it; Health becomes that maximum, undamaged). */
    do: 'set_stats'; to: Selector; attack?: Amount; health?: Amount } // "change Attack/Health to": an enchantment setting the value
  | {
    /** @describesBranch Gain Mana Crystals (full or empty, at most 10) or mana this turn only. */
    do: 'gain_mana'; amount: Amount; player?: PlayerRel; crystals?: 'full' | 'empty' | 'this_turn' } // Mana Crystals (max 10), or mana this turn only
  | {
    /** @describesBranch Destroy Mana Crystals of `player` (full ones first). */
    do: 'destroy_mana'; amount: Amount; player?: PlayerRel }   // destroy Mana Crystals (full ones first)
  | {
    /** @describesBranch Unlock the Mana Crystals Overload locked this turn, and forget what it owes for next turn. */
    do: 'unlock_overload'; player?: PlayerRel }                // unlock the crystals Overload locked this turn (and owed for next)
  | {
    /** @describesBranch Shuffle copies of the selected entities' cards (or of `card`) into `player`'s deck at random places; `move`: the selected minions themselves leave play into their controller's deck. */
    do: 'shuffle_into_deck'; of?: Selector; card?: string; count?: Amount; player?: PlayerRel; move?: boolean } // copies of `of`'s cards (or `card`), at random places; `move`: the selected minions themselves leave play into their controller's deck
  | {
    /** @describesBranch Heal the selected characters to full Health. */
    do: 'restore_full'; to: Selector }
  | {
    /** @describesBranch Summon a fresh copy of each selected minion's card. */
    do: 'summon_copy'; of: Selector; player?: PlayerRel; position?: 'right' | 'right_of_self' | 'left_of_self';
    /** @description An exact copy: with the original's enchantments and damage. */
    exact?: boolean } // a fresh copy of each selected minion's card (Mirror Entity); exact: with its enchantments and damage
  | {
    /** @describesBranch Put a new card into the hand of `player` (not a draw; the hand limit applies), optionally with an enchantment on it. */
    do: 'add_to_hand'; card: string | {
    /** @minItems 1 */
    randomOf: string[] } | { random: CardQuery }; count?: Amount; player?: PlayerRel; enchantment?: string } // a new card into the hand (not a draw), optionally enchanted
  | {
    /** @describesBranch Weapons: change Durability by `amount` (negative removes it). */
    do: 'durability'; to: Selector; amount: Amount } // weapons: change Durability (negative = remove)
  | {
    /** @describesBranch Destroy the top cards of `player`'s deck (they are not drawn). */
    do: 'mill'; count: Amount; player?: PlayerRel }           // destroy the top cards of a deck (not drawn)
  | {
    /** @describesBranch The selected entities lose these keywords, printed or given (Divine Shield goes without damage). */
    do: 'remove_keywords'; to: Selector;
    /** @minItems 1 */
    keywords: Keyword[] } // "loses Divine Shield / Stealth" (printed or given)                         // heal to full Health
  | {
    /** @describesBranch Run the actions again until the condition holds after a round (at most `max` rounds): "repeat until a minion dies". */
    do: 'repeat'; actions: Action[]; until: Condition;
    /** @minimum 1 */
    max: number } // run the actions again until the condition holds after a round (at most `max` rounds)
  | {
    /** @describesBranch Evaluate an amount once and keep it for the rest of this ability (read back with {recall}). */
    do: 'remember'; as: string; amount: Amount }       // evaluate an amount once and keep it for this ability (`{recall: as}`)
  | {
    /** @describesBranch The first entities of a and b swap Health: each gets the other's current Health as its new, undamaged Health. */
    do: 'swap_health'; a: Selector; b: Selector }      // the first entities of a and b swap Health: each gets the other's current Health as its new, undamaged Health
  | {
    /** @describesBranch A character's current Health becomes the amount (its maximum is kept, raised if lower). */
    do: 'set_remaining_health'; to: Selector; amount: Amount } // a character's current Health becomes the amount (its maximum is kept, raised if lower)
  | {
    /** @describesBranch Each selected entity gains one of the keywords, picked at random for it (a recorded random choice). */
    do: 'random_keyword'; to: Selector;
    /** @minItems 1 */
    keywords: Keyword[] } // each selected entity gains one of the keywords, picked at random for it
  | {
    /** @describesBranch The player's hero power becomes a new one of this card (unused this turn). */
    do: 'replace_hero_power'; card: string; player?: PlayerRel } // the player's hero power becomes a new one of this card (unused this turn)
  | {
    /** @describesBranch This minion goes to the hand and a random card of the hand passing the filter takes its place (put into play, not played). */
    do: 'swap_with_hand'; filter?: Filter };            // this minion goes to the hand and a random card of the hand passing the filter takes its place (put into play, not played)

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
  battlecry?: Ability;
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
}
