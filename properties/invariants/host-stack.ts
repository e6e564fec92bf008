/**
 * Host invariants of the Stack: the last item in resolves first, after both players passed in succession (32.4,
 * 31.6); nothing goes on the Stack while an effect resolves (34.4, 40.3.1); an item with a target that changed zone
 * since it was declared does not resolve (30.4, 34.2.1); no unbroken chain of resolutions longer than the loop bound
 * (42.1.2).
 */
import { HOST_LOOP_BOUND } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { ev, hostInvariant, label, violation, type HostPass, type RecordKind } from './host-walk.js';

const LIFO = 'host-lifo-stack';
const LIFO_READS: readonly RecordKind[] = ['stack_push', 'priority', 'open'];

function lifoPass(): HostPass {
  const out: Violation[] = [];
  const stack: number[] = [];
  let passes: number[] = [];
  return {
    reads: LIFO_READS,
    visit: (r, v, i) => {
      const e = ev(r);
      if (e?.e === 'stack_push') { stack.push(e.item); passes = []; }
      if (e?.e === 'priority' && e.action === 'act') passes = [];
      if (e?.e === 'priority' && e.action === 'pass') passes.push(e.player);
      if (r.t === 'open' && r.kind === 'RESOLVE' && r.entry !== undefined) {
        const top = stack[stack.length - 1];
        if (top !== r.entry) out.push(violation(LIFO, 'host/32.4', `Stack item ${r.entry} resolves while item ${top ?? '(none)'} is the last in`, v, i, r.subject !== undefined ? [r.subject] : []));
        const at = stack.indexOf(r.entry);
        if (at >= 0) stack.splice(at, 1);
        const last = passes.slice(-2);
        if (last.length < 2 || last[0] === last[1]) out.push(violation(LIFO, 'host/31.6', `Stack item ${r.entry} resolves without both players passing in succession`, v, i));
        passes = [];
      }
    },
    finish: () => out,
  };
}

export const lifo: Invariant = hostInvariant(lifoPass, {
  id: LIFO, rules: ['host/32.4', 'host/31.6'], fidelity: 'phases',
  description: 'the Stack resolves its last item first, and only after both players passed priority in succession',
});

const MID = 'host-no-trigger-mid-resolution';
const MID_READS: readonly RecordKind[] = ['stack_push'];

function midPass(): HostPass {
  const out: Violation[] = [];
  return {
    reads: MID_READS,
    visit: (r, v, i) => {
      const e = ev(r);
      if (e?.e === 'stack_push' && v.open.some((b) => b.kind === 'RESOLVE')) out.push(violation(MID, 'host/34.4', `${label(v, e.source)} goes on the Stack (item ${e.item}) while another effect resolves`, v, i, [e.source]));
    },
    finish: () => out,
  };
}

export const noTriggerMidResolution: Invariant = hostInvariant(midPass, {
  id: MID, rules: ['host/34.4', 'host/40.3.1'], fidelity: 'phases',
  description: 'nothing goes on the Stack while an effect resolves: what triggers meanwhile waits for the resolution to end',
});

const TARGET = 'host-invalid-target';
const TARGET_READS: readonly RecordKind[] = ['stack_push', 'redirect', 'open', 'stack_resolve'];

function targetPass(): HostPass {
  const out: Violation[] = [];
  const declared = new Map<number, { id: number; version: number }[]>();
  const resolved = new Set<number>();
  let current: { item: number; stale: number[] } | null = null;
  return {
    reads: TARGET_READS,
    visit: (r, v, i) => {
      const e = ev(r);
      if (e?.e === 'stack_push') declared.set(e.item, e.targets.map((id) => ({ id, version: v.version.get(id) ?? 0 })));
      // 30.6: a changed target counts from the change: the latest item still on the Stack that targets `from`.
      if (e?.e === 'redirect' && e.what === 'spell' && e.from !== null) {
        const item = [...declared.keys()].filter((k) => !resolved.has(k) && declared.get(k)!.some((t) => t.id === e.from)).pop();
        if (item !== undefined) declared.set(item, declared.get(item)!.map((t) => (t.id === e.from ? { id: e.to, version: v.version.get(e.to) ?? 0 } : t)));
      }
      if (r.t === 'open' && r.kind === 'RESOLVE' && r.entry !== undefined) {
        current = { item: r.entry, stale: (declared.get(r.entry) ?? []).filter((t) => (v.version.get(t.id) ?? 0) !== t.version).map((t) => t.id) };
      }
      if (e?.e === 'stack_resolve') resolved.add(e.item);
      if (e?.e === 'stack_resolve' && current && current.item === e.item) {
        if (current.stale.length && e.result === 'resolved') out.push(violation(TARGET, 'host/30.4', `Stack item ${e.item} resolved although its target ${current.stale.map((id) => label(v, id)).join(', ')} changed zone after it was declared`, v, i, current.stale));
        current = null;
      }
    },
    finish: () => out,
  };
}

export const invalidTarget: Invariant = hostInvariant(targetPass, {
  id: TARGET, rules: ['host/30.4', 'host/34.2', 'host/40.2.2'], fidelity: 'phases',
  description: 'a Stack item with a target that is no longer the card declared (it changed zone since, 36.2) does not resolve at all',
});

const LOOP = 'host-no-infinite-loop';
const LOOP_READS: readonly RecordKind[] = ['priority', 'host_phase', 'open', 'game_check'];
/** A chain longer than this that has neither ended (an empty Stack, a player's action) nor ended the game when the trace does. */
const LOOP_UNENDED = 60;

function loopPass(): HostPass {
  const out: Violation[] = [];
  let run = 0;
  // Where the current chain's latest resolution stood, once the chain is longer than LOOP_UNENDED (its place is read
  // then: the view moves on).
  let last: Violation | null = null;
  let over = false;
  return {
    reads: LOOP_READS,
    visit: (r, v, i) => {
      const e = ev(r);
      if ((e?.e === 'priority' && e.action === 'act') || e?.e === 'host_phase') run = 0;
      if (e?.e === 'game_check' && e.result !== 'ongoing') over = true;
      if (r.t === 'open' && r.kind === 'RESOLVE') {
        if (++run > LOOP_UNENDED) last = violation(LOOP, 'host/42.1.2', '', v, i, r.subject !== undefined ? [r.subject] : []);
        if (run === HOST_LOOP_BOUND + 2) out.push({ ...last!, message: `${run} Stack items resolve one after the other with no player's action: an infinite loop resolves` });
      }
    },
    // A chain still going when the trace ends, long past any chain the game's own choices make, that has not ended
    // the game (42.1.1.1: a chain that ends in a loss is no loop): it was never going to end.
    finish: () => {
      if (!over && run > LOOP_UNENDED && run < HOST_LOOP_BOUND + 2 && last) out.push({ ...last, message: `${run} Stack items resolved one after the other with no player's action, and the chain was still going when the game stopped: an infinite loop resolves` });
      return out;
    },
  };
}

export const noInfiniteLoop: Invariant = hostInvariant(loopPass, {
  id: LOOP, rules: ['host/42.1.2'], fidelity: 'phases',
  description: `no chain of more than ${HOST_LOOP_BOUND + 1} resolutions without a player's action (the loop bound of 42.1, docs/host.md), nor one of more than ${LOOP_UNENDED} still going when the trace ends without a loss`,
});
