/**
 * The other half of the mutant hunts of properties/mutants.test.ts (every mutant at an odd place in the mutant list):
 * each is caught by the invariants it must break, on generated cases, and shrunk.
 */
import { describe } from 'vitest';
import { huntTests } from '../test/support/mutant-hunts.js';

describe('mutants are killed by the invariants (second half)', () => {
  huntTests(1);
});
