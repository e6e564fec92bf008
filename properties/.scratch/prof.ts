import fc from 'fast-check';
import { rawCaseArb } from '../arbitraries/rawCase.js';
import { buildCase } from '../arbitraries/_internals/build.js';
import { poolWith } from '../arbitraries/_internals/pool.js';
import { runScenario } from '../../engine/scenario/run.js';
import { toCase } from '../arbitraries/generatedCase.js';
const raws = fc.sample(rawCaseArb(), { seed: 42, numRuns: 300 });
let tb = 0, tp = 0, tr = 0;
for (const raw of raws) {
  let t = performance.now();
  const b = buildCase(raw); tb += performance.now() - t; t = performance.now();
  const pool = poolWith(b.cards); tp += performance.now() - t; t = performance.now();
  const c = toCase(raw);
  try { runScenario(c.scenario, 'x', { cards: pool }); } catch {} tr += performance.now() - t;
}
console.log({ tb, tp, tr });
