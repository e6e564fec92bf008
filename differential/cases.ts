/** The cases a differential run sends: every golden scenario, plus generated ones when asked. */
import { loadScenario } from '../engine/scenario/load.js';
import { withVariants } from '../engine/scenario/variants.js';
import type { CardPool } from '../engine/state.js';
import { caseFiles } from '../golden/suite.js';
import type { Case } from './runner.js';

/** Every golden scenario, each of its variants a case of its own (`<id>#<variant>`). */
export function goldenCases(cards: CardPool): Case[] {
  return caseFiles().flatMap((f) => withVariants(loadScenario(f, cards)).map((s) => ({ id: s.id, scenario: s, origin: f.slice(f.indexOf('golden/')) })));
}
