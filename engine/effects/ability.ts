/**
 * The one ability runner: an ability (spell text, battlecry, deathrattle, hero power, trigger, secret) checks its
 * condition against the current state (Rule 10b), records an abort with the rule id when it is false, and otherwise
 * runs its actions. Every kind of ability goes through here, so a condition is never skipped.
 */
import type { Action, Condition } from '../cards/format.js';
import type { Ctx } from '../kernel/context.js';
import { evalCondition } from './select.js';
import { runActions } from './actions.js';

export interface AbilityRun {
  /** Why the ability does nothing when its condition is false, and the rule that says so. */
  reason: string;
  rule: string;
  /** How many times the actions run (Brann Bronzebeard-style doubling). */
  times?: number;
  /** Runs after the condition held, before the actions (a trace block, a revealed secret). */
  before?: () => void;
}

export function runAbility(ctx: Ctx, ab: { condition?: Condition; actions: readonly Action[] }, o: AbilityRun): boolean {
  if (ab.condition && !evalCondition(ctx, ab.condition)) {
    ctx.g.trace.event({ e: 'trigger_abort', source: ctx.source.id, reason: o.reason, rule: o.rule });
    return false;
  }
  o.before?.();
  for (let i = 0; i < (o.times ?? 1); i++) runActions(ctx, ab.actions);
  return true;
}
