/**
 * Test helpers: build a scenario in code, run it, and ask the result questions in the rulebook's words.
 * Used by the engine's rule tests and the property suite; not by the engine itself.
 */
import { loadCardPool } from '../../engine/cards/pool.js';
import { runScenario, type RunResult } from '../../engine/scenario/run.js';
import { checkExpectations } from '../../engine/scenario/expect.js';
import type { Scenario, Setup, ScenarioAction, Expect } from '../../engine/scenario/format.js';
import type { MutantName } from '../../engine/mutants.js';
import type { Forced } from '../../engine/random.js';
import type { TraceRecord, OpenRecord } from '../../engine/trace/format.js';
import { entity, attack, health, type Entity } from '../../engine/state.js';

export interface Quick {
  run: RunResult;
  /** Entity by label. */
  e(label: string): Entity;
  atk(label: string): number;
  hp(label: string): number;
  zone(label: string): string;
  /** Trace event records of one kind. */
  events(kind: string): (TraceRecord & Record<string, unknown>)[];
  /** Labels (or card names) of trigger blocks in the order they resolved. */
  triggerOrder(): string[];
  drawn(player: 'A' | 'B'): number;
  heroHealth(player: 'A' | 'B'): number;
  failures(x: Expect): string[];
}

export function quick(setup: Setup, actions: ScenarioAction[], opts: { random?: Forced[]; mutants?: MutantName[]; seed?: string; stepBudget?: number } = {}): Quick {
  const s: Scenario = {
    format: 'arbiter-scenario/1', id: 'test', title: 'test', rules: ['1a'], source: { seed: 'test', quote: 'test' },
    setup, actions, random: opts.random, seed: opts.seed ?? 'test', expect: {},
  };
  const run = runScenario(s, '<test>', { cards: loadCardPool(), mutants: opts.mutants, stepBudget: opts.stepBudget });
  const g = run.g;
  const byLabel = (l: string) => {
    const id = run.labels.get(l);
    if (id === undefined) throw new Error(`no label ${l}`);
    return entity(g, id);
  };
  const nameOf = (id: number) => { const x = entity(g, id); return x.label ?? x.card.name; };
  return {
    run,
    e: byLabel,
    atk: (l) => attack(g, byLabel(l)),
    hp: (l) => health(g, byLabel(l)),
    zone: (l) => byLabel(l).zone,
    events: (kind) => run.trace.filter((r) => r.t === 'event' && r.e === kind) as never,
    triggerOrder: () => run.trace.filter((r): r is OpenRecord => r.t === 'open' && r.block === 'trigger').map((r) => nameOf(r.subject!)),
    drawn: (p) => run.trace.filter((r) => r.t === 'event' && r.e === 'draw' && r.player === (p === 'A' ? 0 : 1)).length,
    heroHealth: (p) => health(g, entity(g, g.players[p === 'A' ? 0 : 1].hero)),
    failures: (x) => checkExpectations(x, run),
  };
}
