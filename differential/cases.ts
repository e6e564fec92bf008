/**
 * The cases a differential run sends: the golden scenarios (or the user's scenario files), each file variant a case
 * of its own (`<id>#<variant>`); once the simulator's hello is known, every order of play and open random branch,
 * probes for final-state simulators (differential/variants.ts) and the card conformance cases of the cards they use
 * (differential/conformance.ts).
 */
import { loadScenario } from '../engine/scenario/load.js';
import { withVariants } from '../engine/scenario/variants.js';
import type { CardPool } from '../engine/state.js';
import { InputError } from '../engine/validation.js';
import { caseFiles } from '../golden/suite.js';
import type { Hello } from './protocol.js';
import type { Case } from './runner.js';
import { sentVariants } from './variants.js';
import { conformanceCases } from './conformance.js';
import { cardsOf } from './verdict.js';

/** The cases of scenario files, each file variant a case of its own; ids must be unique across the files. */
export function fileCases(files: readonly string[], cards: CardPool, originOf: (f: string) => string = (f) => f): Case[] {
  const seen = new Map<string, string>();
  return files.flatMap((f) => {
    const s = loadScenario(f, cards);
    const prev = seen.get(s.id);
    if (prev) throw new InputError(f, '$.id', `case id "${s.id}" is already used by ${prev} (ids name results and baselines: make them unique)`);
    seen.set(s.id, f);
    return withVariants(s).map((v) => ({ id: v.id, scenario: v, origin: originOf(f), group: s.id, ...(v.id !== s.id ? { variant: 'file' as const } : {}) }));
  });
}

/** Every golden scenario, each of its variants a case of its own (`<id>#<variant>`). */
export function goldenCases(cards: CardPool): Case[] {
  return fileCases(caseFiles(), cards, (f) => f.slice(f.indexOf('golden/')));
}

export interface PlanOptions {
  /** Send each allOrders order, random branch and (final-state simulators) probe as a case (default true). */
  variants?: boolean;
  /** Add the card conformance cases of the cards used (default true). */
  conformance?: boolean;
}

/** The cases to send to this simulator: the given ones, their sent variants, and card conformance cases first. */
export function planCases(cases: readonly Case[], cards: CardPool, hello: Pick<Hello, 'fidelity'>, o: PlanOptions = {}): Case[] {
  const withSent = o.variants === false ? [...cases] : cases.flatMap((c) => (c.variant === 'conformance' ? [c] : sentVariants(c, cards, { probes: hello.fidelity === 'final_state' && c.scenario.compare !== 'stated' })));
  const conf = o.conformance === false ? [] : conformanceCases(cases, cards, cardsOf);
  const ids = new Set(withSent.map((c) => c.id));
  return [...conf.filter((c) => !ids.has(c.id)), ...withSent];
}
