/**
 * Generator coverage: over N generated cases, how often the traces show the situations the invariants are about.
 * Measured from the traces alone (pure functions of a trace), so the same figures can be taken of any producer.
 */
import type { TraceRecord } from '../engine/trace/format.js';
import type { GenConstraints } from './arbitraries/constraints.js';
import { scenariosFromSeed } from './seed.js';
import { runCase } from './check.js';
import { sizeOf } from './size.js';

export const FEATURES = {
  death: 'a minion or hero dies',
  nestedPhase: 'a phase opens inside another phase',
  multiDeathPhase: 'a Death Phase resolves more than one Death',
  repeatedDeathPhase: 'a Death Phase follows another (Rule 8)',
  auraStats: 'an Aura Update changes stats (after the set-up)',
  secretTriggered: 'a secret triggers',
  random: 'a random choice is made',
  multiEntryQueue: 'a queue has 2 or more entries',
  simultaneousEvents: 'a queue answers 2 or more simultaneous events',
  priorityEntry: 'a queue entry has priority first/last',
  triggerAbort: 'a trigger aborts (Rule 5 / 10b / gone)',
  phaseSkipped: 'a phase is skipped (Rule 6)',
  forcedDeath: 'a Forced Death Phase runs',
  forcePlay: 'a minion is put into play from hand or deck',
  syntheticTriggered: 'a synthetic card triggers',
  gameOver: 'the game ends',
  loopGuard: 'the run hits the loop guard',
} as const;

export type Feature = keyof typeof FEATURES;

/** Which features one trace shows. */
export function featuresOf(trace: readonly TraceRecord[]): Set<Feature> {
  const f = new Set<Feature>();
  const type = new Map<number, string>();
  const card = new Map<number, string>();
  const stack: { block: string; kind: string }[] = [];
  let sequences = 0;
  let lastClosedDeath = false;
  let pendingDeathQueue = false;
  for (let i = 0; i < trace.length; i++) {
    const r = trace[i]!;
    if (r.t === 'entity') { type.set(r.id, r.type); card.set(r.id, r.card); continue; }
    if (r.t === 'open') {
      if (r.block === 'sequence') sequences++;
      if (r.block === 'phase' && stack.some((b) => b.block === 'phase')) f.add('nestedPhase');
      if (r.block === 'phase' && r.kind === 'DEATH') { pendingDeathQueue = true; if (lastClosedDeath) f.add('repeatedDeathPhase'); }
      if (r.block === 'phase' && r.kind === 'FORCED_DEATH') f.add('forcedDeath');
      if (r.block === 'trigger' && r.subject !== undefined) {
        if (type.get(r.subject) === 'secret') f.add('secretTriggered');
        if (card.get(r.subject)?.startsWith('syn-')) f.add('syntheticTriggered');
      }
      if (r.block === 'phase' || r.block === 'sequence') lastClosedDeath = false;
      stack.push({ block: r.block, kind: r.kind });
      continue;
    }
    if (r.t === 'close') {
      const b = stack.pop();
      if (b?.block === 'phase') lastClosedDeath = b.kind === 'DEATH';
      continue;
    }
    if (r.t === 'queue') {
      if (pendingDeathQueue && r.entries.filter((e) => e.what === 'death').length > 1) f.add('multiDeathPhase');
      pendingDeathQueue = false;
      if (r.entries.length > 1) f.add('multiEntryQueue');
      if (r.events.length > 1 && r.entries.length > 0) f.add('simultaneousEvents');
      if (r.entries.some((e) => e.priority)) f.add('priorityEntry');
      continue;
    }
    if (r.t !== 'event') continue;
    switch (r.e) {
      case 'death': if (type.get(r.entity) === 'minion' || type.get(r.entity) === 'hero') f.add('death'); break;
      case 'stats': if (r.why === 'aura' && sequences > 0) f.add('auraStats'); break;
      case 'random': f.add('random'); break;
      case 'trigger_abort': f.add('triggerAbort'); break;
      case 'phase_skipped': f.add('phaseSkipped'); break;
      case 'game_check': if (r.result !== 'ongoing') f.add('gameOver'); break;
      case 'loop_guard': f.add('loopGuard'); break;
      case 'summon': {
        const p = trace[i - 1];
        if (p && p.t === 'event' && p.e === 'zone' && p.entity === r.entity && (p.from === 'hand' || p.from === 'deck')) f.add('forcePlay');
        break;
      }
    }
  }
  return f;
}

export interface Coverage {
  runs: number;
  seed: number;
  /** Fraction of cases (0–1) showing each feature. */
  share: Record<Feature, number>;
  /** Averages per case. */
  mean: { minions: number; actions: number; synthetic: number; records: number };
  /** Cases the engine threw on. */
  crashes: number;
  ms: number;
}

export function measureCoverage(o: { runs?: number; seed?: number; constraints?: GenConstraints } = {}): Coverage {
  const runs = o.runs ?? 1000;
  const seed = o.seed ?? 1;
  const t0 = performance.now();
  const counts = Object.fromEntries(Object.keys(FEATURES).map((k) => [k, 0])) as Record<Feature, number>;
  const mean = { minions: 0, actions: 0, synthetic: 0, records: 0 };
  let crashes = 0;
  for (const gc of scenariosFromSeed(seed, runs, o.constraints)) {
    const size = sizeOf(gc);
    mean.minions += size.minions; mean.actions += size.actions; mean.synthetic += size.synthetic;
    let trace: readonly TraceRecord[];
    try { trace = runCase(gc, o.constraints?.mutants ?? []).trace; } catch { crashes++; continue; }
    mean.records += trace.length;
    for (const k of featuresOf(trace)) counts[k]++;
  }
  const share = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v / runs])) as Record<Feature, number>;
  for (const k of Object.keys(mean) as (keyof typeof mean)[]) mean[k] /= runs;
  return { runs, seed, share, mean, crashes, ms: performance.now() - t0 };
}

export function coverageTable(c: Coverage): string {
  const rows = (Object.keys(FEATURES) as Feature[]).map((k) => `| ${FEATURES[k]} | \`${k}\` | ${(c.share[k] * 100).toFixed(1)}% |`);
  return [
    `Generator coverage over ${c.runs} cases (seed ${c.seed}), ${(c.ms / 1000).toFixed(1)} s:`,
    '',
    '| situation | feature | cases |',
    '|---|---|---|',
    ...rows,
    '',
    `Per case: ${c.mean.minions.toFixed(1)} minions, ${c.mean.actions.toFixed(2)} actions, ${c.mean.synthetic.toFixed(1)} synthetic cards, ${c.mean.records.toFixed(0)} trace records; engine crashes: ${c.crashes}.`,
  ].join('\n');
}
