/**
 * Walk a trace, record by record, rebuilding what it says (state.ts `TraceState`: the open blocks, the queues, each
 * entity's zone, controller, order of play, last known Health and destroy mark). Only trace records are read, so any
 * producer's trace can be walked.
 *
 * Invariants ride one shared walk as passes (`WalkPass`). A pass declares the kinds of record it reads (`reads`), and
 * the walk calls it for those records only: a trace of a few hundred records is judged by twenty passes without
 * twenty calls a record. The state itself takes every record in, whatever the passes read.
 */
import { GAME_EVENT_KINDS, type GameEvent, type TraceRecord } from '../../engine/trace/format.js';
import type { Violation } from '../../engine/trace/violation.js';
import { TraceState } from './state.js';

export { TraceState, IN_PLAY, blockName, type Block, type EntityState } from './state.js';

/**
 * A kind of trace record a pass reads: a record type (`meta`, `entity`, `open`, `close`, `queue`), `event` (every
 * event), or one kind of event (`damage`, `death`...: the event's `e`). The record types and the event kinds never
 * share a name (properties/walk-dispatch.test.ts checks it).
 */
export type RecordKind = Exclude<TraceRecord['t'], 'event'> | 'event' | GameEvent['e'];

/**
 * Walk a trace: `visit` sees each record together with the state just BEFORE the record takes effect (an open
 * record: its parent on top of the stack; a death event: the entity still in play). A trace that ends in a
 * `loop_guard` event (the producer gave up) is walked only up to the last record before the blocks it unwound:
 * the closes that follow are not the game's.
 */
export function walk(trace: readonly TraceRecord[], visit: (r: TraceRecord, s: TraceState, at: number) => void, after?: (r: TraceRecord, s: TraceState, at: number) => void): TraceState {
  const s = new TraceState();
  s.loopGuard = loopGuardAt(trace);
  const end = endBefore(trace, s.loopGuard);
  for (let i = 0; i < end; i++) {
    const r = trace[i]!;
    visit(r, s, i);
    s.apply(r, i);
    after?.(r, s, i);
  }
  return s;
}

/**
 * One check riding a walk: `visit` as in `walk` (it reads the state, never writes it), then `finish` once the walk
 * is over, returning what it found. Several passes share one walk of a trace (`walkPasses`), so a trace is rebuilt
 * once however many invariants read it.
 */
export interface WalkPass<S = TraceState> {
  /**
   * The kinds of record `visit` and `after` read: the walk calls them for these records only, so a record of any other
   * kind must leave the pass as it was (it may neither report nor change what the pass remembers). Left out: every
   * record. Give a constant array (one per invariant): the walk keeps the plan it works out by these arrays.
   */
  readonly reads?: readonly RecordKind[];
  visit(r: TraceRecord, s: S, at: number): void;
  /** After the record has taken effect. */
  after?(r: TraceRecord, s: S, at: number): void;
  /** The walk is over: what the pass found. `s` is the state at the end of the walk. */
  finish(s: S): Violation[];
}

/** What a walk rebuilds from the records (the Hearthstone `TraceState`, the Host view): it takes in every record. */
export interface WalkState {
  apply(r: TraceRecord, at: number): void;
}

/** Does a pass that declares `reads` read record `r`? (No declaration: it reads every record.) */
export function readsRecord(reads: readonly RecordKind[] | undefined, r: TraceRecord): boolean {
  if (!reads) return true;
  for (const k of reads) if (k === r.t || (r.t === 'event' && (k === 'event' || k === r.e))) return true;
  return false;
}

/** For a pass that reads nothing (its invariant has nothing to judge without some knowledge it was not given). */
export const NO_RECORDS: readonly RecordKind[] = [];

/** The passes a record is handed to, by their place in the list of passes. */
interface Route { visit: readonly number[]; after: readonly number[] }

const KNOWN_TYPES = new Set<unknown>(['meta', 'entity', 'open', 'close', 'queue']);
const KNOWN_EVENTS = new Set<unknown>(GAME_EVENT_KINDS);

/**
 * Which passes read each kind of record, for one list of declarations (each pass's `reads` and whether it has an
 * `after`): worked out once per kind the first time it is met. A kind no producer should write (not in the trace
 * format) is worked out at every record of it, never kept.
 */
class Plan {
  private readonly types = new Map<unknown, Route>();
  private readonly events = new Map<unknown, Route>();

  constructor(private readonly reads: readonly (readonly RecordKind[] | undefined)[], private readonly afters: readonly boolean[]) {}

  route(r: TraceRecord): Route {
    const event = r.t === 'event';
    const key: unknown = event ? r.e : r.t;
    const table = event ? this.events : this.types;
    let route = table.get(key);
    if (route) return route;
    const visit: number[] = [];
    const after: number[] = [];
    this.reads.forEach((reads, k) => {
      if (!readsRecord(reads, r)) return;
      visit.push(k);
      if (this.afters[k]) after.push(k);
    });
    route = { visit, after };
    if ((event ? KNOWN_EVENTS : KNOWN_TYPES).has(key)) table.set(key, route);
    return route;
  }
}

/** The plans made so far, by the passes' declarations in order (a pass that declares no `reads` is keyed by EVERY). */
interface PlanNode { plan?: Plan; next: WeakMap<object, PlanNode>; nextAfter: WeakMap<object, PlanNode> }
const EVERY = {};
const PLANS: PlanNode = { next: new WeakMap(), nextAfter: new WeakMap() };

function planFor(passes: readonly Pick<WalkPass<unknown>, 'reads' | 'after'>[], everyRecord: boolean): Plan {
  if (everyRecord) return new Plan(passes.map(() => undefined), passes.map((p) => !!p.after));
  let node = PLANS;
  for (const p of passes) {
    const map = p.after ? node.nextAfter : node.next;
    const key = p.reads ?? EVERY;
    let child = map.get(key);
    if (!child) { child = { next: new WeakMap(), nextAfter: new WeakMap() }; map.set(key, child); }
    node = child;
  }
  return (node.plan ??= new Plan(passes.map((p) => p.reads), passes.map((p) => !!p.after)));
}

export interface WalkOptions {
  /**
   * Hand every record to every pass, whatever it declares it reads: the walk without dispatch, the reference the
   * dispatch is checked against (properties/walk-dispatch.test.ts). The verdicts are the same; it is only slower.
   */
  everyRecord?: boolean;
}

/** Walk a trace once for all the passes; each pass's findings, in the order of the passes. */
export function walkPasses(trace: readonly TraceRecord[], passes: readonly WalkPass[], opts: WalkOptions = {}): Violation[][] {
  const s = new TraceState();
  s.loopGuard = loopGuardAt(trace);
  return ride(trace, endBefore(trace, s.loopGuard), s, passes, opts);
}

/**
 * The loop every walk shares: records 0 to `end` (excluded), each handed to the passes that read it (`visit`), then
 * taken in by the state, then handed to their `after`; each pass's findings, in the order of the passes.
 */
export function ride<S extends WalkState>(trace: readonly TraceRecord[], end: number, s: S, passes: readonly WalkPass<S>[], opts: WalkOptions = {}): Violation[][] {
  const plan = planFor(passes, opts.everyRecord === true);
  for (let i = 0; i < end; i++) {
    const r = trace[i]!;
    const route = plan.route(r);
    const visit = route.visit;
    for (let k = 0; k < visit.length; k++) passes[visit[k]!]!.visit(r, s, i);
    s.apply(r, i);
    const after = route.after;
    for (let k = 0; k < after.length; k++) passes[after[k]!]!.after!(r, s, i);
  }
  const out: Violation[][] = [];
  for (const p of passes) out.push(p.finish(s));
  return out;
}

/** A check function (trace → violations) from a pass, for an invariant checked on its own. */
export function checkOf<E>(start: (trace: readonly TraceRecord[], env?: E) => WalkPass): (trace: readonly TraceRecord[], env?: E) => Violation[] {
  return (trace, env) => walkPasses(trace, [start(trace, env)])[0]!;
}

/** Where a walk stops: the whole trace, or before the closes that lead to a loop guard. */
export function walkEnd(trace: readonly TraceRecord[]): number {
  return endBefore(trace, loopGuardAt(trace));
}

function endBefore(trace: readonly TraceRecord[], guard: number): number {
  let i = guard;
  if (i === trace.length) return i;
  while (i > 0 && trace[i - 1]!.t === 'close') i--;
  return i;
}

/** Does the trace stop at a loop guard (then "what must follow" checks are not made past it)? */
export function loopGuardAt(trace: readonly TraceRecord[]): number {
  for (let i = 0; i < trace.length; i++) {
    const r = trace[i]!;
    if (r.t === 'event' && r.e === 'loop_guard') return i;
  }
  return trace.length;
}
