import { caseFiles } from '../../golden/suite.js';
import { loadScenario, orderings } from '../../engine/scenario/load.js';
import { runScenario } from '../../engine/scenario/run.js';
import { loadCardPool } from '../../engine/cards/pool.js';
import { checkTrace } from '../invariants/index.js';
import { cardLookup } from '../check.js';
const cards = loadCardPool();
const mutants = (process.argv[2] ?? '').split(',').filter(Boolean) as never[];
const counts = new Map<string, string[]>();
for (const f of caseFiles()) {
  let s; try { s = loadScenario(f, cards); } catch (e) { console.log('load', f, (e as Error).message); continue; }
  const orders = s.allOrders && s.allOrders.length > 1 ? orderings(s.allOrders).map((o) => [...(s.setup.order ?? []).filter((l) => !o.includes(l)), ...o]) : [undefined];
  for (const order of orders) {
    let r; try { r = runScenario(s, f, { cards, mutants, order }); } catch (e) { console.log('run', s.id, (e as Error).message.slice(0, 100)); continue; }
    const vs = checkTrace(r.trace, { env: { card: cardLookup([]) } });
    for (const v of vs) { const l = counts.get(v.invariant) ?? []; if (!l.includes(s.id)) l.push(s.id); counts.set(v.invariant, l); if (!mutants.length) console.log(s.id, order?.join('<') ?? '', v.invariant, v.message); }
  }
}
console.log([...counts].map(([k, v]) => `${k}: ${v.length} (${v.slice(0, 3).join(', ')})`).join('\n'));
