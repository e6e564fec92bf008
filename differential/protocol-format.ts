/**
 * The adapter protocol's messages as they travel (spec/protocol.md), one JSON object a line: the source of
 * spec/schema/adapter-request.schema.json and spec/schema/adapter-response.schema.json (`npm run schemas`).
 * Unknown fields are ignored on both sides, so the messages' objects accept them.
 */
import type { Fidelity } from '../engine/trace/format.js';
import type { Forced } from '../engine/random.js';

/**
 * A card as a final state names it (its id, or its name). Bounded, as the lists below are, far above what any game
 * holds (a board of 7, a hand of 10, names of a few dozen characters) but well under what would swamp a run's
 * reports: an answer past a bound is a protocol error, not a state to compare.
 * @maxLength 1000
 */
type CardName = string;

export interface ComparablePlayer {
  hero: { health: number; armor?: number };
  /** @maxItems 1000 */
  board: { card: CardName; attack: number; health: number; label?: CardName }[];
  /** @maxItems 1000 */
  hand: CardName[];
  deckSize?: number;
  /** @maxItems 1000 */
  secrets?: CardName[];
  weapon?: CardName | null;
  /**
   * @description the mana the player can spend at the end (compared when given; a simulator that overspends reports
   * less than 0, a FAIL on the rule of its first divergence rather than a malformed answer)
   * @minimum -1000
   * @maximum 1000
   */
  mana?: number;
  /**
   * @description the player's Mana Crystals, full and empty (compared when given; judged, not refused, when a
   * simulator gets them wrong)
   * @minimum -1000
   * @maximum 1000
   */
  maxMana?: number;
}

export interface ComparableState {
  result: 'ongoing' | 'draw' | 'A_wins' | 'B_wins';
  /**
   * @minItems 2
   * @maxItems 2
   */
  players: [ComparablePlayer, ComparablePlayer];
}

/** @description a Host game's final state (engine/host/run.ts HostFinal): result, players by side, entities by label */
export interface HostFinalState {
  result: 'ongoing' | 'A' | 'B' | 'draw';
  /** @description by side: "A" and "B" */
  players: { A: object; B: object };
  entities: object;
}

/**
 * @description What the simulator can do, for the cases Arbiter generates for it (all true when absent): a false one is never asked of it.
 * @additionalProperties false
 */
export interface Capabilities {
  /** @description Hero Power actions */
  heroPower?: boolean;
  /** @description weapons in the set-up */
  weapons?: boolean;
  /** @description Secrets in the set-up */
  secrets?: boolean;
  /** @description draws from the top of the deck in set-up order (false: draws at random, so generated decks hold copies of one card) */
  orderedDeck?: boolean;
}

export interface Hello {
  type: 'hello';
  protocol: string;
  name: string;
  version: string;
  profile: string;
  fidelity: Fidelity;
  cards: '*' | string[];
  capabilities?: Capabilities;
}

/** A trace record as the protocol sees it; spec/schema/trace.schema.json judges the trace as a whole. */
export interface WireRecord {
  t: unknown;
}

export interface ResultMessage {
  type: 'result';
  case: string;
  /** A Hearthstone game's comparable state, or a Host game's final state (told apart by `players`: a list or an object). */
  final: HostFinalState | ComparableState;
  trace?: WireRecord[];
  random?: Forced[];
}

/**
 * A simulator's own words (a reason, an error message): long enough for a stack trace, bounded so one answer cannot
 * swamp the reports it is copied into.
 * @maxLength 100000
 */
type Words = string;

export interface UnsupportedMessage {
  type: 'unsupported';
  case: string;
  reason: Words;
}

export interface ErrorMessage {
  type: 'error';
  case?: string;
  message: Words;
  /**
   * @description the index of the case's action the simulator stopped at (it refused the action or failed on it), when
   * it stopped at one
   * @minimum 0
   */
  action?: number;
}

/**
 * @description hello, result, unsupported or error; unknown fields are ignored
 * @keyDescription one of hello, result, unsupported, error
 */
export type AdapterResponse = Hello | ResultMessage | UnsupportedMessage | ErrorMessage;

export interface HelloRequest {
  type: 'hello';
  protocol: 'arbiter-adapter/1';
}

export interface RunRequest {
  type: 'run';
  case: string;
  scenario: object;
  cards?: object;
}

export interface ByeRequest {
  type: 'bye';
}

/** hello, run or bye; unknown fields are ignored */
export type AdapterRequest = HelloRequest | RunRequest | ByeRequest;
