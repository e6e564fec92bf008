import fc from 'fast-check';
import { rawCaseArb } from '../arbitraries/rawCase.js';
import { toCase } from '../arbitraries/generatedCase.js';
let t = performance.now();
const raws = fc.sample(rawCaseArb(), { seed: 42, numRuns: 1000 });
console.log('raw gen ms/case', (performance.now() - t) / 1000);
t = performance.now();
for (const r of raws) toCase(r);
console.log('toCase ms/case', (performance.now() - t) / 1000);
