/**
 * Sent variants: everything a case means reaches the simulator as a case of its own.
 * - `order`: each order of play its `allOrders` asks for (`<id>#order=raptor,cult`);
 * - `random`: each branch of the random choices it leaves open, forced (`<id>#random=raptor,3`), for simulators that
 *   follow `scenario.random` (spec/protocol.md);
 * - `probe`: for simulators that report only a final state, variants that make a mid-sequence step visible at the end:
 *   an observer whose Attack counts every damage dealt to minions (Frothing Berserker, made sturdy so it lives to
 *   the end), and the case stopped after each prefix of its actions.
 * The reference engine judges every variant the same way as its case; results roll up by `group` (the case id).
 */
import type { CardPool } from '../engine/state.js';
import type { Scenario } from '../engine/scenario/format.js';
import { orderings } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { allOutcomes, hasOpenRandomness, randomChoices, traceLabels } from '../engine/scenario/outcomes.js';
import { HEARTHSTONE } from '../engine/profiles/hearthstone.js';
import type { Case } from './runner.js';

/** At most this many forced random branches are sent per case (the unforced case covers the rest). */
export const MAX_RANDOM_VARIANTS = 8;

/** The observer a damage probe adds: "Whenever a minion takes damage, gain +1 Attack." */
export const DAMAGE_OBSERVER = 'Frothing Berserker';
const OBSERVER_LABEL = 'probe-observer';

/** A probe checks counts and values, not where minions stand: positions the rulebook does not fix are an assumption. */
const PROBE_POSITIONS = {
  text: 'Probe: where minions stand on the board (beside the observer, or after a part of the actions) is not fixed by the rulebook; an order-only board difference is an assumption, not a rule failure.',
  facts: ['final.players.A.board.order', 'final.players.B.board.order'],
};

function variant(c: Case, suffix: string, kind: NonNullable<Case['variant']>, scenario: Omit<Scenario, 'id'>): Case {
  const id = `${c.id}#${suffix}`;
  return { id, origin: c.origin, group: c.group ?? c.id, variant: kind, scenario: { ...scenario, id } };
}

/** Each other order of play of a case's `allOrders` labels. */
export function orderVariants(c: Case): Case[] {
  const s = c.scenario;
  if (!s.allOrders || s.allOrders.length < 2) return [];
  const base = s.setup.order ?? [];
  const own = base.filter((l) => s.allOrders!.includes(l));
  const { allOrders: _all, ...rest } = s;
  return orderings(s.allOrders)
    .filter((ord) => own.length !== ord.length || ord.some((l, i) => own[i] !== l))
    .map((ord) => variant(c, `order=${ord.join(',')}`, 'order', { ...rest, title: `${s.title} (order of play ${ord.join(' < ')})`, setup: { ...s.setup, order: [...base.filter((l) => !ord.includes(l)), ...ord] } }));
}

/** Each branch of the random choices a case leaves open, forced; branches that pick an unlabelled entity are left to the unforced case. */
export function randomVariants(c: Case, cards: CardPool): Case[] {
  const s = c.scenario;
  let main;
  try { main = runScenario(s, c.origin, { cards }); } catch { return []; }
  if (!hasOpenRandomness(main)) return [];
  const out: Case[] = [];
  const seen = new Set<string>();
  for (const r of allOutcomes(s, c.origin, cards, 64, main).runs) {
    const picks = randomChoices(r.trace, traceLabels(r.trace));
    const entityPicks = r.trace.filter((x) => x.t === 'event' && x.e === 'random').map((x) => x.t === 'event' && x.e === 'random' && x.kind === 'entity');
    if (picks.some((p, i) => typeof p === 'number' && entityPicks[i])) continue;
    const key = picks.map((p) => String(p)).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(variant(c, `random=${key}`, 'random', { ...s, title: `${s.title} (random choices ${key})`, random: picks }));
    if (out.length >= MAX_RANDOM_VARIANTS) break;
  }
  return out;
}

/** Probe variants for final-state simulators: a damage observer, and each prefix of the actions. */
export function probeVariants(c: Case, cards: CardPool): Case[] {
  const s = c.scenario;
  if (c.variant === 'random') return []; // its base case's probes cover it
  const out: Case[] = [];
  const side = s.setup.active === 'B' ? 'A' : 'B';
  const p = s.setup[side] ?? {};
  const labels = JSON.stringify(s).includes(`"${OBSERVER_LABEL}"`);
  // The observer is one more minion: it would change the options of random choices, so cases with any are left out.
  let random = (s.random?.length ?? 0) > 0;
  try { random ||= runScenario(s, c.origin, { cards }).trace.some((r) => r.t === 'event' && r.e === 'random'); } catch { random = true; }
  if (cards.has(DAMAGE_OBSERVER) && (p.board?.length ?? 0) < HEARTHSTONE.limits.board && !labels && !random) {
    const board = [...(p.board ?? []), { card: DAMAGE_OBSERVER, label: OBSERVER_LABEL, buff: { health: 30 } }];
    const probe = { ...s, compare: 'full' as const, title: `${s.title} (probe: ${DAMAGE_OBSERVER} counts damage to minions)`, setup: { ...s.setup, [side]: { ...p, board } }, expect: {}, assumptions: [...(s.assumptions ?? []), PROBE_POSITIONS] };
    try {
      runScenario({ ...probe, id: 'probe' }, c.origin, { cards });
      out.push(variant(c, 'probe=damage', 'probe', probe));
    } catch { /* the observer does not fit this set-up */ }
  }
  out.push(...prefixProbes(c));
  return out;
}

/** The case stopped after each prefix of its actions (`<id>#probe=first-k`, k from 1 to one less than all). */
export function prefixProbes(c: Case): Case[] {
  const s = c.scenario;
  const out: Case[] = [];
  for (let k = 1; k < s.actions.length; k++) {
    out.push(variant(c, `probe=first-${k}`, 'probe', { ...s, compare: 'full', title: `${s.title} (probe: first ${k} of ${s.actions.length} actions)`, actions: s.actions.slice(0, k), expect: {}, assumptions: [...(s.assumptions ?? []), PROBE_POSITIONS] }));
  }
  return out;
}

/** A case and every order of play and random branch sent for it (probes follow for the ones that pass). */
export function sentVariants(c: Case, cards: CardPool): Case[] {
  const base: Case = { ...c, group: c.group ?? c.id };
  return [base, ...orderVariants(base), ...randomVariants(base, cards)];
}
