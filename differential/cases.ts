/**
 * The cases a differential run sends: the golden scenarios (or the user's scenario files), each file variant a case
 * of its own (`<id>#<variant>`); once the simulator's hello is known, every order of play and open random branch,
 * probes for final-state simulators (differential/variants.ts) and the card conformance cases of the cards they use
 * (differential/conformance.ts).
 */
import { loadScenario } from '../engine/scenario/load.js';
import { withVariants } from '../engine/scenario/variants.js';
import type { CardPool } from '../engine/state.js';
import { InputError, projectPath } from '../engine/validation.js';
import { caseFiles } from '../golden/suite.js';
import type { Hello } from './protocol.js';
import type { Case } from './runner.js';
import { sentVariants, probeVariants, prefixProbes, DAMAGE_OBSERVER } from './variants.js';
import type { Scenario } from '../engine/scenario/format.js';
import { conformanceCases } from './conformance.js';
import { cardsOf } from './verdict.js';
import { sameJson } from '../engine/trace/format.js';

/** The cases of scenario files, each file variant a case of its own; ids must be unique across the files. */
export function fileCases(files: readonly string[], cards: CardPool, originOf: (f: string) => string = (f) => f): Case[] {
  const seen = new Map<string, string>();
  return [...new Set(files)].flatMap((f) => {
    const s = loadScenario(f, cards);
    const prev = seen.get(s.id);
    if (prev) throw new InputError(f, '$.id', `case id "${s.id}" is already used by ${prev} (ids name results and baselines: make them unique)`);
    seen.set(s.id, f);
    return withVariants(s).map((v) => ({ id: v.id, scenario: v, origin: originOf(f), group: s.id, ...(v.id !== s.id ? { variant: 'file' as const } : {}) }));
  });
}

/**
 * Every golden scenario of a rule profile (default Hearthstone: a simulator is judged on one rule system at a time),
 * each of its variants a case of its own (`<id>#<variant>`).
 */
export function goldenCases(cards: CardPool, profile = 'hearthstone'): Case[] {
  return fileCases(caseFiles(), cards, projectPath).filter((c) => (c.scenario.profile ?? 'hearthstone') === profile);
}

export interface PlanOptions {
  /** Send each allOrders order, random branch and (final-state simulators) probe as a case (default true). */
  variants?: boolean;
  /** Add the card conformance cases of the cards used (default true). */
  conformance?: boolean;
}

/** Probes are sent to simulators that report only a final state, for cases that passed and state a full outcome. */
const wantsProbes = (hello: Pick<Hello, 'fidelity'>, o: PlanOptions) => o.variants !== false && hello.fidelity === 'final_state';

/**
 * The cases to send to this simulator first: the given ones, every order of play and open random branch, and the card
 * conformance cases of the cards they use (and of the probes' observer when probes will follow).
 */
export function planCases(cases: readonly Case[], cards: CardPool, hello: Pick<Hello, 'fidelity'>, o: PlanOptions = {}): Case[] {
  const generated = (c: Case) => c.origin.startsWith('generated:');
  const withSent = o.variants === false ? [...cases] : cases.flatMap((c) => (c.variant === 'conformance' || generated(c) ? [c] : sentVariants(c, cards)));
  const used = (s: Scenario) => [...cardsOf(s), ...(wantsProbes(hello, o) ? [DAMAGE_OBSERVER] : [])];
  const conf = o.conformance === false ? [] : conformanceCases(cases, cards, used);
  // A given case with a conformance case's id stands for it only when it is that same case (a saved copy of it);
  // another scenario under that id would replace the card's own check unsaid.
  const given = new Map(withSent.map((c) => [c.id, c]));
  for (const c of conf) {
    const mine = given.get(c.id);
    if (mine && !sameJson(mine.scenario, c.scenario)) {
      throw new InputError(mine.origin, '$.id', `case id "${c.id}" is the id of the card conformance case of ${c.conformance ?? 'a card'} the run makes: give this scenario another id`);
    }
  }
  return [...conf.filter((c) => !given.has(c.id)), ...withSent];
}

/**
 * The second round (final-state simulators; not card conformance or generated cases): probe variants of the cases that
 * passed, and each prefix of the actions of a case that failed with no step located (`unlocated`: its first
 * divergence unattributed), so the first action after which the states differ is known (differential/locate.ts).
 */
export function followUpCases(passed: readonly Case[], cards: CardPool, hello: Pick<Hello, 'fidelity'>, o: PlanOptions = {}, unlocated: readonly Case[] = []): Case[] {
  if (!wantsProbes(hello, o)) return [];
  const probed = (c: Case) => !c.conformance && !c.origin.startsWith('generated:') && c.variant !== 'probe' && c.scenario.compare !== 'stated';
  return [...passed.filter(probed).flatMap((c) => probeVariants(c, cards)), ...unlocated.filter((c) => probed(c) && c.variant !== 'random').flatMap((c) => prefixProbes(c))];
}
