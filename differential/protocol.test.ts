/**
 * The adapter's answers are bounded (differential/protocol-format.ts): a final state far past any game's size, or a
 * simulator's message long enough to swamp the reports, is a protocol error naming the JSON path, not a state to
 * compare.
 */
import { describe, expect, it } from 'vitest';
import { parseResponse } from './protocol.js';

const player = (p: Record<string, unknown> = {}) => ({ hero: { health: 30 }, board: [], hand: [], ...p });
const result = (a: Record<string, unknown>) => JSON.stringify({ type: 'result', case: 'c', final: { result: 'ongoing', players: [player(a), player()] } });

describe('adapter answers past the protocol bounds', () => {
  it('a board, hand or Secrets list of more than 1000, a card name of more than 1000 characters', () => {
    const minion = { card: 'CS2_231', attack: 1, health: 1 };
    for (const [field, value, path] of [
      ['board', Array(1001).fill(minion), 'board'],
      ['hand', Array(1001).fill('CS2_231'), 'hand'],
      ['secrets', Array(1001).fill('EX1_130'), 'secrets'],
      ['board', [{ ...minion, card: 'X'.repeat(1001) }], 'board[0].card'],
      ['hand', ['X'.repeat(1001)], 'hand[0]'],
      ['weapon', 'X'.repeat(1001), 'weapon'],
    ] as const) {
      const r = parseResponse(result({ [field]: value }));
      expect(r.ok, `${field} ${path}`).toBe(false);
      if (!r.ok) expect(r.why).toContain(`$.final.players[0].${path}`);
    }
  });
  it('the bounds leave room for any game: 1000 entries and names of 1000 characters (a pair of UTF-16 units is one) pass', () => {
    expect(parseResponse(result({ hand: Array(1000).fill('😀'.repeat(1000)), weapon: null })).ok).toBe(true);
  });
  it('an error message or a reason of more than 100000 characters', () => {
    expect(parseResponse(JSON.stringify({ type: 'error', case: 'c', message: 'x'.repeat(100_001) })).ok).toBe(false);
    expect(parseResponse(JSON.stringify({ type: 'unsupported', case: 'c', reason: 'x'.repeat(100_001) })).ok).toBe(false);
    expect(parseResponse(JSON.stringify({ type: 'error', case: 'c', message: 'x'.repeat(100_000) })).ok).toBe(true);
  });
});
