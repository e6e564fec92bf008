/** What an ability, trigger or aura sees while it runs: who carries it, who acts, what event raised it. */
import type { EventKind, Rule5Class } from '../cards/format.js';
import type { Entity, Game, Side } from '../state.js';

/** The mutable state of the running Sequence that redirect effects change (Misdirection, Spellbender). */
export interface SequenceState {
  kind: string;
  attacker?: number;
  defender?: number;
  spell?: number;
  target?: number | null;
}

/** An Event (rulebook definition: any change in the game state) that triggers can respond to. */
export interface GameEventRef {
  kind: EventKind;
  subject: number;
  source?: number;
  target?: number | null;
  /** turn events: whose turn. */
  player?: Side;
  /** damage / heal events: how much. */
  amount?: number;
  seq?: SequenceState;
}

export interface Ctx {
  g: Game;
  /** The entity the ability belongs to (played card, trigger owner, dead minion for its deathrattle, enchantment). */
  source: Entity;
  /** 'self' in selectors and filters: the source, or for an enchantment the entity it is attached to. */
  self: Entity;
  /** The acting player (Rule 10: the current controller; Rule 10 exceptions: the caster). */
  controller: Side;
  cls: Rule5Class;
  /** A trigger, deathrattle or secret (Rule 5 applies to these). */
  isTrigger: boolean;
  event?: GameEventRef;
  /** The chosen target of a spell, battlecry or hero power (null: none). */
  target?: number | null;
  /** Entities summoned by this ability so far ('summoned' selector). */
  summoned: number[];
  /** Cards drawn by this ability so far ('drawn' selector). */
  drawn?: number[];
  /** The entity a per-target amount is evaluated for ('each' selector). */
  each?: number;
  /** Cards put into a hand by this ability so far ('added' selector). */
  added?: number[];
  /** Amounts this ability remembered (`remember` action, `recall` amount). */
  memory?: Record<string, number>;
  seq?: SequenceState;
}

/**
 * What the kernel needs from the effects layer, handed to it in the game state (`Game.effects`): the kernel
 * resolves triggers and auras through this narrow port and imports nothing from engine/effects/.
 */
export interface EffectPort {
  /** Run an ability's actions in its context. */
  runActions(ctx: Ctx, actions: readonly import('../cards/format.js').Action[]): void;
  /** A trigger's or ability's condition (Rule 10b: checked against the current state). */
  evalCondition(ctx: Ctx, c: import('../cards/format.js').Condition): boolean;
  /** An amount (a cost that depends on the game state). */
  evalAmount(ctx: Ctx, a: import('../cards/format.js').Amount): number;
  /** Does an entity pass a filter (trigger subjects, sources, targets)? */
  passes(ctx: Ctx, e: Entity, f: import('../cards/format.js').Filter | undefined): boolean;
  /** Run an ability: its condition (an abort with the rule id when false), then its actions (effects/ability.ts). */
  runAbility(ctx: Ctx, ab: { condition?: import('../cards/format.js').Condition; actions: readonly import('../cards/format.js').Action[] }, o: { reason: string; rule: string; times?: number; before?: () => void }): boolean;
  /** The entities a selector picks (aura targets). */
  select(ctx: Ctx, sel: import('../cards/format.js').Selector): number[];
  /** A profile's bookkeeping once an outermost Phase's Steps are done (Hearthtop: marking, engine/hearthtop/table.ts). */
  settle?(g: Game): void;
}
