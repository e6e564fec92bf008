/**
 * A broken rule found in a trace: by an invariant over any producer's trace (properties/invariants), by the
 * Power.log checks (powerlog/invariants.ts, `log-rule-*`), or reported by the scenario judge. One type for all.
 */
export interface Violation {
  /** The invariant's id (properties/invariants/index.ts, or `log-rule-<n>` for the Power.log checks). */
  invariant: string;
  /** The rule id (spec/rules.json) the violation breaks. */
  rule: string;
  /** Plain words, naming the entities ("minion #7 Cult Master died inside phase SPELL_TEXT#8 ..."). */
  message: string;
  /** Block path where it happened, outermost first: "SEQUENCE CAST_SPELL#3 > PHASE SPELL_TEXT#8" ("" = top level or unknown). */
  path: string;
  /** The entity ids involved. */
  entities: number[];
  /** Index of the offending record in the trace. */
  at?: number;
  /** Line of the source log (Power.log checks). */
  line?: number;
}
