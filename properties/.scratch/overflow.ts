import { loadScenario } from '../../engine/scenario/load.js';
import { loadCardPool } from '../../engine/cards/pool.js';
import { runScenario } from '../../engine/scenario/run.js';
const cards = loadCardPool(['properties/findings/stack-overflow-before-loop-guard.cards']);
const s = loadScenario('properties/findings/stack-overflow-before-loop-guard.json', cards);
for (const b of [500, 1000, 1500, 2000, 3000, 5000]) {
  try { const r = runScenario(s, 'x', { cards, stepBudget: b }); console.log(b, 'ok', r.error?.slice(0, 60)); } catch (e) { console.log(b, (e as Error).message); }
}
