/**
 * Shrink a failing case to the smallest scenario that still shows the same divergence and that the reference engine
 * accepts: delta debugging (ddmin) over the scenario's parts — actions, minions, hand, deck and secret cards, damage
 * and enchantments — one kind of part at a time, until no single removal keeps the failure.
 */
import type { Scenario, CardSetup, PlayerSetup, ScenarioAction } from '../engine/scenario/format.js';
import type { CardPool } from '../engine/state.js';
import { runScenario } from '../engine/scenario/run.js';

/** Does this candidate still fail the same way? (async: it may ask a simulator) */
export type Oracle = (s: Scenario) => Promise<boolean>;

type Part = { kind: 'action'; index: number } | { kind: 'card'; side: 'A' | 'B'; zone: 'board' | 'hand' | 'deck' | 'secrets'; index: number } | { kind: 'weapon'; side: 'A' | 'B' };

function parts(s: Scenario): Part[] {
  const out: Part[] = s.actions.map((_, index) => ({ kind: 'action', index }) as Part);
  for (const side of ['A', 'B'] as const) {
    const p = s.setup[side];
    if (!p) continue;
    for (const zone of ['board', 'hand', 'deck', 'secrets'] as const) (p[zone] ?? []).forEach((_, index) => out.push({ kind: 'card', side, zone, index }));
    if (p.weapon) out.push({ kind: 'weapon', side });
  }
  return out;
}

const labelOf = (x: string | CardSetup) => (typeof x === 'string' ? undefined : x.label);

/** The scenario without the given parts; labels that no longer exist are dropped from order, actions and random. */
export function without(s: Scenario, drop: Part[]): Scenario {
  const key = (p: Part) => JSON.stringify(p);
  const gone = new Set(drop.map(key));
  const removedLabels = new Set<string>();
  const setup = { ...s.setup };
  for (const side of ['A', 'B'] as const) {
    const p = s.setup[side];
    if (!p) continue;
    const np: PlayerSetup = { ...p };
    for (const zone of ['board', 'hand', 'deck', 'secrets'] as const) {
      if (!p[zone]) continue;
      np[zone] = p[zone]!.filter((x, index) => {
        const keep = !gone.has(key({ kind: 'card', side, zone, index }));
        if (!keep && labelOf(x)) removedLabels.add(labelOf(x)!);
        return keep;
      });
    }
    if (p.weapon && gone.has(key({ kind: 'weapon', side }))) {
      if (labelOf(p.weapon)) removedLabels.add(labelOf(p.weapon)!);
      delete np.weapon;
    }
    setup[side] = np;
  }
  const mentions = (a: ScenarioAction) => Object.values(a).some((v) => typeof v === 'string' && removedLabels.has(v));
  const actions = s.actions.filter((a, index) => !gone.has(key({ kind: 'action', index })) && !mentions(a));
  if (setup.order) setup.order = setup.order.filter((l) => !removedLabels.has(l));
  const out: Scenario = { ...s, setup, actions };
  if (s.allOrders) out.allOrders = s.allOrders.filter((l) => !removedLabels.has(l));
  return out;
}

/** Simplifications inside parts: no damage, no enchantments, no extra buff. */
function simplifications(s: Scenario): Scenario[] {
  const out: Scenario[] = [];
  for (const side of ['A', 'B'] as const) {
    (s.setup[side]?.board ?? []).forEach((x, i) => {
      if (typeof x === 'string') return;
      for (const k of ['damage', 'enchantments', 'buff'] as const) {
        if (x[k] === undefined) continue;
        const board = [...s.setup[side]!.board!];
        const c = { ...x };
        delete c[k];
        board[i] = c;
        out.push({ ...s, setup: { ...s.setup, [side]: { ...s.setup[side], board } } });
      }
    });
  }
  return out;
}

/** The reference engine accepts it (a legal scenario: no illegal action, no unknown label). */
export function accepted(s: Scenario, cards: CardPool): boolean {
  try {
    runScenario(s, '<repro>', { cards });
    return true;
  } catch {
    return false;
  }
}

export interface ShrinkResult { scenario: Scenario; tries: number; minions: number; actions: number }

export async function shrink(s0: Scenario, cards: CardPool, stillFails: Oracle, maxTries = 2000): Promise<ShrinkResult> {
  let s = { ...s0, random: undefined } as Scenario; // forced outcomes refer to removed entities; keep them only if needed
  let tries = 0;
  const test = async (c: Scenario) => {
    tries++;
    return accepted(c, cards) && (await stillFails(c));
  };
  if (!(await test(s))) s = s0; // the failure needs its forced random outcomes
  let progress = true;
  while (progress && tries < maxTries) {
    progress = false;
    // ddmin over all parts: try removing chunks, halving the chunk size down to single parts.
    let ps = parts(s);
    for (let size = Math.max(1, Math.floor(ps.length / 2)); size >= 1 && tries < maxTries; size = Math.floor(size / 2)) {
      for (let start = 0; start < ps.length && tries < maxTries; ) {
        const cand = without(s, ps.slice(start, start + size));
        if (await test(cand)) {
          s = cand;
          ps = parts(s);
          progress = true;
        } else start += size;
      }
      if (size === 1) break;
    }
    for (const cand of simplifications(s)) {
      if (tries >= maxTries) break;
      if (await test(cand)) { s = cand; progress = true; break; }
    }
  }
  const minions = (s.setup.A?.board?.length ?? 0) + (s.setup.B?.board?.length ?? 0);
  return { scenario: s, tries, minions, actions: s.actions.length };
}
