/**
 * The other part of the mutant hunts of properties/mutants.test.ts (test/support/mutant-hunts.ts `huntPart`):
 * each is caught by the invariants it must break, on generated cases, and shrunk.
 */
import { describe } from 'vitest';
import { huntTests } from '../test/support/mutant-hunts.js';

describe('mutants are killed by the invariants (second half)', () => {
  huntTests(1);
});
