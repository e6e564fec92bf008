/**
 * The shared walk hands a record only to the passes that declare they read its kind (walk.ts `reads`). A pass that
 * declared too little would silently miss records, so the walk's verdicts are compared with the same walk handing
 * every record to every pass (`everyRecord`: the same code with the dispatch turned off) on many traces: generated
 * games, the locked golden traces, generated games on every mutant (traces with findings), and traces made hostile
 * (records dropped, repeated, swapped, entity ids changed). And, record by record, a pass never looks into a record
 * of a kind it did not declare: past its `t` and `e`, which it may test to pass the record by, it reads nothing.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { readCardPool } from '../engine/cards/pool.js';
import { runScenario } from '../engine/scenario/run.js';
import { MUTANTS, type CoreMutantName } from '../engine/mutants.js';
import { ROOT } from '../engine/validation.js';
import { GAME_EVENT_KINDS, type TraceRecord } from '../engine/trace/format.js';
import { generatedCaseArb } from './arbitraries/generatedCase.js';
import { poolWith } from './arbitraries/_internals/pool.js';
import { INVARIANTS, checkAll, type InvariantEnv, type Violation } from './invariants/index.js';
import { NO_RECORDS, readsRecord, walkPasses, type RecordKind, type WalkPass } from './invariants/walk.js';
import { hostWalk, type HostPass } from './invariants/host-walk.js';
import { loadHostCards } from '../engine/host/load.js';
import { HOST_MUTANTS, type HostMutant } from '../engine/host/mutants.js';
import { autoplay, randomHostScenario } from './host-fuzz.js';
import seedrandom from 'seedrandom';

const cards = readCardPool();
const env: InvariantEnv = { card: (id: string) => (cards.has(id) ? cards.get(id) : undefined) };
const RIDERS = INVARIANTS.filter((i) => i.pass);

function generated(n: number, seed: number): { trace: TraceRecord[]; env: InvariantEnv }[] {
  return fc.sample(generatedCaseArb({}), { seed, numRuns: n }).map((g) => {
    const pool = poolWith(g.cards);
    const trace = runScenario(g.scenario, 'dispatch', { cards: pool, stepBudget: 500 }).trace;
    return { trace, env: { card: (id: string) => (pool.has(id) ? pool.get(id) : undefined) } };
  });
}

function mutated(perMutant: number): { trace: TraceRecord[]; env: InvariantEnv }[] {
  const out: { trace: TraceRecord[]; env: InvariantEnv }[] = [];
  const cases = fc.sample(generatedCaseArb({}), { seed: 11, numRuns: perMutant });
  for (const m of Object.keys(MUTANTS) as CoreMutantName[]) {
    if (m === 'unseeded-random') continue;
    for (const g of cases) {
      const pool = poolWith(g.cards);
      try {
        out.push({ trace: runScenario(g.scenario, m, { cards: pool, mutants: [m], stepBudget: 500 }).trace, env: { card: (id: string) => (pool.has(id) ? pool.get(id) : undefined) } });
      } catch {
        // a mutant may make a generated action illegal: nothing to judge
      }
    }
  }
  return out;
}

function golden(): TraceRecord[][] {
  const dir = join(ROOT, 'golden', 'traces');
  return readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort().map((f) =>
    readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as TraceRecord));
}

/** A trace made hostile: records dropped, repeated, swapped with the next, or an entity id changed. */
const hostile = (base: readonly TraceRecord[][]) => fc.record({
  which: fc.nat(),
  edits: fc.array(fc.record({ op: fc.constantFrom('drop', 'repeat', 'swap', 'renumber'), at: fc.nat(), id: fc.integer({ min: 0, max: 40 }) }), { minLength: 1, maxLength: 6 }),
}).map(({ which, edits }) => {
  const t = base[which % base.length]!.map((r) => ({ ...r })) as TraceRecord[];
  for (const { op, at, id } of edits) {
    if (!t.length) break;
    const i = at % t.length;
    if (op === 'drop') t.splice(i, 1);
    else if (op === 'repeat') t.splice(i, 0, { ...t[i]! } as TraceRecord);
    else if (op === 'swap' && i + 1 < t.length) [t[i], t[i + 1]] = [t[i + 1]!, t[i]!];
    else if (op === 'renumber') {
      const r = t[i] as unknown as Record<string, unknown>;
      for (const k of ['entity', 'target', 'source', 'subject', 'id']) if (typeof r[k] === 'number') { r[k] = id; break; }
    }
  }
  return t;
});

/** Each riding invariant's findings on a trace, with the dispatch (as checkAll walks) and without it. */
function both(trace: readonly TraceRecord[], e: InvariantEnv, list = RIDERS): { dispatched: Violation[][]; everyRecord: Violation[][] } {
  return {
    dispatched: walkPasses(trace, list.map((i) => i.pass!(trace, e))),
    everyRecord: walkPasses(trace, list.map((i) => i.pass!(trace, e)), { everyRecord: true }),
  };
}

describe('the walk hands each record only to the passes that read its kind', () => {
  const gen = generated(250, 42);
  const mut = mutated(12);
  const gold = golden();
  const corpus = [...gen, ...mut, ...gold.map((trace) => ({ trace, env }))];

  it('record types and event kinds never share a name (a declaration names one or the other)', () => {
    for (const t of ['meta', 'entity', 'open', 'close', 'queue', 'event']) expect(GAME_EVENT_KINDS as readonly string[]).not.toContain(t);
  });

  it('every riding invariant declares what it reads, with known kinds only', () => {
    const kinds = new Set<string>(['meta', 'entity', 'open', 'close', 'queue', 'event', ...GAME_EVENT_KINDS]);
    for (const i of RIDERS) {
      const p = i.pass!([], env);
      if (p.reads === undefined) continue; // reads every record (game-end, death-phases)
      for (const k of p.reads) expect(kinds.has(k), `${i.id} reads an unknown kind ${k}`).toBe(true);
    }
  });

  it('finds the same as handing every record to every pass, on generated, mutant and golden traces', () => {
    let found = 0;
    for (const { trace, env: e } of corpus) {
      const { dispatched, everyRecord } = both(trace, e);
      dispatched.forEach((v, k) => expect(v, `${RIDERS[k]!.id} on a trace of ${trace.length} records`).toEqual(everyRecord[k]));
      found += dispatched.flat().length;
    }
    expect(corpus.length).toBeGreaterThan(400);
    // the mutants make the invariants find things, so the comparison is not between empty lists only
    expect(found).toBeGreaterThan(100);
  }, 120_000);

  it('finds the same on hostile traces (records dropped, repeated, swapped, ids changed)', () => {
    const base = [...gen.slice(0, 60).map((x) => x.trace), ...gold];
    fc.assert(fc.property(hostile(base), (t) => {
      const { dispatched, everyRecord } = both(t, env);
      expect(dispatched).toEqual(everyRecord);
    }), { seed: 5, numRuns: 300 });
  }, 120_000);

  it('a pass looks into no record of a kind it did not declare (beyond its t and e)', () => {
    const looked: string[] = [];
    const watch = (id: string, p: WalkPass): WalkPass => ({
      // handed every record, it gives the pass the records it did not declare behind a proxy that notes what is read
      visit: (r, s, at) => p.visit(readsRecord(p.reads, r) ? r : spy(id, r, looked), s, at),
      after: p.after ? (r, s, at) => p.after!(readsRecord(p.reads, r) ? r : spy(id, r, looked), s, at) : undefined,
      finish: (s) => p.finish(s),
    });
    for (const { trace, env: e } of [...gen.slice(0, 80), ...mut.slice(0, 200), ...gold.map((trace) => ({ trace, env }))]) {
      walkPasses(trace, RIDERS.map((i) => watch(i.id, i.pass!(trace, e))));
    }
    expect([...new Set(looked)]).toEqual([]);
  }, 120_000);

  it('a declaration that leaves out a kind the pass needs is caught by the comparison (the check can fail)', () => {
    // Every invariant that finds something in the corpus, made to declare it reads nothing, finds something else.
    const caught = new Set<string>();
    const finders = new Set<string>();
    for (const { trace, env: e } of corpus) {
      RIDERS.forEach((inv) => {
        const honest = walkPasses(trace, [inv.pass!(trace, e)], { everyRecord: true })[0]!;
        if (!honest.length) return;
        finders.add(inv.id);
        const p = inv.pass!(trace, e);
        const blind: WalkPass = { reads: NO_RECORDS, visit: (r, s, at) => p.visit(r, s, at), finish: (s) => p.finish(s) };
        if (JSON.stringify(walkPasses(trace, [blind])[0]) !== JSON.stringify(honest)) caught.add(inv.id);
      });
    }
    expect(finders.size).toBeGreaterThan(8);
    expect([...finders].filter((id) => !caught.has(id))).toEqual([]);
    // and a visit that reads a field of a record it did not declare is seen by the proxy
    const looked: string[] = [];
    const sneaky = (r: TraceRecord) => (r.t === 'event' && r.e === 'damage' ? r.amount : 0);
    const t = gen.find((x) => x.trace.some((r) => r.t === 'event' && r.e === 'damage'))!.trace;
    for (const r of t) if (!readsRecord(['open'] as RecordKind[], r)) sneaky(spy('sneaky', r, looked));
    expect(looked).toContain('sneaky reads amount of a damage event');
  }, 120_000);
});

describe('the Host walk: the Host invariants share one walk, dispatched the same way', () => {
  const HOST = INVARIANTS.filter((i) => i.hostPass);
  const hostCards = loadHostCards();
  const games: TraceRecord[][] = [];
  for (const m of [undefined, ...Object.keys(HOST_MUTANTS)] as (HostMutant | undefined)[]) {
    for (let run = 0; run < (m ? 8 : 60); run++) {
      const r = seedrandom(`dispatch:${m ?? ''}:${run}`);
      try {
        games.push(autoplay(randomHostScenario(r, hostCards, `dispatch-${run}`), hostCards, r, { mutants: m ? [m] : [] }).trace);
      } catch {
        // a mutant may leave the generated game nothing to judge
      }
    }
  }
  const gold = golden().filter((t) => t.some((r) => r.t === 'meta' && r.profile === 'host'));
  const all = [...games, ...gold];

  it('every Host invariant rides the Host walk, and all of them together find what each finds on its own walk', () => {
    expect(HOST.length).toBe(INVARIANTS.filter((i) => i.profiles.includes('host')).length);
    let found = 0;
    for (const t of all) {
      const shared = checkAll(HOST, t);
      expect(shared).toEqual(HOST.flatMap((i) => i.check(t)));
      found += shared.length;
    }
    expect(gold.length).toBeGreaterThan(20);
    expect(found).toBeGreaterThan(10);
  }, 120_000);

  it('finds the same as handing every record to every Host pass, and no pass looks into a record it did not declare', () => {
    const looked: string[] = [];
    const watch = (id: string, p: HostPass): HostPass => ({
      visit: (r, v, at) => p.visit(readsRecord(p.reads, r) ? r : spy(id, r, looked), v, at),
      after: p.after ? (r, v, at) => p.after!(readsRecord(p.reads, r) ? r : spy(id, r, looked), v, at) : undefined,
      finish: (v) => p.finish(v),
    });
    for (const t of all) {
      expect(hostWalk(t, HOST.map((i) => i.hostPass!(t)))).toEqual(hostWalk(t, HOST.map((i) => i.hostPass!(t)), { everyRecord: true }));
      hostWalk(t, HOST.map((i) => watch(i.id, i.hostPass!(t))));
    }
    expect([...new Set(looked)]).toEqual([]);
  }, 120_000);
});

/** The record behind a proxy that notes every field read past `t` and `e`. */
function spy(id: string, r: TraceRecord, looked: string[]): TraceRecord {
  return new Proxy(r, {
    get(target, key, receiver) {
      if (key !== 't' && key !== 'e') looked.push(`${id} reads ${String(key)} of a ${r.t === 'event' ? `${r.e} event` : `${r.t} record`}`);
      return Reflect.get(target, key, receiver);
    },
  });
}
