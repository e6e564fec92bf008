/**
 * Scenarios (version "arbiter-scenario/1"): a game set up mid-turn, the actions to take, forced random outcomes and
 * the expected outcome. spec/schema/scenario.schema.json mirrors these types.
 */
import type { Forced } from '../random.js';

export type PlayerName = 'A' | 'B';

export interface EnchantmentSetup {
  card: string;
  /** The player who cast it (default: the controller of the minion it is on); enchantments that remember their caster use it. */
  caster?: PlayerName;
}

export interface CardSetup {
  card: string;
  label?: string;
  /** Damage taken; on a weapon: Durability already lost. */
  damage?: number;
  enchantments?: (string | EnchantmentSetup)[];
  exhausted?: boolean;
  frozen?: boolean;
  /** Extra attack/health applied as a plain enchantment ("buffed to 1/5"). */
  buff?: { attack?: number; health?: number };
  /** A board minion that was force-played (put into play from a hand or deck by an effect): the oldest in the order of play (Rule 2a note). */
  forcePlayed?: boolean;
}

export interface PlayerSetup {
  hero?: string;
  heroLabel?: string;
  health?: number;
  armor?: number;
  mana?: number;
  board?: (string | CardSetup)[];
  hand?: (string | CardSetup)[];
  deck?: (string | CardSetup)[];
  secrets?: (string | CardSetup)[];
  weapon?: string | CardSetup;
  fatigue?: number;
}

export interface Setup {
  /** The player whose turn it is (Hearthtop `start`: the first player). */
  active?: PlayerName;
  /** The turn number (default 1). */
  turn?: number;
  /** The Dominant Player (PLAYER_ID 1, default A): set-up entities `order` does not list entered play this player's first. */
  dominant?: PlayerName;
  A?: PlayerSetup;
  B?: PlayerSetup;
  /** Order of play, oldest first, by label: these entities come after all unlisted ones, in this order. */
  order?: string[];
  /** Hearthtop: the shared draw deck, top first (playing card codes); unplaced cards fill it below, in a seeded order. */
  deck?: (string | CardSetup)[];
  /** Hearthtop: how many cards the shared deck holds (default: all unplaced cards); the rest are in the discard pile. */
  deckSize?: number;
  /** Hearthtop: a new game by the Setup rules (deal 4 and 5, mulligan, the joker, the first Upkeep). */
  start?: boolean;
  /** Hearthtop with `start`: positions in each dealt hand (0 first) set aside and drawn again. */
  mulligan?: Partial<Record<PlayerName, number[]>>;
}

/** `illegal: true`: the action breaks the game's rules; the engine must refuse it, and the game goes on unchanged. */
export type ScenarioAction =
  | { play: string; target?: string; position?: number; choose?: number; illegal?: true } // choose: Choose One option, 1-based
  | { attack: string; defender: string; illegal?: true }
  | { heroPower: PlayerName; target?: string; illegal?: true }
  | { endTurn: true };

/** A partial trace record; string values of entity fields are labels, "A"/"B" of player fields are sides. */
export type Pattern = Record<string, unknown>;

export interface EntityExpectation {
  zone?: string;
  attack?: number;
  health?: number;
  maxHealth?: number;
  controller?: PlayerName;
  damage?: number;
  /** Keywords it has now, in any order (its card's, enchantments' and auras'): taunt, divine_shield, charge, ... */
  keywords?: string[];
  frozen?: boolean;
  /** Its current mana cost (a card in hand: cost auras and enchantments applied). */
  cost?: number;
  /** A weapon's current Durability. */
  durability?: number;
  /** Names of the enchantment cards attached to it, in any order. */
  enchantments?: string[];
}

/** An entity created during the run (a token, a copy, a resurrected minion): the nth of that card, oldest first. */
export interface CreatedSelector {
  card: string;
  /** 1 = the first one created (default 1). */
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
  /** Mana crystals left to spend now. */
  mana?: number;
  /** Mana paid during the scenario (the `mana` trace records). */
  manaSpent?: number;
  /** Whether the hero power has been used this turn. */
  heroPowerUsed?: boolean;
}

export interface Expect {
  entities?: Record<string, EntityExpectation>;
  players?: Partial<Record<PlayerName, PlayerExpectation>>;
  result?: 'ongoing' | 'draw' | 'A_wins' | 'B_wins';
  /** Trace records that must appear in this order (other records may stand between them). */
  events?: Pattern[];
  /** Trace records that must appear exactly n times, or at least `min` / at most `max` times. */
  count?: { match: Pattern; n?: number; min?: number; max?: number }[];
  /** Labels for entities created during the run, usable wherever a set-up label is (entities, events, count). */
  created?: Record<string, CreatedSelector>;
}

export interface Scenario {
  format: 'arbiter-scenario/1';
  /** The rule profile (default 'hearthstone'). */
  profile?: 'hearthstone' | 'hearthtop';
  id: string;
  title: string;
  rules: string[];
  source: { seed: string; section?: string; quote: string };
  /**
   * What the case assumes beyond the rule text. An assumption with `facts` names the outcome paths that rest on it
   * ("final.players.B.board", "events"): a simulator that differs only there diverges by assumption, not by a rule.
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
  random?: Forced[];
  /**
   * How a simulator is judged on this scenario (differential runs): 'full' (default) compares the whole end state with
   * the reference engine's; 'stated' compares only what `expect` states, for scenarios whose full outcome the rulebook
   * leaves open (say why in `assumptions`).
   */
  compare?: 'full' | 'stated';
  /** Also run with every order of play of these labels (the expectation must hold for each). */
  allOrders?: string[];
  expect: Expect;
  /** Variants of this case in the same file, each with its own expectation (engine/scenario/variants.ts). */
  variants?: Variant[];
}

export interface Assumption {
  text: string;
  /** Outcome paths (as differential divergences name them) that rest on this assumption. */
  facts?: string[];
}

/** A variant of a scenario: what differs from the base (set-up fields per player, order, randomness, actions) and its outcome. */
export interface Variant {
  /** Short id: the variant runs and is reported as `<scenario id>#<id>`. */
  id: string;
  title?: string;
  setup?: { active?: PlayerName; turn?: number; dominant?: PlayerName; A?: PlayerSetup; B?: PlayerSetup };
  /** Order of play by label, oldest first (replaces the base's `setup.order`). */
  order?: string[];
  random?: Forced[];
  actions?: ScenarioAction[];
  expect: Expect;
}
