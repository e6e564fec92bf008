/**
 * The shape of an invariant: a pure function from a trace (any producer's) to the violations it finds. Invariants
 * never call the engine; what they know of the game they rebuild from the trace records (see walk.ts).
 */
import type { CardDef, Rule5Class } from '../../engine/cards/format.js';
import type { Fidelity, TraceRecord } from '../../engine/trace/format.js';

export interface Violation {
  /** The invariant's id (properties/invariants/index.ts). */
  invariant: string;
  /** The rule id (spec/rules.json) the violation breaks. */
  rule: string;
  /** Plain words, naming the entities ("minion #7 Cult Master died inside phase SPELL_TEXT#8 ..."). */
  message: string;
  /** Block path where it happened, outermost first: "SEQUENCE CAST_SPELL#3 > PHASE SPELL_TEXT#8" ("" = top level). */
  path: string;
  /** The entity ids involved. */
  entities: number[];
  /** Index of the offending record in the trace. */
  at?: number;
}

/**
 * What an invariant may know besides the trace. Only one invariant needs it (negative-triggers, Rule 5): the trace
 * does not say which Rule 5 class a trigger has, so it is read from the card definitions, by the `card` id of the
 * trigger's source entity record. Without it that invariant checks only trigger blocks that carry a `class` field.
 */
export interface InvariantEnv {
  card?: (id: string) => CardDef | undefined;
}

export type Profile = 'hearthstone' | '*';

export interface Invariant {
  id: string;
  /** Rule ids from spec/rules.json. */
  rules: string[];
  /** The trace fidelity the invariant needs (a producer with less cannot be judged by it). */
  fidelity: Fidelity;
  /** Rule profiles the invariant holds for ('*' = any). */
  profiles: Profile[];
  description: string;
  /** Extra knowledge it uses when given (see InvariantEnv). */
  uses?: ('cards')[];
  check(trace: readonly TraceRecord[], env?: InvariantEnv): Violation[];
}

export type { Rule5Class };
