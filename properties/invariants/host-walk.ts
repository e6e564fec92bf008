/**
 * What the Host invariants know of a game, rebuilt from a Host trace (any producer's): each entity's zone, slot,
 * controller and version (a new version at every zone change, 36.2), the open blocks, and each player's zone sizes.
 * The Host invariants ride one walk of a trace (`hostWalk`, the same loop as the Hearthstone walk, walk.ts `ride`):
 * each is a pass that reads the view before a record takes effect (`visit`) or after (`after`).
 */
import type { EventRecord, TraceRecord } from '../../engine/trace/format.js';
import type { Violation } from '../../engine/trace/violation.js';
import { ride, type RecordKind, type WalkOptions, type WalkPass } from './walk.js';
import type { Invariant } from './types.js';

export interface HostView {
  zone: Map<number, string>;
  slot: Map<number, number | undefined>;
  controller: Map<number, number>;
  /** The owner (37.1): the controller of its first entity record. */
  owner: Map<number, number>;
  version: Map<number, number>;
  type: Map<number, string>;
  name: Map<number, string>;
  /** Open blocks, outermost first: their kinds and, for RESOLVE, the item. */
  open: { id: number; kind: string; entry?: number }[];
  hosts: Map<number, number>;
  /** Cards per player (as the trace writes the controller, read as a string) and zone. */
  counts: Map<string, Map<string, number>>;
}

/** The view a Host walk rebuilds, record by record (`fold`). */
export class HostState implements HostView {
  readonly zone = new Map<number, string>();
  readonly slot = new Map<number, number | undefined>();
  readonly controller = new Map<number, number>();
  readonly owner = new Map<number, number>();
  readonly version = new Map<number, number>();
  readonly type = new Map<number, string>();
  readonly name = new Map<number, string>();
  open: { id: number; kind: string; entry?: number }[] = [];
  readonly hosts = new Map<number, number>();
  readonly counts = new Map<string, Map<string, number>>();

  apply(r: TraceRecord): void {
    fold(this, r);
  }
}

/** A Host invariant riding the Host walk. */
export type HostPass = WalkPass<HostState>;
export type { RecordKind };

/** Walk a Host trace once for all the passes (every record: a Host trace has no loop guard); each pass's findings. */
export function hostWalk(trace: readonly TraceRecord[], passes: readonly HostPass[], opts: WalkOptions = {}): Violation[][] {
  return ride(trace, trace.length, new HostState(), passes, opts);
}

/** A check function (trace → violations) from a Host pass, for the invariant checked on its own. */
function hostCheckOf(start: (trace: readonly TraceRecord[]) => HostPass): (trace: readonly TraceRecord[]) => Violation[] {
  return (trace) => hostWalk(trace, [start(trace)])[0]!;
}

/**
 * A Host invariant from its pass: checked on its own (`check`, one walk) or with the others in one shared walk
 * (`hostPass`, properties/invariants/index.ts); its profile is Host.
 */
export function hostInvariant(pass: (trace: readonly TraceRecord[]) => HostPass, o: Pick<Invariant, 'id' | 'rules' | 'fidelity' | 'description'>): Invariant {
  return { ...o, profiles: ['host'], check: hostCheckOf(pass), hostPass: pass };
}

/** One card more (d = 1) or less (-1) in a zone of the entity's controller. */
const bump = (v: HostView, id: number, zone: string | undefined, d: number) => {
  if (zone === undefined) return;
  const player = String(v.controller.get(id));
  let zones = v.counts.get(player);
  if (!zones) { zones = new Map(); v.counts.set(player, zones); }
  zones.set(zone, (zones.get(zone) ?? 0) + d);
};

/** Fold one record into the view (the walk does it after the passes' `visit`, before their `after`). */
export function fold(v: HostView, r: TraceRecord): void {
  if (r.t === 'entity') {
    bump(v, r.id, v.zone.get(r.id), -1);
    v.zone.set(r.id, r.zone); v.slot.set(r.id, r.slot); v.controller.set(r.id, r.controller); v.version.set(r.id, 0);
    if (!v.owner.has(r.id)) v.owner.set(r.id, r.controller);
    v.type.set(r.id, r.type); v.name.set(r.id, r.name);
    if (r.type === 'host') v.hosts.set(r.controller, r.id);
    bump(v, r.id, r.zone, 1);
  } else if (r.t === 'open') v.open.push({ id: r.id, kind: r.kind, ...(r.entry !== undefined ? { entry: r.entry } : {}) });
  else if (r.t === 'close') { const i = v.open.findIndex((b) => b.id === r.id); if (i >= 0) v.open.length = i; }
  else if (r.t === 'event' && r.e === 'zone') {
    bump(v, r.entity, v.zone.get(r.entity), -1); bump(v, r.entity, r.to, 1);
    // 36.2, 36.2.1: a new version on a change of zone, not on a move between slots of the same zone.
    v.zone.set(r.entity, r.to); v.slot.set(r.entity, r.position); if (r.from !== r.to) v.version.set(r.entity, (v.version.get(r.entity) ?? 0) + 1);
  } else if (r.t === 'event' && r.e === 'control') {
    bump(v, r.entity, v.zone.get(r.entity), -1); v.controller.set(r.entity, r.to); bump(v, r.entity, v.zone.get(r.entity), 1);
  }
}

export function count(v: HostView, player: number, zone: string): number {
  return v.counts.get(String(player))?.get(zone) ?? 0;
}

export const isHostTrace = (trace: readonly TraceRecord[]) => trace.some((r) => r.t === 'meta' && r.profile === 'host');

export const ev = (r: TraceRecord): EventRecord | null => (r.t === 'event' ? r : null);

export function path(v: HostView): string {
  return v.open.map((b) => `STEP ${b.kind}#${b.id}`).join(' > ');
}

export function violation(invariant: string, rule: string, message: string, v: HostView, at: number, entities: number[] = []): Violation {
  return { invariant, rule, message, path: path(v), entities, at };
}

export const label = (v: HostView, id: number) => `#${id} ${v.name.get(id) ?? '?'}`;
