/**
 * The notice `arbiter run` prints when at least half the cases are UNSUPPORTED: the cards most often missing from the
 * adapter's hello (an adapter that leaves out the default hero would otherwise pass quietly with nothing run).
 */
import { describe, expect, it } from 'vitest';
import { unsupportedNotice } from './summary.js';
import { unsupportedCardsDetail } from '../differential/runner.js';

/** A case the runner found UNSUPPORTED for cards missing from the hello, with the detail the runner writes. */
const unsupported = (...ids: string[]) => ({ status: 'UNSUPPORTED' as const, detail: unsupportedCardsDetail(ids) });
const pass = { status: 'PASS' as const };

describe('unsupported notice', () => {
  it('names the cards most often missing, most first, when at least half the cases are unsupported', () => {
    const n = unsupportedNotice([unsupported('HERO_08', 'CS2_034'), unsupported('CS2_034', 'HERO_08', 'EX1_001'), unsupported('HERO_08'), pass]);
    expect(n).toBe('3 of 4 cases are UNSUPPORTED; the cards most often missing from the adapter\'s hello: HERO_08 (3), CS2_034 (2), EX1_001 (1) (list them in its "cards", or answer "*": spec/protocol.md)');
  });
  it('says nothing when fewer than half are unsupported, or none', () => {
    expect(unsupportedNotice([unsupported('HERO_08'), pass, pass])).toBeNull();
    expect(unsupportedNotice([pass])).toBeNull();
    expect(unsupportedNotice([])).toBeNull();
  });
  it('counts unsupported cases an adapter declined itself, without naming cards', () => {
    expect(unsupportedNotice([{ status: 'UNSUPPORTED', detail: 'no Secret support' }, pass])).toBe('1 of 2 cases are UNSUPPORTED');
  });
});
