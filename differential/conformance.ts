/**
 * Card conformance cases: one tiny isolated scenario per card, using only that card's own text, run before the rule
 * cases. A simulator whose card differs from the card text fails its conformance case; a rule case that diverges and
 * uses such a card is then a `card` difference, not a rule failure (differential/verdict.ts classifyCardCauses).
 *
 * The set-up: the active player A, 10 mana, the card in hand; one vanilla minion on each side (Chillwind Yeti, no
 * text) so minion-only targets and "adjacent" texts have something to act on; decks of vanilla minions so draws do
 * not cause fatigue. The card is played (at the enemy minion when it needs a target), then both players end a turn,
 * so end- and start-of-turn texts of either side show too. A minion with a Deathrattle or a trigger has a second case
 * (`#dies`): it stands alone on A's board at 1 Health and B's Yeti attacks it, so its death and damage texts show.
 * The outcome is the reference engine's; random texts are judged against every outcome the engine allows, as for any
 * case.
 */
import type { CardDef } from '../engine/cards/format.js';
import type { CardPool } from '../engine/state.js';
import type { Scenario, ScenarioAction } from '../engine/scenario/format.js';
import { runScenario } from '../engine/scenario/run.js';
import type { Case } from './runner.js';

/** The vanilla minion conformance cases stand on (no text: it cannot differ by card text). */
export const FILLER = 'Chillwind Yeti';

/** The id of a card's conformance case: `conformance-<card id in lower case>`. */
export function conformanceId(cardId: string): string {
  return `conformance-${cardId.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function conformanceScenario(c: CardDef, target: string | undefined, choose?: number): Scenario {
  const action: ScenarioAction = { play: 'card', ...(target ? { target } : {}), ...(choose ? { choose } : {}) };
  return {
    format: 'arbiter-scenario/1',
    id: `${conformanceId(c.id)}${choose && choose > 1 ? `#choose-${choose}` : ''}`,
    title: `card conformance: ${c.name} (${c.id}) as its text says`,
    rules: ['sequence'],
    source: { seed: 'card text', quote: c.text || '(no text)' },
    assumptions: [`Checks the card's own text (${c.name}: "${c.text ?? ''}") in isolation: one vanilla ${FILLER} on each side, A plays it with 10 mana${target ? ` at B's ${FILLER}` : ''}, then ends the turn.`],
    setup: {
      active: 'A',
      A: { mana: 10, hand: [{ card: c.id, label: 'card' }], board: [{ card: FILLER, label: 'ally' }], deck: [FILLER, FILLER] },
      B: { board: [{ card: FILLER, label: 'foe' }], deck: [FILLER, FILLER] },
    },
    actions: [action, { endTurn: true }, { endTurn: true }],
    expect: {},
    generated: { conformance: c.id },
  };
}

/** The second case of a minion with a Deathrattle or trigger: killed by an attack. */
function diesScenario(c: CardDef): Scenario {
  const health = c.health ?? 1;
  return {
    format: 'arbiter-scenario/1',
    id: `${conformanceId(c.id)}#dies`,
    title: `card conformance: ${c.name} (${c.id}) dies as its text says`,
    rules: ['sequence'],
    source: { seed: 'card text', quote: c.text || '(no text)' },
    assumptions: [`Checks the card's own text (${c.name}: "${c.text ?? ''}") in isolation: it stands alone on A's board at 1 Health, B's ${FILLER} attacks it, then both players end a turn.`],
    setup: {
      active: 'B',
      A: { board: [{ card: c.id, label: 'card', damage: Math.max(0, health - 1) }], deck: [FILLER, FILLER], hand: [FILLER] },
      B: { board: [{ card: FILLER, label: 'foe' }], deck: [FILLER, FILLER] },
    },
    actions: [{ attack: 'foe', defender: 'card' }, { endTurn: true }, { endTurn: true }],
    expect: {},
    generated: { conformance: c.id },
  };
}

/** The conformance cases of one card: played, and for a minion with a Deathrattle or trigger, killed. */
export function conformanceCasesOf(c: CardDef, cards: CardPool): Case[] {
  const out: Case[] = [];
  const played = conformanceCase(c, cards);
  if (played) out.push(played);
  // a Choose One card: one more case for each further option
  for (let k = 2; k <= (c.chooseOne?.length ?? 0); k++) {
    const other = conformanceCase(c, cards, k);
    if (other) out.push({ ...other, group: conformanceId(c.id) });
  }
  if (c.type === 'minion' && (c.deathrattle || c.triggers?.length) && cards.has(FILLER)) {
    const s = diesScenario(c);
    try {
      runScenario(s, s.id, { cards });
      out.push({ id: s.id, origin: `card:${c.id}`, scenario: s, variant: 'conformance', conformance: c.id, group: conformanceId(c.id) });
    } catch { /* it cannot be set up so: the played case stands alone */ }
  }
  return out;
}

/** The conformance case of one card (tokens too: a scenario can put one in hand), or null when it cannot be played on its own (hero powers, enchantments). */
export function conformanceCase(c: CardDef, cards: CardPool, choose?: number): Case | null {
  if (!['minion', 'spell', 'weapon', 'secret'].includes(c.type)) return null;
  if (!cards.has(FILLER)) return null;
  const spec = c.chooseOne ? c.chooseOne[(choose ?? 1) - 1]?.target : c.target;
  for (const target of spec ? ['foe', 'ally', 'heroB', undefined] : [undefined]) {
    const s = conformanceScenario(c, target, c.chooseOne ? (choose ?? 1) : undefined);
    if (target === 'heroB') { s.setup.B = { ...s.setup.B, heroLabel: 'heroB' }; }
    try {
      runScenario(s, s.id, { cards });
      return { id: s.id, origin: `card:${c.id}`, scenario: s, variant: 'conformance', conformance: c.id };
    } catch { /* not a legal target for it: try the next */ }
  }
  return null;
}

/** Conformance cases for every card the given cases use (ids as the pool knows them), in card id order. */
export function conformanceCases(cases: readonly Case[], cards: CardPool, usedCards: (s: Scenario) => string[]): Case[] {
  const ids = new Set<string>();
  for (const c of cases) for (const ref of usedCards(c.scenario)) if (cards.has(ref)) ids.add(cards.get(ref).id);
  return [...ids].sort().flatMap((id) => conformanceCasesOf(cards.get(id), cards));
}
