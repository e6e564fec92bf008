/**
 * Scenarios (version "arbiter-scenario/1"): a game set up mid-turn, the actions to take, forced random outcomes and
 * the expected outcome. spec/schema/scenario.schema.json is generated from these types (`npm run schemas`).
 */
import type { Forced } from '../random.js';

export type PlayerName = 'A' | 'B';

export interface EnchantmentSetup {
  card: string;
  /**
   * The player who cast it (default: the controller of the minion it is on); enchantments that remember their caster use it.
   * @description who cast it (default: the controller of the minion it is on)
   */
  caster?: PlayerName;
}

export interface CardSetup {
  card: string;
  /** @pattern ^[A-Za-z][A-Za-z0-9_-]*$ */
  label?: string;
  /**
   * Damage taken; on a weapon: Durability already lost.
   * @minimum 0
   */
  damage?: number;
  enchantments?: (string | EnchantmentSetup)[];
  exhausted?: boolean;
  frozen?: boolean;
  /** Extra attack/health applied as a plain enchantment ("buffed to 1/5"). */
  buff?: { attack?: number; health?: number };
  /**
   * A board minion that was force-played (put into play from a hand or deck by an effect): the oldest in the order of play (Rule 2a note).
   * @description a minion on the board that was force-played (put into play from a hand or deck by an effect): it is the oldest in the order of play (rulebook, Rule 2a note on Force play)
   */
  forcePlayed?: boolean;
}

/** @description a card name or id, or an object with card, label, damage, enchantments, buff, exhausted, frozen, forcePlayed */
export type CardRef = string | CardSetup;

export interface PlayerSetup {
  hero?: string;
  heroLabel?: string;
  health?: number;
  /** @minimum 0 */
  armor?: number;
  /**
   * @minimum 0
   * @maximum 10
   */
  mana?: number;
  /** @maxItems 7 */
  board?: CardRef[];
  /** @maxItems 10 */
  hand?: CardRef[];
  deck?: CardRef[];
  /** @maxItems 5 */
  secrets?: CardRef[];
  weapon?: CardRef;
  /** @minimum 0 */
  fatigue?: number;
}

/**
 * @minimum 1
 * @maximum 1000
 */
type TurnNumber = number;

/** @description the Dominant Player (PLAYER_ID 1 in a real game, default A): the set-up's entities that setup.order does not list entered play this player's first (an assumption, see golden/README.md) */
type Dominant = PlayerName;

/**
 * A position in a dealt hand, 0 first.
 * @minimum 0
 * @maximum 4
 */
type HandPosition = number;

export interface Setup {
  /** The player whose turn it is (Hearthtop `start`: the first player). */
  active?: PlayerName;
  /**
   * The turn number (default 1).
   * @description the turn number (default 1)
   */
  turn?: TurnNumber;
  /** The Dominant Player (PLAYER_ID 1, default A): set-up entities `order` does not list entered play this player's first. */
  dominant?: Dominant;
  A?: PlayerSetup;
  B?: PlayerSetup;
  /**
   * Order of play, oldest first, by label: these entities come after all unlisted ones, in this order.
   * @description order of play, oldest first, by label
   */
  order?: string[];
  /**
   * Hearthtop: the shared draw deck, top first (playing card codes); unplaced cards fill it below, in a seeded order.
   * @description hearthtop: the shared draw deck, top first (playing card codes such as "7H", "10S", "QD"); the cards the set-up does not place fill it below these, in an order from the seed
   */
  deck?: CardRef[];
  /**
   * Hearthtop: how many cards the shared deck holds (default: all unplaced cards); the rest are in the discard pile.
   * @minimum 0
   * @maximum 52
   * @description hearthtop: how many cards the shared deck holds (default: every card the set-up does not place); the rest of the 52 are in the discard pile
   */
  deckSize?: number;
  /**
   * Hearthtop: a new game by the Setup rules (deal 4 and 5, mulligan, the joker, the first Upkeep).
   * @description hearthtop: set up a new game by the Setup rules (deal 4 and 5 from the deck, mulligan, the joker to the second player, the first player's first Upkeep)
   */
  start?: boolean;
  /**
   * Hearthtop with `start`: positions in each dealt hand (0 first) set aside and drawn again.
   * @description hearthtop with start: the positions in each dealt hand (0 first) the player sets aside and draws again
   */
  mulligan?: Partial<Record<PlayerName, HandPosition[]>>;
}

/**
 * `illegal: true`: the action breaks the game's rules; the engine must refuse it, and the game goes on unchanged.
 * @description one of {play, target?, position?, choose?, illegal?}, {attack, defender, illegal?}, {heroPower, target?, illegal?}, {endTurn: true}
 */
export type ScenarioAction = PlayAction | AttackAction | HeroPowerAction | EndTurnAction;

/** @description the action breaks the game's rules (mana, a frozen or exhausted attacker, Stealth, Taunt, an illegal target, a full board): the engine must refuse it and the game goes on unchanged */
type Illegal = true;

export interface PlayAction {
  play: string;
  target?: string;
  /**
   * @minimum 0
   * @maximum 7
   */
  position?: number;
  illegal?: Illegal;
  /**
   * Choose One option, 1-based.
   * @minimum 1
   * @description Choose One: the option to play (1-based, in the card text's order; 1 when not given)
   */
  choose?: number;
}

export interface AttackAction {
  attack: string;
  defender: string;
  illegal?: Illegal;
}

export interface HeroPowerAction {
  heroPower: PlayerName;
  target?: string;
  illegal?: Illegal;
}

export interface EndTurnAction {
  endTurn: true;
}

/** A partial trace record; string values of entity fields are labels, "A"/"B" of player fields are sides. */
export type Pattern = Record<string, unknown>;

export interface EntityExpectation {
  zone?: 'play' | 'hand' | 'deck' | 'graveyard' | 'secret' | 'removed' | 'setaside' | 'marker';
  attack?: number;
  health?: number;
  maxHealth?: number;
  controller?: PlayerName;
  damage?: number;
  /**
   * Keywords it has now, in any order (its card's, enchantments' and auras'): taunt, divine_shield, charge, ...
   * @description the keywords it has now, any order (Divine Shield only while up)
   */
  keywords?: ('taunt' | 'divine_shield' | 'charge' | 'stealth' | 'windfury' | 'poisonous' | 'immune')[];
  frozen?: boolean;
  /**
   * Its current mana cost (a card in hand: cost auras and enchantments applied).
   * @description its current mana cost (cost auras and enchantments applied)
   */
  cost?: number;
  /**
   * A weapon's current Durability.
   * @minimum 0
   * @description a weapon's current Durability
   */
  durability?: number;
  /**
   * Names of the enchantment cards attached to it, in any order.
   * @description names of the enchantment cards attached to it, any order
   */
  enchantments?: string[];
}

/** An entity created during the run (a token, a copy, a resurrected minion): the nth of that card, oldest first. */
export interface CreatedSelector {
  /** @minLength 1 */
  card: string;
  /**
   * 1 = the first one created (default 1).
   * @minimum 1
   */
  nth?: number;
  /** Only ones that player controls now. */
  controller?: PlayerName;
}

export interface PlayerExpectation {
  health?: number;
  armor?: number;
  handSize?: number;
  /** Card names in hand (any order). */
  hand?: string[];
  /** Card names on the board, left to right (names, not labels: a label is checked with `entities`). */
  board?: string[];
  deckSize?: number;
  secrets?: string[];
  /** Cards drawn during the scenario (draw events). */
  drawn?: number;
  /**
   * Mana crystals left to spend now.
   * @description mana crystals left to spend now
   */
  mana?: number;
  /**
   * Mana paid during the scenario (the `mana` trace records).
   * @description mana the player paid during the scenario (mana trace records)
   */
  manaSpent?: number;
  /**
   * Whether the hero power has been used this turn.
   * @description whether the player's hero power has been used this turn
   */
  heroPowerUsed?: boolean;
}

export interface Expect {
  entities?: Record<string, EntityExpectation>;
  players?: Partial<Record<PlayerName, PlayerExpectation>>;
  result?: 'ongoing' | 'draw' | 'A_wins' | 'B_wins';
  /**
   * Trace records that must appear in this order (other records may stand between them).
   * @description partial trace records that must appear in this order; fields are checked against the trace format when the file loads (entity fields take labels, player fields "A"/"B")
   */
  events?: Pattern[];
  /** Trace records that must appear exactly n times, or at least `min` / at most `max` times. */
  count?: CountExpectation[];
  /**
   * Labels for entities created during the run, usable wherever a set-up label is (entities, events, count).
   * @description labels for entities created during the run (tokens, copies, resurrected minions): the nth of that card, oldest first; usable wherever a set-up label is
   */
  created?: Record<string, CreatedSelector>;
}

/** @minimum 0 */
type Times = number;

/** @description a trace pattern that must appear exactly n times, or at least min / at most max times (give n, min or max) */
export interface CountExpectation {
  match: Pattern;
  n?: Times;
  min?: Times;
  max?: Times;
}

/** @description A game set up mid-turn, the actions to take, forced random outcomes and the expected outcome. Mirrors engine/scenario/format.ts. */
export interface Scenario {
  /** @description the string "arbiter-scenario/1" */
  format: 'arbiter-scenario/1';
  /**
   * The rule profile (default 'hearthstone').
   * @description the rule profile (default "hearthstone"); "hearthtop": seed 004's rules with one shared deck of playing cards (setup.deck)
   */
  profile?: 'hearthstone' | 'hearthtop';
  /**
   * @pattern ^[a-z0-9][a-z0-9-]*(#[A-Za-z0-9][A-Za-z0-9=,._:+-]*)*$
   * @description a kebab-case id, unique in the suite; a sent variant adds #<variant> ("cult-master#order=raptor,cult")
   */
  id: string;
  /** @minLength 1 */
  title: string;
  /**
   * @minItems 1
   * @description rule ids from spec/rules.json
   */
  rules: string[];
  source: ScenarioSource;
  /**
   * What the case assumes beyond the rule text. An assumption with `facts` names the outcome paths that rest on it
   * ("final.players.B.board", "events"): a simulator that differs only there diverges by assumption, not by a rule.
   * @description What the case assumes beyond the rule text. An object with `facts` names the outcome paths that rest on it ("final.players.B.board", "events"): a simulator that differs only there diverges by assumption, not by a rule.
   */
  assumptions?: (string | Assumption)[];
  seed?: string;
  /** 'expected-fail': the reference engine cannot do this yet; `reason` says why. */
  status?: 'pass' | 'expected-fail';
  reason?: string;
  /** A generated or shrunk scenario: where it came from. */
  generated?: Record<string, unknown>;
  setup: Setup;
  actions: ScenarioAction[];
  random?: ForcedOutcomes;
  /**
   * How a simulator is judged on this scenario (differential runs): 'full' (default) compares the whole end state with
   * the reference engine's; 'stated' compares only what `expect` states, for scenarios whose full outcome the rulebook
   * leaves open (say why in `assumptions`).
   * @description differential runs: compare the whole end state (full, default) or only the stated expectations (stated), for outcomes the rulebook leaves open
   */
  compare?: 'full' | 'stated';
  /**
   * Also run with every order of play of these labels (the expectation must hold for each).
   * @description labels whose order of play is permuted: the expectation must hold for every order
   */
  allOrders?: string[];
  expect: Expect;
  /**
   * Variants of this case in the same file, each with its own expectation (engine/scenario/variants.ts).
   * @description variants of this case, each run and reported as <id>#<variant id>: what differs from the base (set-up fields per player, order of play, forced randomness, actions) and its own expected outcome
   */
  variants?: Variant[];
}

export interface ScenarioSource {
  /** @description seed file number, e.g. "001", or "generated" */
  seed: string;
  section?: string;
  /**
   * @minLength 1
   * @description the rulebook text the expectation comes from
   */
  quote: string;
}

/** @description forced random outcomes in order: a label, an integer, or true/false */
type ForcedOutcomes = Forced[];

/** @pattern ^(final\.|events) */
type FactPath = string;

export interface Assumption {
  /** @minLength 1 */
  text: string;
  /**
   * Outcome paths (as differential divergences name them) that rest on this assumption.
   * @minItems 1
   */
  facts?: FactPath[];
}

/** A variant of a scenario: what differs from the base (set-up fields per player, order, randomness, actions) and its outcome. */
export interface Variant {
  /**
   * Short id: the variant runs and is reported as `<scenario id>#<id>`.
   * @pattern ^[a-z0-9][a-z0-9._-]*$
   */
  id: string;
  title?: string;
  setup?: VariantSetup;
  /** Order of play by label, oldest first (replaces the base's `setup.order`). */
  order?: string[];
  random?: ForcedOutcomes;
  actions?: ScenarioAction[];
  expect: Expect;
}

/** The set-up fields a variant may change. */
export interface VariantSetup {
  active?: PlayerName;
  turn?: TurnNumber;
  dominant?: Dominant;
  A?: PlayerSetup;
  B?: PlayerSetup;
}
