/**
 * The Hearthtop profile's own invariants (seed 004), read from its trace: the `table` records (where each of the 52
 * playing cards is, the crystals, boards, health and armor after every settled Phase), hero Health in damage / heal /
 * stats records, and the Cleanup's deck-end checks.
 * - cards: every table record holds the same 52 cards, each exactly once (deck, hands, play, markers, discard, set
 *   aside) (hearthtop/shared-deck, hearthtop/marking).
 * - mana: never more than 6 mana crystals (hearthtop/mana).
 * - board: never more than 5 minions a side (hearthtop/board-limit).
 * - health: a hero never has more than 20 health, nor more than 5 armor (hearthtop/health-cap, hearthtop/armor).
 * - deck end: the game ends exactly at the Cleanup of the turn in which a draw or a mark found the deck empty, the
 *   higher health winning (equal: a draw), and never by deck end in another turn; no fatigue (hearthtop/deck-end,
 *   hearthtop/deck-end-winner, hearthtop/draw-empty).
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';

type Table = Extract<TraceRecord, { t: 'event'; e: 'table' }>;
/** The limits as the seed states them (not read from the engine's profile: the judge states the rules itself). */
const L = { heroHealth: 20, mana: 6, board: 5, armor: 5 } as const;
const who = (p: number) => (p === 0 ? 'A' : 'B');

/** These invariants judge Hearthtop traces only (a trace's meta record names its profile; none: Hearthstone). */
function hearthtop(trace: readonly TraceRecord[]): boolean {
  const meta = trace.find((r) => r.t === 'meta');
  return meta?.t === 'meta' && meta.profile === 'hearthtop';
}

function tables(trace: readonly TraceRecord[]): { r: Table; at: number }[] {
  const out: { r: Table; at: number }[] = [];
  trace.forEach((r, at) => { if (r.t === 'event' && r.e === 'table') out.push({ r, at }); });
  return out;
}

export const cards: Invariant = {
  id: 'hearthtop-cards-accounted', rules: ['hearthtop/shared-deck', 'hearthtop/marking'], fidelity: 'events', profiles: ['hearthtop'],
  description: 'every table record holds the same 52 playing cards, each exactly once (deck, hands, play, markers, discard, set aside)',
  check(trace) {
    if (!hearthtop(trace)) return [];
    const out: Violation[] = [];
    let first: Set<number> | null = null;
    let before = new Map<number, string>();
    for (const { r, at } of tables(trace)) {
      const places: [string, number[]][] = [['deck', r.deck], ['markers', r.markers], ['discard', r.discard], ['hand A', r.hands[0] ?? []], ['hand B', r.hands[1] ?? []], ['play', r.play], ['set aside', r.setaside]];
      const where = new Map<number, string>();
      const v = (message: string, entities: number[], rule = 'hearthtop/shared-deck') => out.push({ invariant: 'hearthtop-cards-accounted', rule, message, path: `record ${at}`, entities, at });
      for (const [name, ids] of places) {
        for (const id of ids) {
          if (where.has(id)) { v(`card #${id} is in the ${where.get(id)} and in the ${name} at once`, [id]); continue; }
          where.set(id, name);
        }
      }
      const prev = before;
      before = where;
      if (!first) {
        if (where.size !== 52) v(`the table holds ${where.size} cards, not the deck's 52`, []);
        first = new Set(where.keys());
        continue;
      }
      const lost = [...first].filter((id) => !where.has(id));
      const extra = [...where.keys()].filter((id) => !first!.has(id));
      // A card last seen marking an effect was lost on its way back to the deck (hearthtop/marking).
      const fromMarks = lost.length > 0 && lost.every((id) => prev.get(id) === 'markers');
      if (lost.length) v(`card${lost.length > 1 ? 's' : ''} ${lost.map((id) => `#${id}${prev.has(id) ? ` (last in the ${prev.get(id)})` : ''}`).join(', ')} left the table (not in the deck, a hand, play, the markers or the discard pile)`, lost, fromMarks ? 'hearthtop/marking' : 'hearthtop/shared-deck');
      if (extra.length) v(`card${extra.length > 1 ? 's' : ''} ${extra.map((id) => `#${id}`).join(', ')} joined the 52`, extra);
    }
    return out.slice(0, 20);
  },
};

function limit(id: string, rule: string, description: string, read: (r: Table) => number[], max: number, what: string): Invariant {
  return {
    id, rules: [rule], fidelity: 'events', profiles: ['hearthtop'], description,
    check(trace) {
      if (!hearthtop(trace)) return [];
      for (const { r, at } of tables(trace)) {
        const values = read(r);
        const p = values.findIndex((n) => n > max);
        if (p >= 0) return [{ invariant: id, rule, message: `player ${who(p)} has ${values[p]} ${what}: at most ${max}`, path: `record ${at}`, entities: [], at }];
      }
      return [];
    },
  };
}

export const mana = limit('hearthtop-mana', 'hearthtop/mana', 'a player never has more than 6 mana crystals', (r) => r.crystals, L.mana, 'mana crystals');
export const board = limit('hearthtop-board', 'hearthtop/board-limit', 'a side never has more than 5 minions in play', (r) => r.boards, L.board, 'minions in play');

export const health: Invariant = {
  id: 'hearthtop-health', rules: ['hearthtop/health-cap', 'hearthtop/armor'], fidelity: 'events', profiles: ['hearthtop'],
  description: 'a hero never has more than 20 health (damage, heal, stats and table records) nor more than 5 armor',
  check(trace) {
    if (!hearthtop(trace)) return [];
    const heroes = new Set<number>();
    for (const r of trace) if (r.t === 'entity' && r.type === 'hero') heroes.add(r.id);
    for (const [at, r] of trace.entries()) {
      if (r.t !== 'event') continue;
      const v = (rule: string, message: string, entities: number[] = []): Violation[] => [{ invariant: 'hearthtop-health', rule, message, path: `record ${at}`, entities, at }];
      if ((r.e === 'damage' || r.e === 'heal') && heroes.has(r.target) && (r.health ?? 0) > L.heroHealth) return v('hearthtop/health-cap', `hero #${r.target} has ${r.health} health after a ${r.e}: at most ${L.heroHealth}`, [r.target]);
      if (r.e === 'stats' && heroes.has(r.entity) && r.health > L.heroHealth) return v('hearthtop/health-cap', `hero #${r.entity} has ${r.health} health: at most ${L.heroHealth}`, [r.entity]);
      if (r.e === 'table') {
        const p = r.health.findIndex((n) => n > L.heroHealth);
        if (p >= 0) return v('hearthtop/health-cap', `player ${who(p)}'s hero has ${r.health[p]} health: at most ${L.heroHealth}`);
        const a = r.armor.findIndex((n) => n > L.armor);
        if (a >= 0) return v('hearthtop/armor', `player ${who(a)}'s hero has ${r.armor[a]} armor: at most ${L.armor}`);
      }
    }
    return [];
  },
};

export const deckEnd: Invariant = {
  id: 'hearthtop-deck-end', rules: ['hearthtop/deck-end', 'hearthtop/deck-end-winner', 'hearthtop/draw-empty'], fidelity: 'events', profiles: ['hearthtop'],
  description: 'the game ends exactly at the Cleanup of the turn in which a draw or a mark found the deck empty (higher health wins, equal is a draw); no fatigue',
  check(trace) {
    if (!hearthtop(trace)) return [];
    const out: Violation[] = [];
    const v = (rule: string, message: string, at: number) => out.push({ invariant: 'hearthtop-deck-end', rule, message, path: `record ${at}`, entities: [], at });
    let dry: number | null = null;
    let depth = 0;
    let checked = false;
    let last = trace.find((r) => r.t === 'event' && r.e === 'table') as Table | undefined;
    for (const [at, r] of trace.entries()) {
      if (r.t === 'open') {
        if (depth === 0 && r.block === 'sequence' && r.kind === 'START_TURN') {
          if (dry !== null) v('hearthtop/deck-end', `the deck ran dry at record ${dry}, but the game went on into the next turn instead of ending at that turn's Cleanup`, at);
          dry = null;
          checked = false;
        }
        depth++;
      } else if (r.t === 'close') {
        depth--;
      } else if (r.t === 'event') {
        if (r.e === 'table') last = r;
        if (r.e === 'fatigue') v('hearthtop/draw-empty', 'a fatigue event: Hearthtop has no fatigue', at);
        if (r.e === 'deck_empty' && dry === null) dry = at;
        if (r.e === 'game_check' && r.rule === 'hearthtop/deck-end') {
          if (checked) v('hearthtop/deck-end', 'a second deck-end check in one turn', at);
          checked = true;
          const hp = r.health ?? last?.health ?? [];
          const want = dry === null ? 'ongoing' : hp[0]! === hp[1]! ? 'draw' : 'win';
          const winner = want === 'win' ? (hp[0]! > hp[1]! ? 0 : 1) : undefined;
          if (r.result !== want || (want === 'win' && r.winner !== winner)) {
            v(dry === null || r.result === 'ongoing' ? 'hearthtop/deck-end' : 'hearthtop/deck-end-winner', dry === null
              ? `the Cleanup ends the game (${r.result}) though no draw or mark found the deck empty this turn`
              : `the deck ran dry this turn (record ${dry}) and health is ${hp.join(' to ')}: expected ${want}${winner !== undefined ? ` (winner ${who(winner)})` : ''}, the check says ${r.result}${r.winner !== undefined ? ` (winner ${who(r.winner)})` : ''}`, at);
          }
          if (r.result !== 'ongoing') dry = null;
        }
      }
    }
    return out.slice(0, 20);
  },
};

export const HEARTHTOP_INVARIANTS: readonly Invariant[] = [cards, mana, board, health, deckEnd];
