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
 * The stated outcome (`expect`) comes from the card's TEXT, never from its behaviour data or the engine's run: templates
 * over the common text shapes (differential/card-text.ts), and hand-written overlays in spec/cards/cases/ for texts no
 * template reads (differential/card-cases.ts). `generated.outcome` says which: 'card text' (every sentence read),
 * 'card text (partial)', 'hand-written' (an overlay), or 'engine' (nothing stated: a differential run compares with
 * the reference engine's outcome only). Random texts are judged against every outcome the engine allows, as for any
 * case.
 *
 * A card that can be played has a third case (`#cost`): A has exactly the card's cost in mana (as the set-up makes
 * it) and plays it, and no turn ends, so the mana left shows what the simulator's card costs (the played case ends two
 * turns, which refill the mana). A simulator whose card costs more refuses the play; one whose card costs less has
 * mana left. Its stated outcome is the card's cost from its data (CardDefs COST) where the set-up leaves it printed.
 *
 * Three controls come with them: the three shapes with the vanilla minion itself (`controlIds`). A simulator that
 * fails a control fails every case that takes its action (a Play, an attack, a Play with exactly its cost) whatever
 * the card, so none of those is charged to its card.
 *
 * A text with a condition needs a case where it holds and one where it does not, and a text that answers an event
 * needs the event: so each case also gets **context** variants, kept only where the reference engine's outcome then
 * differs (the text takes another branch or acts at all):
 * - `#holding=<card>`: for a text that reads the hand (a `hand` selector or source, a `holding…` condition), one more
 *   card in A's hand: the vanilla minion, else a minion of each race of the pool (a Demon for "a Demon from your hand");
 * - `#answer=<what>`: for a card with triggers (a Secret, "whenever…"), B answers on its turn (attacks A's hero or
 *   minion, plays a minion, casts a spell at A's minion); kept when a trigger of the card then runs.
 */
import type { CardDef } from '../engine/cards/format.js';
import type { CardPool } from '../engine/state.js';
import type { Scenario, ScenarioAction } from '../engine/scenario/format.js';
import { runScenario, startRun } from '../engine/scenario/run.js';
import { cost as currentCost, entity } from '../engine/state.js';
import type { Case } from './runner.js';
import { statedOutcome } from './card-text.js';
import { cardCases, mergeExpect } from './card-cases.js';

/** The vanilla minion conformance cases stand on (no text: it cannot differ by card text). */
export const FILLER = 'Chillwind Yeti';
/** The weapon a conformance case equips when the card needs one to be played (a vanilla 1/4, no text). */
export const WEAPON = "Light's Justice";

/** The id of a card's conformance case: `conformance-<card id in lower case>`. */
export function conformanceId(cardId: string): string {
  return `conformance-${cardId.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** The stated outcome of a card's case: its text's templates, then its hand-written overlay, if any. */
function stated(c: CardDef, kind: 'played' | 'dies', target: string | undefined, cards?: CardPool, choose?: number, overlay = true): { expect: Scenario['expect']; assumptions: string[]; outcome: string } {
  const t = statedOutcome(c, kind, target, (n, a, h) => !!cards && cards.all().some((x) => x.name === n && x.type === 'minion' && x.attack === a && x.health === h), choose);
  let expect = t.expect;
  const assumptions: string[] = [];
  if (t.outcome !== 'engine') assumptions.push(`Stated outcome read from the card text by templates: ${t.templates.join('; ')}.`);
  if (t.unread.length) assumptions.push(`No template reads ${t.unread.map((u) => `"${u}"`).join(', ')}${t.outcome === 'engine' ? ': nothing is stated, the outcome is the reference engine\'s' : ': only what the read sentences do is stated'}.`);
  // An overlay is read from the built-in card's text and stats: a user's card of another patch (`--cards`) or another
  // text does not take it.
  const file = cardCases().get(c.id);
  const over = overlay && file && file.quote === c.text && !(cards as { fromUser?: Set<string> } | undefined)?.fromUser?.has(c.id) ? file.cases[kind] : undefined;
  if (over) { expect = mergeExpect(expect, over.expect); assumptions.push(...over.assumptions.map((a) => `Hand-written from the card text: ${a}`)); }
  return { expect, assumptions, outcome: over ? (t.outcome === 'engine' ? 'hand-written' : `${t.outcome} + hand-written`) : t.outcome };
}

function conformanceScenario(c: CardDef, target: string | undefined, choose?: number, cards?: CardPool, overlay = true): Scenario {
  const st = stated(c, 'played', target, cards, choose, overlay);
  // The card's play requirements that name no target are met (CardDefs PlayRequirement): enough enemy minions, a weapon.
  const foes = Math.max(1, c.requires?.enemyMinions ?? 1);
  // and enough minions in play: more of A's own when the two sides do not hold them (Brawl needs two)
  const allies = Math.max(1, (c.requires?.minions ?? 0) - foes);
  const action: ScenarioAction = { play: 'card', ...(target ? { target } : {}), ...(choose ? { choose } : {}) };
  return {
    format: 'arbiter-scenario/1',
    id: `${conformanceId(c.id)}${choose && choose > 1 ? `#choose-${choose}` : ''}`,
    title: `card conformance: ${c.name} (${c.id}) as its text says`,
    rules: ['sequence'],
    source: { seed: 'card text', quote: c.text || '(no text)' },
    assumptions: [`Checks the card's own text (${c.name}: "${c.text ?? ''}") in isolation: ${foes > 1 || allies > 1 ? `${allies} vanilla ${FILLER} on A's side, ${foes} on B's` : `one vanilla ${FILLER} on each side`}${c.requires?.weapon ? `, A's ${WEAPON} equipped` : ''}${foes > 1 || allies > 1 || c.requires?.weapon ? ' (the card\'s play requirements)' : ''}, A plays it with 10 mana${target ? ` at ${target === 'heroB' ? 'B\'s hero' : target === 'ally' ? `A's ${FILLER}` : `B's ${FILLER}`}` : ''}, then ends the turn.`, ...st.assumptions],
    setup: {
      active: 'A',
      A: { mana: 10, hand: [{ card: c.id, label: 'card' }], board: Array.from({ length: allies }, (_, k) => ({ card: FILLER, label: k ? `ally${k + 1}` : 'ally' })), deck: [FILLER, FILLER], ...(c.requires?.weapon ? { weapon: { card: WEAPON, label: 'weapon' } } : {}) },
      B: { board: Array.from({ length: foes }, (_, k) => ({ card: FILLER, label: k ? `foe${k + 1}` : 'foe' })), deck: [FILLER, FILLER] },
    },
    actions: [action, { endTurn: true }, { endTurn: true }],
    expect: st.expect,
    generated: { conformance: c.id, outcome: st.outcome },
  };
}

/** The second case of a minion with a Deathrattle or trigger: killed by an attack. */
function diesScenario(c: CardDef, cards: CardPool): Scenario {
  const health = c.health ?? 1;
  const st = stated(c, 'dies', undefined, cards);
  return {
    format: 'arbiter-scenario/1',
    id: `${conformanceId(c.id)}#dies`,
    title: `card conformance: ${c.name} (${c.id}) dies as its text says`,
    rules: ['sequence'],
    source: { seed: 'card text', quote: c.text || '(no text)' },
    assumptions: [`Checks the card's own text (${c.name}: "${c.text ?? ''}") in isolation: it stands alone on A's board at 1 Health, B's ${FILLER} attacks it, then both players end a turn.`, ...st.assumptions],
    setup: {
      active: 'B',
      A: { board: [{ card: c.id, label: 'card', damage: Math.max(0, health - 1) }], deck: [FILLER, FILLER], hand: [FILLER] },
      B: { board: [{ card: FILLER, label: 'foe' }], deck: [FILLER, FILLER] },
    },
    actions: [{ attack: 'foe', defender: 'card' }, { endTurn: true }, { endTurn: true }],
    expect: st.expect,
    generated: { conformance: c.id, outcome: st.outcome },
  };
}

/**
 * The conformance cases made so far, by pool and card definition: a pool's cards do not change once it is read (a pool
 * with a user's cards is another pool), so a process that plans several runs on one pool (the tests, a merge) makes
 * each card's cases once. The cases are never changed after they are made; callers get a new list.
 */
const MADE = new WeakMap<CardPool, WeakMap<CardDef, readonly Case[]>>();

/**
 * The conformance cases of one card: played (with its contexts, and at exactly its cost: `#cost`), and for a minion with
 * a Deathrattle or trigger, killed (with its contexts).
 */
export function conformanceCasesOf(c: CardDef, cards: CardPool): Case[] {
  let made = MADE.get(cards);
  if (!made) { made = new WeakMap(); MADE.set(cards, made); }
  let list = made.get(c);
  if (!list) { list = makeConformanceCases(c, cards); made.set(c, list); }
  return [...list];
}

function makeConformanceCases(c: CardDef, cards: CardPool): Case[] {
  const out: Case[] = [];
  const played = conformanceCase(c, cards);
  if (played) out.push(played, ...contextCases(c, played, cards));
  const cost = played ? costCase(c, played, cards) : null;
  if (cost) out.push(cost);
  // A text played at a minion may not show its number (a Fireball kills the 4/5 Yeti whether it deals 5 or 6): where
  // B's hero is a legal target too and the templates read the whole text, a case at the hero shows it exactly (the
  // hand-written overlays state what a minion target shows, so they are not applied to it).
  const first = played?.scenario.actions[0];
  if (played && first && 'play' in first && (first.target === 'foe' || first.target === 'ally')) {
    const s = conformanceScenario(c, 'heroB', c.chooseOne ? 1 : undefined, cards, false);
    s.id = `${conformanceId(c.id)}#at=heroB`;
    s.title = `${s.title} (at B's hero)`;
    s.setup.B = { ...s.setup.B, heroLabel: 'heroB' };
    try {
      if (s.generated?.outcome === 'card text') {
        runScenario(s, s.id, { cards });
        out.push({ id: s.id, origin: `card:${c.id}`, scenario: s, variant: 'conformance', conformance: c.id, group: conformanceId(c.id) });
      }
    } catch { /* the hero is no legal target of the text */ }
  }
  // a Choose One card: one more case for each further option
  for (let k = 2; k <= (c.chooseOne?.length ?? 0); k++) {
    const other = conformanceCase(c, cards, k);
    if (other) out.push({ ...other, group: conformanceId(c.id) });
  }
  if (c.type === 'minion' && (c.deathrattle || c.triggers?.length) && cards.has(FILLER)) {
    const s = diesScenario(c, cards);
    try {
      runScenario(s, s.id, { cards });
      const dies: Case = { id: s.id, origin: `card:${c.id}`, scenario: s, variant: 'conformance', conformance: c.id, group: conformanceId(c.id) };
      out.push(dies, ...contextCases(c, dies, cards));
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
    const s = conformanceScenario(c, target, c.chooseOne ? (choose ?? 1) : undefined, cards);
    if (target === 'heroB') { s.setup.B = { ...s.setup.B, heroLabel: 'heroB' }; }
    try {
      runScenario(s, s.id, { cards });
      return { id: s.id, origin: `card:${c.id}`, scenario: s, variant: 'conformance', conformance: c.id };
    } catch { /* not a legal target for it: try the next */ }
  }
  return null;
}

/** The suffix of a card's `#cost` case. */
export const COST_SUFFIX = '#cost';

/** Is this a card's `#cost` case (by its id)? */
export const isCostCase = (id: string): boolean => id.endsWith(COST_SUFFIX);

/**
 * The `#cost` case of a card (see the file's comment): its played case with A's mana set to the card's cost as the
 * set-up makes it, and only the play. Null when the card cannot be played so.
 */
function costCase(c: CardDef, base: Case, cards: CardPool): Case | null {
  const s = base.scenario;
  const play = s.actions[0];
  if (!play || !('play' in play)) return null;
  let cost: number;
  try {
    const run = startRun(s, s.id, { cards });
    cost = currentCost(run.g, entity(run.g, run.labels.get('card')!));
  } catch { return null; }
  const printed = c.cost ?? 0;
  const id = `${base.id}${COST_SUFFIX}`;
  // A text that changes the card's own cost in the set-up (a Giant): the cost is the reference engine's, not stated.
  const stated = cost === printed;
  const scenario: Scenario = {
    ...s,
    id,
    title: `card conformance: ${c.name} (${c.id}) costs ${cost}`,
    assumptions: [
      `Checks what the card costs: A has exactly ${cost} mana${stated ? ` (its cost, ${printed}, from the card's data)` : ` (its cost in this set-up: its text changes it from ${printed})`} and plays it${play.target ? ' at the same target as its played case' : ''}; no turn ends, so the mana left shows the cost paid.`,
      ...(stated ? [] : ['No outcome is stated: the reference engine\'s.']),
    ],
    setup: { ...s.setup, A: { ...s.setup.A, mana: cost } },
    actions: [play],
    expect: stated ? { players: { A: { manaSpent: printed } } } : {},
    generated: { conformance: c.id, outcome: stated ? 'card data' : 'engine' },
  };
  try { runScenario(scenario, id, { cards }); } catch { return null; }
  return { id, origin: base.origin, scenario, variant: 'conformance', conformance: c.id, group: conformanceId(c.id) };
}

/**
 * The controls: the three case shapes (played; attacked and killed, `#dies`; played with exactly its cost, `#cost`)
 * with the vanilla minion itself, which has no text. When a control fails, the simulator's Plays, attacks or mana, its
 * turns or the vanilla minion the cases stand on differ, and the cases that take that action say nothing about their
 * cards (differential/verdict.ts classifyCardCauses).
 */
export function controlIds(cards: CardPool): { played: string; dies: string; cost: string } | null {
  if (!cards.has(FILLER)) return null;
  const played = conformanceId(cards.get(FILLER).id);
  return { played, dies: `${played}#dies`, cost: `${played}${COST_SUFFIX}` };
}

/**
 * Conformance cases for every card the given cases use (ids as the pool knows them), in card id order, with the
 * vanilla minion's three controls (controlIds) whenever there is any.
 */
export function conformanceCases(cases: readonly Case[], cards: CardPool, usedCards: (s: Scenario) => string[]): Case[] {
  const ids = new Set<string>();
  for (const c of cases) for (const ref of usedCards(c.scenario)) if (cards.has(ref)) ids.add(cards.get(ref).id);
  const control = controlIds(cards);
  const filler = control ? cards.get(FILLER) : null;
  if (ids.size && filler) ids.add(filler.id);
  return [...ids].sort().flatMap((id) => {
    const list = conformanceCasesOf(cards.get(id), cards);
    if (filler && id === filler.id && !list.some((c) => c.id === control!.dies)) {
      const s = diesScenario(filler, cards);
      list.push({ id: s.id, origin: `card:${filler.id}`, scenario: s, variant: 'conformance', conformance: filler.id, group: control!.played });
    }
    return list;
  });
}

/** Does a card's definition read the hand (a `hand` selector or source, a `holding…` condition)? */
export function readsHand(def: unknown): boolean {
  if (Array.isArray(def)) return def.some(readsHand);
  if (!def || typeof def !== 'object') return false;
  return Object.entries(def as Record<string, unknown>).some(([k, v]) => k.startsWith('holding') || ((k === 'select' || k === 'from' || k === 'zone') && v === 'hand') || readsHand(v));
}

/** What the reference engine does in a run, without entity ids (a set-up with one more card shifts them). */
const STATEMENTS = new Set(['status', 'player_status', 'action', 'trigger_condition']);

function effects(s: Scenario, cards: CardPool): string | null {
  try {
    const r = runScenario(s, s.id, { cards });
    // What the card did, not what the trace states about the board for legality (status, player_status, action).
    const events = r.trace.filter((x) => x.t === 'event' && !STATEMENTS.has(x.e) && !(x.e === 'stats' && x.why === 'setup') && !(x.e === 'zone' && x.from === 'setup'));
    const fin = r.final.players.map((p) => [p.hero.health, p.board.map((m) => `${m.card} ${m.attack}/${m.health}`), p.deckSize]);
    return JSON.stringify([events.map((x) => { const e = x as Record<string, unknown>; return [e.e, e.amount, e.attack, e.health, e.card]; }), fin]);
  } catch { return null; }
}

/** Triggers of the labelled card that run in a reference run. */
function triggersOfCard(s: Scenario, cards: CardPool): number {
  try {
    const r = runScenario(s, s.id, { cards });
    const id = r.labels.get('card');
    return r.trace.filter((x) => x.t === 'open' && x.block === 'trigger' && x.subject === id).length;
  } catch { return -1; }
}

/** Hand cards to try: the vanilla minion, then a minion of each race of the pool (the cheapest, fewest words first). */
function handCandidates(cards: CardPool): string[] {
  const out = [FILLER];
  const byRace = new Map<string, CardDef>();
  const minions = cards.all().filter((m) => m.type === 'minion' && !m.token && m.race).sort((a, b) => (a.text?.length ?? 0) - (b.text?.length ?? 0) || (a.cost ?? 0) - (b.cost ?? 0) || a.id.localeCompare(b.id));
  for (const m of minions) if (!byRace.has(m.race!)) byRace.set(m.race!, m);
  for (const [, m] of [...byRace].sort(([a], [b]) => a.localeCompare(b))) out.push(m.id);
  return out;
}

/** A spell B can cast at A's minion: the cheapest targeted spell of the pool that is not a Secret. */
function answerSpell(cards: CardPool): string | undefined {
  return cards.all().filter((x) => x.type === 'spell' && x.target && !x.secret && !x.token).sort((a, b) => (a.cost ?? 0) - (b.cost ?? 0) || a.id.localeCompare(b.id))[0]?.id;
}

/** Context variants of a conformance case (see the file's comment): kept only where the reference outcome differs. */
export function contextCases(c: CardDef, base: Case, cards: CardPool): Case[] {
  const out: Case[] = [];
  const s = base.scenario;
  const make = (suffix: string, title: string, scenario: Scenario): Case => {
    const id = `${base.id}#${suffix}`;
    // A context takes another branch of the text than its base case: the base's stated outcome does not apply to it.
    const assumptions = [String(s.assumptions?.[0] ?? ''), `Context: ${title}; no outcome is stated for it (the reference engine's).`];
    return { id, origin: base.origin, scenario: { ...scenario, id, title: `${s.title} (${title})`, assumptions, expect: {}, generated: { conformance: c.id, outcome: 'engine' } }, variant: 'conformance', conformance: c.id, group: conformanceId(c.id) };
  };
  if (readsHand(c)) {
    const plain = effects(s, cards);
    // A text whose target depends on the hand (a Battlecry that targets only while a Dragon is held) gets the first
    // target the held card makes legal, as the plain case got its own.
    const first = s.actions[0];
    const targets = c.target && first && 'play' in first ? ['foe', 'ally', 'heroB', undefined] : [null];
    find: for (const h of handCandidates(cards)) {
      for (const target of targets) {
        const A = s.setup.A ?? {};
        const actions = target === null ? s.actions : [{ play: 'card', ...(target ? { target } : {}) }, ...s.actions.slice(1)];
        const B = target === 'heroB' ? { ...s.setup.B, heroLabel: 'heroB' } : s.setup.B;
        const t: Scenario = { ...s, setup: { ...s.setup, A: { ...A, hand: [...(A.hand ?? []), { card: h, label: 'held' }] }, ...(B ? { B } : {}) }, actions };
        const e = effects(t, cards);
        if (e === null) continue;
        if (e !== plain) { out.push(make(`holding=${cards.get(h).id.toLowerCase()}`, `holding ${cards.get(h).name}`, t)); break find; }
        break;
      }
    }
  }
  if (c.triggers?.length && s.setup.active === 'A') {
    const before = triggersOfCard(s, cards);
    const spell = answerSpell(cards);
    const B = s.setup.B ?? {};
    const answers: [string, Scenario['actions'][number], Partial<typeof B>][] = [
      ['attack-hero', { attack: 'foe', defender: 'heroA' }, {}],
      ['attack-minion', { attack: 'foe', defender: 'ally' }, {}],
      ['minion', { play: 'answer' }, { hand: [{ card: FILLER, label: 'answer' }] }],
      ...(spell ? [['spell', { play: 'answer', target: 'ally' }, { hand: [{ card: spell, label: 'answer' }] }] as [string, Scenario['actions'][number], Partial<typeof B>]] : []),
    ];
    for (const [what, action, extra] of answers) {
      const end = s.actions.findIndex((a) => 'endTurn' in a);
      if (end < 0) break;
      const t: Scenario = {
        ...s,
        setup: { ...s.setup, A: { ...s.setup.A, heroLabel: 'heroA' }, B: { ...B, ...extra } },
        actions: [...s.actions.slice(0, end + 1), action, ...s.actions.slice(end + 1)],
      };
      if (triggersOfCard(t, cards) > before) { out.push(make(`answer=${what}`, `B answers: ${what}`, t)); break; }
    }
  }
  return out;
}
