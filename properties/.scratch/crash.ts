import fc from 'fast-check';
import { rawCaseArb } from '../arbitraries/rawCase.js';
import { toCase, LAST_RUN } from '../arbitraries/generatedCase.js';
import { runScenario } from '../../engine/scenario/run.js';
import { poolWith } from '../arbitraries/_internals/pool.js';
const raws = fc.sample(rawCaseArb(), { seed: 42, numRuns: 300 });
const times: number[] = [];
for (const raw of raws) {
  const t = performance.now();
  const c = toCase(raw);
  times.push(performance.now() - t);
  if (!(c as any)[LAST_RUN]) {
    try { runScenario(c.scenario, 'x', { cards: poolWith(c.cards) }); } catch (e) { console.log((e as Error).stack?.split('\n').slice(0, 8).join('\n')); }
  }
}
times.sort((a, b) => a - b);
console.log('median', times[150], 'p90', times[270], 'max', times[299], 'sum', times.reduce((a, b) => a + b));
