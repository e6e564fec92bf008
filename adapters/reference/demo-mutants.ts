/** The demo simulator's known rule bugs (a module of its own: the CLI's help names them without loading the engine). */
import { join } from 'node:path';
import type { MutantName } from '../../engine/mutants.js';
import type { Profile } from '../../engine/profiles/index.js';
import { ROOT } from '../../engine/validation.js';

/** The demo simulator's known rule bugs: what a new user sees reported on the first `arbiter run`. */
export const DEMO_MUTANTS: MutantName[] = ['deaths-one-at-a-time', 'ignore-rule-5', 'no-phase-skip'];

/**
 * The demo's baseline of known failures for each rule profile's golden cases, in adapters/demo/. A baseline file holds
 * the cases of one run (`--update-expectations` rewrites it from that run alone), so each profile has its own file: a
 * Hearthstone run that rewrote a shared file would drop the Hearthtop entries. (Host runs have their own bug-free
 * default simulator, the Host kernel's adapter, and no default baseline.)
 */
const DEMO_BASELINES: Readonly<Record<Profile['id'], string>> = { hearthstone: 'expectations.json', hearthtop: 'expectations-hearthtop.json' };

/** The demo's default baseline file for a profile's run. */
export function demoBaseline(profile: Profile['id']): string {
  return join(ROOT, 'adapters', 'demo', DEMO_BASELINES[profile]);
}
