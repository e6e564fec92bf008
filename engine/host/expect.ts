/**
 * A Host scenario's stated outcome against a run: result, entities (by label), players, and trace patterns in order
 * (`events`) or never (`absent`). In a pattern, entity fields take labels and player fields "A"/"B".
 */
import type { TraceRecord } from '../trace/format.js';
import type { HostExpect } from './format.js';
import type { HostRunResult } from './run.js';

const PLAYER_FIELDS = new Set(['player', 'winner', 'controller', 'from', 'to']);
const ENTITY_FIELDS = new Set(['source', 'target', 'entity', 'subject', 'attacker', 'defender', 'pick']);

function bind(p: Record<string, unknown>, labels: Map<string, number>): Record<string, unknown> | string {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) {
    if (PLAYER_FIELDS.has(k) && (v === 'A' || v === 'B')) out[k] = v === 'A' ? 0 : 1;
    // `from` / `to` are players in a control record, entities in a redirect record (a label), zones in a zone record.
    else if ((k === 'from' || k === 'to') && typeof v === 'string' && labels.has(v)) out[k] = labels.get(v);
    else if (ENTITY_FIELDS.has(k) && typeof v === 'string') {
      const id = labels.get(v);
      if (id === undefined) return `unknown label "${v}" in pattern field "${k}"`;
      out[k] = id;
    } else if (k === 'targets' && Array.isArray(v)) {
      const ids = v.map((x) => (typeof x === 'string' ? labels.get(x) : x));
      if (ids.some((x) => x === undefined)) return `unknown label in pattern field "targets"`;
      out[k] = ids;
    } else out[k] = v;
  }
  return out;
}

const matches = (r: TraceRecord, p: Record<string, unknown>) =>
  Object.entries({ t: 'event', ...p }).every(([k, v]) => JSON.stringify((r as unknown as Record<string, unknown>)[k]) === JSON.stringify(v));

export function checkHostExpect(x: HostExpect, run: HostRunResult): string[] {
  const f: string[] = [];
  const fin = run.final;
  if (run.error) f.push(`the run stopped: ${run.error}`);
  if (x.result !== undefined && fin.result !== x.result) f.push(`expected result ${x.result}, got ${fin.result}`);
  for (const [l, want] of Object.entries(x.entities ?? {})) {
    const got = fin.entities[l];
    if (!got) { f.push(`entity "${l}": unknown label`); continue; }
    for (const [k, v] of Object.entries(want)) {
      const g = (got as Record<string, unknown>)[k];
      if (g !== v) f.push(`entity "${l}": expected ${k} ${JSON.stringify(v)}, got ${JSON.stringify(g)}`);
    }
  }
  for (const [side, want] of Object.entries(x.players ?? {})) {
    const got = fin.players[side as 'A' | 'B'];
    for (const [k, v] of Object.entries(want ?? {})) {
      if (k === 'resources') {
        for (const [t, n] of Object.entries(v as Record<string, number>)) if (got.resources[t] !== n) f.push(`player ${side}: expected ${n} ${t}, got ${got.resources[t]}`);
      } else if (JSON.stringify((got as Record<string, unknown>)[k]) !== JSON.stringify(v)) f.push(`player ${side}: expected ${k} ${JSON.stringify(v)}, got ${JSON.stringify((got as Record<string, unknown>)[k])}`);
    }
  }
  let at = 0;
  (x.events ?? []).forEach((p, i) => {
    const b = bind(p, run.labels);
    if (typeof b === 'string') { f.push(`expect.events[${i}]: ${b}`); return; }
    const k = run.trace.findIndex((r, j) => j >= at && matches(r, b));
    if (k < 0) f.push(`expected event ${JSON.stringify(p)} (expect.events[${i}]) ${at > 0 ? 'after the previous expected event' : 'in the trace'}, not found`);
    else at = k + 1;
  });
  (x.absent ?? []).forEach((p, i) => {
    const b = bind(p, run.labels);
    if (typeof b === 'string') { f.push(`expect.absent[${i}]: ${b}`); return; }
    if (run.trace.some((r) => matches(r, b))) f.push(`event ${JSON.stringify(p)} (expect.absent[${i}]) happened`);
  });
  for (const i of run.acceptedIllegal ?? []) f.push(`$.actions[${i}] is illegal (the rules forbid it) but the engine took it`);
  return f;
}
