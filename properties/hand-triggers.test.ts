/**
 * The conservation invariant and cards whose text acts from the hand (rule draw-event): a trigger block of a card in
 * a hand is allowed when the card has a hand trigger on that event, and reported otherwise.
 */
import { describe, expect, it } from 'vitest';
import { quick } from '../test/support/engine.js';
import { loadCardPool } from '../engine/cards/pool.js';
import type { TraceRecord } from '../engine/trace/format.js';
import { check } from './invariants/conservation.js';

const deck = ['Chillwind Yeti', 'Chillwind Yeti'];
const pool = loadCardPool();
const env = { card: (id: string) => (pool.has(id) ? pool.get(id) : undefined) };

function bolvarTrace(): TraceRecord[] {
  const q = quick({ active: 'B', A: { hand: [{ card: 'Bolvar Fordragon', label: 'b' }], board: [{ card: 'Wisp' }], deck }, B: { hand: [{ card: 'Consecration', label: 'c' }], deck } }, [{ play: 'c' }]);
  return q.run.trace;
}

describe('conservation: triggers from the hand (rule draw-event)', () => {
  it("Bolvar Fordragon's hand trigger is no violation, with or without the cards known", () => {
    const t = bolvarTrace();
    expect(t.some((r) => r.t === 'open' && r.block === 'trigger' && r.kind === 'died')).toBe(true);
    expect(check(t, env)).toEqual([]);
    expect(check(t)).toEqual([]);
  });
  it('the same block on a card without a hand trigger is reported when the cards are known', () => {
    // the trace as if Bolvar's trigger were an ordinary one (a card that only acts in play)
    const t = bolvarTrace();
    const bolvar = t.find((r) => r.t === 'entity' && r.name === 'Bolvar Fordragon') as Extract<TraceRecord, { t: 'entity' }>;
    const fake = { card: (id: string) => (id === bolvar.card ? { ...pool.get(id), triggers: pool.get(id).triggers!.map((x) => ({ ...x, zone: undefined })) } : env.card(id)) };
    expect(check(t, fake).map((v) => v.message)).toEqual([expect.stringMatching(/Bolvar Fordragon .* triggers .* while in hand/)]);
  });
});
