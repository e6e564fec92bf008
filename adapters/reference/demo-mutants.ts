/** The demo simulator's known rule bugs (a module of its own: the CLI's help names them without loading the engine). */
import type { MutantName } from '../../engine/mutants.js';

/** The demo simulator's known rule bugs: what a new user sees reported on the first `arbiter run`. */
export const DEMO_MUTANTS: MutantName[] = ['deaths-one-at-a-time', 'ignore-rule-5', 'no-phase-skip'];
