/**
 * `npm run bench`: how fast the engine and the suite are, measured (never asserted in tests). Prints a Markdown table;
 * the figures of record are in docs/benchmarks.md.
 */
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { readCardPool } from '../engine/cards/pool.js';
import { runScenario } from '../engine/scenario/run.js';
import { goldenCases } from '../differential/cases.js';
import { verifyAll } from '../golden/suite.js';
import { generatedCaseArb } from '../properties/arbitraries/generatedCase.js';
import { poolWith } from '../properties/arbitraries/_internals/pool.js';
import { checkTrace } from '../properties/invariants/index.js';
import type { TraceRecord } from '../engine/trace/format.js';

function time<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const r = fn();
  return [r, performance.now() - t];
}

export function runBench(): string {
  const rows: [string, string][] = [];
  const [cards, loadMs] = time(() => readCardPool());
  rows.push(['load and validate the card pool', `${cards.all().length} cards in ${loadMs.toFixed(0)} ms`]);
  const golden = goldenCases(cards);
  time(() => golden.forEach((c) => runScenario(c.scenario, c.origin, { cards }))); // warm up
  const reps = 20;
  let records = 0;
  const [, engineMs] = time(() => {
    for (let i = 0; i < reps; i++) for (const c of golden) records += runScenario(c.scenario, c.origin, { cards }).trace.length;
  });
  const runs = reps * golden.length;
  rows.push(['reference engine, golden scenarios', `${(runs / (engineMs / 1000)).toFixed(0)} scenarios/s (${(engineMs / runs).toFixed(2)} ms each, ${(records / runs).toFixed(0)} trace records each)`]);
  const [results, verifyMs] = time(() => verifyAll(cards));
  rows.push(['`arbiter golden verify` (in process)', `${results.length} scenarios in ${verifyMs.toFixed(0)} ms`]);
  const gens = fc.sample(generatedCaseArb({}), { seed: 42, numRuns: 300 });
  const traces: TraceRecord[][] = [];
  const [, genMs] = time(() => {
    // the fuzzer's step budget (500): a looping synthetic card stops early instead of writing 200 000 records
    for (const g of gens) traces.push(runScenario(g.scenario, 'bench', { cards: poolWith(g.cards), stepBudget: 500 }).trace);
  });
  rows.push(['generated games (300, seed 42), engine only', `${(gens.length / (genMs / 1000)).toFixed(0)} games/s`]);
  const recs = traces.reduce((n, t) => n + t.length, 0);
  const each = traces.map((t) => time(() => checkTrace(t))[1]).sort((a, b) => a - b);
  const invMs = each.reduce((a, b) => a + b, 0);
  rows.push(['all trace invariants over those traces', `${((recs / invMs) * 1000 / 1e6).toFixed(2)} M records/s; per game: median ${each[each.length >> 1]!.toFixed(2)} ms, slowest ${each.at(-1)!.toFixed(1)} ms (${(recs / traces.length).toFixed(0)} records per game)`]);
  return ['| what | figure |', '|---|---|', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n') + `\n\nnode ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`;
}

process.stdout.write(runBench());
