/** The cases a differential run sends: every golden scenario, plus generated ones when asked. */
import { loadScenario } from '../engine/scenario/load.js';
import type { CardPool } from '../engine/state.js';
import { caseFiles } from '../golden/suite.js';
import type { Case } from './runner.js';

export function goldenCases(cards: CardPool): Case[] {
  return caseFiles().map((f) => {
    const s = loadScenario(f, cards);
    return { id: s.id, scenario: s, origin: f.slice(f.indexOf('golden/')) };
  });
}
