/**
 * `arbiter fuzz --profile hearthtop`: generated Hearthtop games, from the Setup rules to their end, judged by every
 * invariant that applies to a Hearthtop trace (the profile's own and the kernel's shared ones) and by determinism.
 *
 * A case is a new game: a deck order (a seed of fast-check's), the first player, the heroes, the mulligans, and a list
 * of choices. The game is played by taking, at each step, the choice-th of the legal actions (playing a card with each
 * of its legal targets, the hero power, each attack, ending the turn); when the choices run out, the next choices come
 * from a stream seeded by the case's seed, until the game is over (every game reaches its end: a dead hero or the deck
 * run dry; a cap of turns and steps bounds it). The actions taken are
 * written into the scenario (all 52 cards are labelled by their code), so a failing case is a scenario file that
 * `arbiter run-scenario` and `arbiter fuzz --check` replay.
 */
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MutantName } from '../engine/mutants.js';
import type { Scenario, ScenarioAction } from '../engine/scenario/format.js';
import type { TraceRecord } from '../engine/trace/format.js';
import type { CardPool, Game, Side } from '../engine/state.js';
import { entity, cost, hasKeyword } from '../engine/state.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { runScenario, startRun, tryAction } from '../engine/scenario/run.js';
import { legalTargets, canAttack } from '../engine/sequences.js';
import { DECK_CODES, hearthtopHeroes } from '../engine/hearthtop/cards.js';
import { checkTrace, checkDeterminism, type Violation } from './invariants/index.js';
import { makeOutDir } from './out-dir.js';

export interface HearthtopCase {
  seed: number;
  first: 'A' | 'B';
  heroes: [number, number];
  mulligan: [number[], number[]];
  choices: number[];
}

export const hearthtopCaseArb: fc.Arbitrary<HearthtopCase> = fc.record({
  seed: fc.nat(),
  first: fc.constantFrom('A' as const, 'B' as const),
  heroes: fc.tuple(fc.nat(), fc.nat()),
  mulligan: fc.tuple(fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }), fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { maxLength: 5 })),
  choices: fc.array(fc.nat(), { maxLength: 160 }),
});

/** The most turns a generated game is played for after its choices (the deck runs dry long before). */
const TURN_CAP = 200;

function deckOrder(seed: number): string[] {
  // A seeded order of the 52 cards (a linear congruential stream: the order is part of the case, shrinkable by seed).
  const out = [...DECK_CODES];
  let x = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The scenario of a case before its actions: a new game with every card labelled by its code. */
export function baseScenario(c: HearthtopCase): Scenario {
  const heroes = hearthtopHeroes().sort();
  return {
    format: 'arbiter-scenario/1', profile: 'hearthtop', id: `fuzz-hearthtop-${c.seed}`, title: 'a generated Hearthtop game',
    rules: ['hearthtop/turn'], source: { seed: 'generated', section: 'properties/hearthtop-fuzz.ts', quote: 'generated' }, seed: String(c.seed),
    setup: {
      start: true, active: c.first,
      A: { hero: heroes[c.heroes[0] % heroes.length]! }, B: { hero: heroes[c.heroes[1] % heroes.length]! },
      mulligan: { A: c.mulligan[c.first === 'A' ? 0 : 1], B: c.mulligan[c.first === 'A' ? 1 : 0] },
      deck: deckOrder(c.seed).map((code) => ({ card: code, label: `c${code}` })),
    },
    actions: [],
    expect: {},
  };
}

/** Legal actions of the active player, in label form (taken through the scenario runner). */
function legalActions(g: Game, labelOf: (id: number) => string | undefined): ScenarioAction[] {
  const side = g.active as Side;
  const p = g.players[side];
  const out: ScenarioAction[] = [];
  for (const id of p.hand) {
    const c = entity(g, id);
    const l = labelOf(id);
    if (!l || cost(g, c) > p.mana) continue;
    if (c.card.type === 'minion' && p.board.length >= g.profile.limits.board) continue;
    if (c.card.target) {
      for (const t of legalTargets(g, c)) { const tl = labelOf(t); if (tl) out.push({ play: l, target: tl }); }
      if (c.card.target.optional || c.card.target.requires) out.push({ play: l });
    } else {
      out.push({ play: l });
    }
  }
  if (p.heroPower !== null) {
    const hp = entity(g, p.heroPower);
    if (hp.attacks === 0 && cost(g, hp) <= p.mana) {
      const who = side === 0 ? 'A' : 'B';
      if (hp.card.target) for (const t of legalTargets(g, hp)) { const tl = labelOf(t); if (tl) out.push({ heroPower: who, target: tl }); }
      else out.push({ heroPower: who });
    }
  }
  const enemy = g.players[side === 0 ? 1 : 0];
  const taunts = enemy.board.filter((id) => hasKeyword(g, entity(g, id), 'taunt') && !hasKeyword(g, entity(g, id), 'stealth'));
  const defenders = (taunts.length ? taunts : [enemy.hero, ...enemy.board.filter((id) => !hasKeyword(g, entity(g, id), 'stealth'))]);
  for (const a of [p.hero, ...p.board]) {
    const al = labelOf(a);
    if (!al || canAttack(g, entity(g, a)) !== null) continue;
    for (const d of defenders) { const dl = labelOf(d); if (dl) out.push({ attack: al, defender: dl }); }
  }
  out.push({ endTurn: true });
  return out;
}

/** Play a case: the scenario with the actions taken (a whole game), and the game's trace. */
export function playCase(c: HearthtopCase, cards: CardPool, mutants: MutantName[] = []): { scenario: Scenario; trace: TraceRecord[] } {
  const s = baseScenario(c);
  // Played as a scenario is (engine/scenario/run.ts): each action recorded, a refused one rewound, so the scenario
  // written from the game replays it record for record.
  const run = startRun(s, 'generated', { cards, mutants });
  const { g, labels } = run;
  const byId = new Map([...labels].map(([l, id]) => [id, l]));
  const labelOf = (id: number) => byId.get(id);
  const actions: ScenarioAction[] = [];
  let i = 0;
  let turns = 0;
  let x = (c.seed ^ 0x9e3779b9) >>> 0;
  const next = () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x >>> 8; };
  for (let step = 0; g.result === 'ongoing' && turns < TURN_CAP && step < 20 * TURN_CAP; step++) {
    const options = legalActions(g, labelOf);
    const pick = options[(i < c.choices.length ? c.choices[i++]! : next()) % options.length]!;
    const mark = g.trace.mark();
    if (tryAction(run, 'generated', pick, actions.length) !== null) { g.trace.rewind(mark); continue; }
    actions.push(pick);
    if ('endTurn' in pick) turns++;
  }
  return { scenario: { ...s, actions }, trace: g.trace.records };
}

export interface HearthtopVerdict { violations: Violation[]; crash?: string; scenario?: Scenario }

export function judgeCase(c: HearthtopCase, cards: CardPool, mutants: MutantName[] = [], o: { determinism?: boolean } = {}): HearthtopVerdict {
  let scenario: Scenario | undefined;
  try {
    const played = playCase(c, cards, mutants);
    scenario = played.scenario;
    // Determinism, and that the written scenario replays the game: its run gives the played trace, record for record.
    let first = true;
    const replay = () => { if (first) { first = false; return played.trace; } return runScenario(played.scenario, 'generated', { cards, mutants }).trace; };
    const violations = [...checkTrace(played.trace), ...(o.determinism === false ? [] : checkDeterminism(replay))];
    return { violations, scenario };
  } catch (e) {
    return { violations: [], crash: (e as Error).stack ?? String(e), ...(scenario ? { scenario } : {}) };
  }
}

export interface HearthtopFuzzReport { ok: boolean; seed: number; runs: number; ms: number; failure?: HearthtopVerdict & { file?: string; path: string; writeError?: { dir: string; error: unknown } } }

export function fuzzHearthtop(o: { runs: number; seed: number; mutants: MutantName[]; path?: string; outDir?: string; noWrite?: boolean; noDeterminism?: boolean; progress?: (done: number, ms: number) => void }): HearthtopFuzzReport {
  const cards = loadCardPool();
  const t0 = performance.now();
  let done = 0;
  let last: HearthtopVerdict | null = null;
  const property = fc.property(hearthtopCaseArb, (c) => {
    done++;
    if (o.progress && done % 1000 === 0) o.progress(done, performance.now() - t0);
    const v = judgeCase(c, cards, o.mutants, { determinism: !o.noDeterminism });
    const ok = !v.crash && v.violations.length === 0;
    if (!ok) last = v;
    return ok;
  });
  const r = fc.check(property, { seed: o.seed, numRuns: o.runs, ...(o.path ? { path: o.path } : {}) });
  const ms = performance.now() - t0;
  if (!r.failed || !r.counterexample) return { ok: true, seed: o.seed, runs: r.numRuns, ms };
  const v: HearthtopVerdict = last ?? judgeCase(r.counterexample[0], cards, o.mutants, { determinism: !o.noDeterminism });
  const failure: NonNullable<HearthtopFuzzReport['failure']> = { ...v, path: r.counterexamplePath ?? '' };
  if (!o.noWrite && v.scenario) {
    const first = v.violations[0];
    const id = `fuzz-hearthtop-${o.seed}-${first?.invariant ?? 'crash'}`.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
    const scenario: Scenario = {
      ...v.scenario, id, title: first ? `Fuzz: ${first.message.slice(0, 160)}` : 'Fuzz: the engine failed',
      rules: first && first.rule.startsWith('hearthtop/') ? [first.rule] : ['hearthtop/turn'],
      generated: { seed: o.seed, path: failure.path, invariant: first?.invariant ?? 'engine-crash', mutants: o.mutants, tool: 'arbiter fuzz --profile hearthtop' },
    };
    failure.scenario = scenario;
    const dir = o.outDir ?? 'fuzz-out';
    try {
      makeOutDir(dir);
      writeFileSync(join(dir, `${id}.json`), JSON.stringify(scenario, null, 2) + '\n');
      failure.file = join(dir, `${id}.json`);
    } catch (error) {
      // The folder changed while fuzzing (or the disk is full): the finding is printed instead.
      failure.writeError = { dir, error };
    }
  }
  return { ok: false, seed: o.seed, runs: r.numRuns, ms, failure };
}
