/**
 * The external mutant table for properties/README.md: each mutant of test/support/external-mutants.ts (a patch on a
 * temporary copy of the compiled engine) judged by `golden verify`, then `fuzz --runs 3000`.
 * `npx tsx scripts/external-mutants.ts` (after `npm run build`).
 */
import { EXTERNAL_MUTANTS, judgeMutant, type MutantVerdict } from '../test/support/external-mutants.js';

const results: MutantVerdict[] = [];
const queue = [...EXTERNAL_MUTANTS];
await Promise.all(Array.from({ length: 4 }, async () => {
  for (let m = queue.shift(); m; m = queue.shift()) results.push(await judgeMutant(m));
}));
const byName = new Map(results.map((r) => [r.name, r]));
console.log('| mutant | class of bug | rule | killed by | detail |');
console.log('|---|---|---|---|---|');
for (const m of EXTERNAL_MUTANTS) {
  const r = byName.get(m.name)!;
  console.log(`| \`${m.name}\` | ${m.kind} | ${m.rule} | ${r.killedBy ?? '**not killed**'} | ${r.detail.replace(/\|/g, '\\|')} |`);
}
