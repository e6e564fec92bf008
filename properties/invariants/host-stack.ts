/**
 * Host invariants of the Stack: the last item in resolves first, after both players passed in succession (32.4,
 * 31.6); nothing goes on the Stack while an effect resolves (34.4, 40.3.1); an item with a target that changed zone
 * since it was declared does not resolve (30.4, 34.2.1); no unbroken chain of resolutions longer than the loop bound
 * (42.1.2).
 */
import { HOST_LOOP_BOUND, type TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { ev, fold, label, newView, violation } from './host-walk.js';

export const lifo: Invariant = {
  id: 'host-lifo-stack', rules: ['host/32.4', 'host/31.6'], fidelity: 'phases', profiles: ['host'],
  description: 'the Stack resolves its last item first, and only after both players passed priority in succession',
  check(trace: readonly TraceRecord[]): Violation[] {
    const v = newView();
    const out: Violation[] = [];
    const stack: number[] = [];
    let passes: number[] = [];
    trace.forEach((r, i) => {
      const e = ev(r);
      if (e?.e === 'stack_push') { stack.push(e.item); passes = []; }
      if (e?.e === 'priority' && e.action === 'act') passes = [];
      if (e?.e === 'priority' && e.action === 'pass') passes.push(e.player);
      if (r.t === 'open' && r.kind === 'RESOLVE' && r.entry !== undefined) {
        const top = stack[stack.length - 1];
        if (top !== r.entry) out.push(violation(this.id, 'host/32.4', `Stack item ${r.entry} resolves while item ${top ?? '(none)'} is the last in`, v, i, r.subject !== undefined ? [r.subject] : []));
        const at = stack.indexOf(r.entry);
        if (at >= 0) stack.splice(at, 1);
        const last = passes.slice(-2);
        if (last.length < 2 || last[0] === last[1]) out.push(violation(this.id, 'host/31.6', `Stack item ${r.entry} resolves without both players passing in succession`, v, i));
        passes = [];
      }
      fold(v, r);
    });
    return out;
  },
};

export const noTriggerMidResolution: Invariant = {
  id: 'host-no-trigger-mid-resolution', rules: ['host/34.4', 'host/40.3.1'], fidelity: 'phases', profiles: ['host'],
  description: 'nothing goes on the Stack while an effect resolves: what triggers meanwhile waits for the resolution to end',
  check(trace) {
    const v = newView();
    const out: Violation[] = [];
    trace.forEach((r, i) => {
      const e = ev(r);
      if (e?.e === 'stack_push' && v.open.some((b) => b.kind === 'RESOLVE')) out.push(violation(this.id, 'host/34.4', `${label(v, e.source)} goes on the Stack (item ${e.item}) while another effect resolves`, v, i, [e.source]));
      fold(v, r);
    });
    return out;
  },
};

export const invalidTarget: Invariant = {
  id: 'host-invalid-target', rules: ['host/30.4', 'host/34.2', 'host/40.2.2'], fidelity: 'phases', profiles: ['host'],
  description: 'a Stack item with a target that is no longer the card declared (it changed zone since, 36.2) does not resolve at all',
  check(trace) {
    const v = newView();
    const out: Violation[] = [];
    const declared = new Map<number, { id: number; version: number }[]>();
    const resolved = new Set<number>();
    let current: { item: number; stale: number[] } | null = null;
    trace.forEach((r, i) => {
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
        if (current.stale.length && e.result === 'resolved') out.push(violation(this.id, 'host/30.4', `Stack item ${e.item} resolved although its target ${current.stale.map((id) => label(v, id)).join(', ')} changed zone after it was declared`, v, i, current.stale));
        current = null;
      }
      fold(v, r);
    });
    return out;
  },
};

export const noInfiniteLoop: Invariant = {
  id: 'host-no-infinite-loop', rules: ['host/42.1.2'], fidelity: 'phases', profiles: ['host'],
  description: `no chain of more than ${HOST_LOOP_BOUND + 1} resolutions without a player's action (the loop bound of 42.1, docs/host.md)`,
  check(trace) {
    const v = newView();
    const out: Violation[] = [];
    let run = 0;
    trace.forEach((r, i) => {
      const e = ev(r);
      if ((e?.e === 'priority' && e.action === 'act') || e?.e === 'host_phase') run = 0;
      if (r.t === 'open' && r.kind === 'RESOLVE' && ++run === HOST_LOOP_BOUND + 2) out.push(violation(this.id, 'host/42.1.2', `${run} Stack items resolve one after the other with no player's action: an infinite loop resolves`, v, i, r.subject !== undefined ? [r.subject] : []));
      fold(v, r);
    });
    return out;
  },
};
