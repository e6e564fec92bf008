/**
 * The Arbiter card format (arbiter-card/1), its second part: amounts, conditions and actions (the unions keyed on
 * `do` or on which key is present). engine/cards/format.ts is the format's entry point and re-exports these.
 */
import type { Filter, Keyword, PlayerRel, Race, Selector } from './format-select.js';

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
    enchantment?: string; keywords?: Keyword[];
    /** @asEnum */
    until?: 'end_of_turn'; cost?: Amount } // keywords: granted too; until: the buff lasts this turn only; cost: a cost change of a card (negative = cheaper)
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
