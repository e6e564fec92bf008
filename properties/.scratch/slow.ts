import fc from 'fast-check';
import { rawCaseArb } from '../arbitraries/rawCase.js';
import { toCase, LAST_RUN } from '../arbitraries/generatedCase.js';
const raws = fc.sample(rawCaseArb(), { seed: 42, numRuns: 300 });
for (const raw of raws) {
  const t = performance.now();
  const c = toCase(raw);
  const ms = performance.now() - t;
  const run = (c as any)[LAST_RUN];
  if (!run || ms < 15) continue;
  const counts = new Map<string, number>();
  const ent = new Map<number, string>();
  for (const r of run.trace) if (r.t === 'entity') ent.set(r.id, r.card);
  for (const r of run.trace) if (r.t === 'open' && r.block === 'trigger') { const k = `${ent.get(r.subject)}:${r.kind}`; counts.set(k, (counts.get(k) ?? 0) + 1); }
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3);
  console.log(ms.toFixed(0), run.trace.length, run.error ? 'LOOP' : '', JSON.stringify(top), top.map(([k]) => { const id = k.split(':')[0]; const cd = c.cards.find((x) => x.id === id); return cd ? cd.text : id; }).join(' | '));
}
