/**
 * The shape of an invariant: a pure function from a trace (any producer's) to the violations it finds. Invariants
 * never call the engine; what they know of the game they rebuild from the trace records (see walk.ts).
 */
import type { CardDef, Rule5Class } from '../../engine/cards/format.js';
import type { Fidelity, TraceRecord } from '../../engine/trace/format.js';

export type { Violation } from '../../engine/trace/violation.js';
import type { Violation } from '../../engine/trace/violation.js';
import type { WalkPass } from './walk.js';
import type { HostPass } from './host-walk.js';

/**
 * What an invariant may know besides the trace. Only one invariant needs it (negative-triggers, Rule 5): the trace
 * does not say which Rule 5 class a trigger has, so it is read from the card definitions, by the `card` id of the
 * trigger's source entity record. Without it that invariant checks only trigger blocks that carry a `class` field.
 */
export interface InvariantEnv {
  card?: (id: string) => CardDef | undefined;
}

export type Profile = 'hearthstone' | 'hearthtop' | 'host' | '*';

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
  /**
   * The same check as a pass over a shared walk (walk.ts `WalkPass`): `checkAll` walks a trace once for every
   * invariant that has one. An invariant without it is checked on its own by `check`.
   */
  pass?(trace: readonly TraceRecord[], env?: InvariantEnv): WalkPass;
  /** A Host invariant's check as a pass over the shared Host walk (host-walk.ts `hostWalk`). */
  hostPass?(trace: readonly TraceRecord[], env?: InvariantEnv): HostPass;
}

export type { Rule5Class };
