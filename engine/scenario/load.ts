/** Load a scenario file: JSON syntax, schema, then references (rule ids, cards, labels) with clear errors. */
import { HEARTHSTONE } from '../profiles/hearthstone.js';
import type { CardPool } from '../state.js';
import { InputError, readJson, validate } from '../validation.js';
import { ruleCatalog } from '../rules.js';
import type { CardSetup, PlayerSetup, Scenario } from './format.js';
import { validatePattern } from './patterns.js';
import { variantScenario } from './variants.js';
import { checkHearthtopSetup } from '../hearthtop/check.js';
import { hearthtopPool } from '../hearthtop/cards.js';

/**
 * Bounds of a scenario's set-up, the game's own where it has them (board 7, hand 10, mana 10, secrets 5), generous
 * elsewhere: a set-up beyond them is bad input, not a game to run.
 */
const L = HEARTHSTONE.limits;
export const SETUP_BOUNDS = { board: L.board, hand: L.hand, secrets: L.secrets, deck: 200, mana: L.mana, health: 10_000, armor: 10_000, stat: 10_000, fatigue: 1_000 } as const;

function checkBounds(file: string, side: string, ps: PlayerSetup): void {
  const at = (p: string) => `$.setup.${side}${p}`;
  const int = (v: unknown, path: string, lo: number, hi: number) => {
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new InputError(file, path, `expected a whole number from ${lo} to ${hi}, got ${JSON.stringify(v)}`);
  };
  for (const zone of ['board', 'hand', 'secrets', 'deck'] as const) {
    const n = ps[zone]?.length ?? 0;
    if (n > SETUP_BOUNDS[zone]) throw new InputError(file, at(`.${zone}`), `${n} cards: at most ${SETUP_BOUNDS[zone]}`);
  }
  int(ps.health, at('.health'), 1, SETUP_BOUNDS.health);
  int(ps.armor, at('.armor'), 0, SETUP_BOUNDS.armor);
  int(ps.mana, at('.mana'), 0, SETUP_BOUNDS.mana);
  int(ps.fatigue, at('.fatigue'), 0, SETUP_BOUNDS.fatigue);
  const entries: [string, string | CardSetup][] = [];
  for (const zone of ['board', 'hand', 'deck', 'secrets'] as const) (ps[zone] ?? []).forEach((x, i) => entries.push([`.${zone}[${i}]`, x]));
  if (ps.weapon) entries.push(['.weapon', ps.weapon]);
  for (const [p, x] of entries) {
    if (typeof x === 'string') continue;
    int(x.damage, at(`${p}.damage`), 0, SETUP_BOUNDS.stat);
    int(x.buff?.attack, at(`${p}.buff.attack`), -SETUP_BOUNDS.stat, SETUP_BOUNDS.stat);
    int(x.buff?.health, at(`${p}.buff.health`), -SETUP_BOUNDS.stat, SETUP_BOUNDS.stat);
  }
}

/** The card types each set-up place takes. */
const PLACE_TYPES: Record<string, string[]> = { hero: ['hero'], board: ['minion'], secrets: ['spell'], weapon: ['weapon'] };

export function parseScenario(file: string, data: unknown, cards?: CardPool): Scenario {
  // A Host WCG scenario has another shape altogether: the schema's first complaint would be some Host field.
  if (data && typeof data === 'object' && (data as { profile?: unknown }).profile === 'host') {
    throw new InputError(file, '$.profile', 'a Host WCG scenario ("profile": "host") runs on the Host kernel, not the Hearthstone engine: `arbiter run --profile host` runs Host scenarios (run-scenario, trace and golden verify tell the two apart)');
  }
  validate(file, data, 'scenario.schema.json');
  const s = data as Scenario;
  checkScenario(file, s, cards);
  // Each variant is checked as the scenario it makes; an error names the variant.
  const ids = new Set<string>();
  (s.variants ?? []).forEach((v, i) => {
    if (ids.has(v.id)) throw new InputError(file, `$.variants[${i}].id`, `variant id "${v.id}" is used twice`);
    ids.add(v.id);
    try {
      checkScenario(file, variantScenario(s, v), cards);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(file, `$.variants[${i}] (${v.id})`, `${e.path}: ${e.detail}`);
      throw e;
    }
  });
  return s;
}

/** The checks beyond the schema: rule ids, bounds, cards, labels, patterns. */
function checkScenario(file: string, s: Scenario, cards?: CardPool): void {
  const rules = ruleCatalog();
  s.rules.forEach((r, i) => {
    if (!rules.has(r)) throw new InputError(file, `$.rules[${i}]`, `unknown rule id "${r}" (expected one of spec/rules.json: ${[...rules.keys()].join(', ')})`);
  });
  const hearthtop = s.profile === 'hearthtop';
  if (!hearthtop) {
    for (const k of ['deck', 'deckSize', 'start', 'mulligan'] as const) {
      if (s.setup[k] !== undefined) throw new InputError(file, `$.setup.${k}`, 'a shared deck is part of the Hearthtop profile: set "profile": "hearthtop"');
    }
  }
  for (const side of ['A', 'B'] as const) {
    const ps = s.setup[side];
    if (ps && !hearthtop) checkBounds(file, side, ps);
  }
  if (hearthtop) checkHearthtopSetup(file, s, cards);
  if (cards && !hearthtop) {
    for (const side of ['A', 'B'] as const) {
      const ps = s.setup[side];
      if (!ps) continue;
      const check = (c: string, path: string, place: string) => {
        if (!cards.has(c)) throw new InputError(file, path, `unknown card "${c}" (expected a card name or id from spec/cards, or from a file given with --cards)`);
        const want = PLACE_TYPES[place];
        let type: string;
        try { type = cards.get(c, want?.[0] as never).type; } catch (e) { throw new InputError(file, path, (e as Error).message); }
        if (want && !want.includes(type)) throw new InputError(file, path, `"${c}" is a ${type} card; ${place === 'board' ? 'the board' : `the ${place}`} takes a ${want.join(' or ')} card`);
      };
      if (ps.hero) check(ps.hero, `$.setup.${side}.hero`, 'hero');
      for (const zone of ['board', 'hand', 'deck', 'secrets'] as const) {
        (ps[zone] ?? []).forEach((x, i) => check(typeof x === 'string' ? x : (x as CardSetup).card, `$.setup.${side}.${zone}[${i}]`, zone));
      }
      if (ps.weapon) check(typeof ps.weapon === 'string' ? ps.weapon : ps.weapon.card, `$.setup.${side}.weapon`, 'weapon');
      // A player never has the same Secret in play twice (rule secrets).
      const secretIds = new Map<string, number>();
      (ps.secrets ?? []).forEach((x, i) => {
        const id = cards.get(typeof x === 'string' ? x : (x as CardSetup).card, 'spell').id;
        if (secretIds.has(id)) throw new InputError(file, `$.setup.${side}.secrets[${i}]`, `the same Secret as secrets[${secretIds.get(id)}]: a player cannot have a Secret in play twice (rule secrets)`);
        secretIds.set(id, i);
      });
    }
  }
  // Every label an expectation names must be one the set-up defines (heroes are heroA / heroB unless renamed).
  const labels = new Set<string>();
  for (const side of ['A', 'B'] as const) {
    const ps = s.setup[side];
    labels.add(ps?.heroLabel ?? `hero${side}`);
    for (const zone of ['board', 'hand', 'deck', 'secrets'] as const) for (const x of ps?.[zone] ?? []) if (typeof x !== 'string' && x.label) labels.add(x.label);
    if (ps?.weapon && typeof ps.weapon !== 'string' && ps.weapon.label) labels.add(ps.weapon.label);
  }
  for (const x of s.setup.deck ?? []) if (typeof x !== 'string' && x.label) labels.add(x.label);
  if (s.setup.start) labels.add('coin');
  const seen = new Map<string, string>();
  const mark = (l: string | undefined, path: string) => {
    if (!l) return;
    if (seen.has(l)) throw new InputError(file, path, `label "${l}" is already used at ${seen.get(l)}: labels must be unique`);
    seen.set(l, path);
  };
  for (const side of ['A', 'B'] as const) {
    const ps = s.setup[side];
    mark(ps?.heroLabel ?? `hero${side}`, `$.setup.${side}.heroLabel`);
    for (const zone of ['board', 'hand', 'deck', 'secrets'] as const) (ps?.[zone] ?? []).forEach((x, i) => { if (typeof x !== 'string') mark(x.label, `$.setup.${side}.${zone}[${i}].label`); });
    if (ps?.weapon && typeof ps.weapon !== 'string') mark(ps.weapon.label, `$.setup.${side}.weapon.label`);
  }
  (s.setup.deck ?? []).forEach((x, i) => { if (typeof x !== 'string') mark(x.label, `$.setup.deck[${i}].label`); });
  const inOrder = new Set<string>();
  (s.setup.order ?? []).forEach((l, i) => {
    if (!labels.has(l)) throw new InputError(file, `$.setup.order[${i}]`, `unknown label "${l}" (labels of the set-up: ${[...labels].join(', ')})`);
    if (inOrder.has(l)) throw new InputError(file, `$.setup.order[${i}]`, `label "${l}" is listed twice`);
    inOrder.add(l);
  });
  const inAll = new Set<string>();
  (s.allOrders ?? []).forEach((l, i) => {
    if (!labels.has(l)) throw new InputError(file, `$.allOrders[${i}]`, `unknown label "${l}" (labels of the set-up: ${[...labels].join(', ')})`);
    if (inAll.has(l)) throw new InputError(file, `$.allOrders[${i}]`, `label "${l}" is listed twice`);
    inAll.add(l);
  });
  if ((s.allOrders?.length ?? 0) > 5) throw new InputError(file, '$.allOrders', 'at most 5 labels (every order of play of them is run)');
  for (const [l, sel] of Object.entries(s.expect.created ?? {})) {
    if (labels.has(l)) throw new InputError(file, `$.expect.created.${l}`, `label "${l}" is already a label of the set-up`);
    if (cards && !(hearthtop ? hearthtopPool(cards) : cards).has(sel.card)) throw new InputError(file, `$.expect.created.${l}.card`, `unknown card "${sel.card}" (expected a card name or id from spec/cards, or from a file given with --cards)`);
    labels.add(l);
  }
  for (const l of Object.keys(s.expect.entities ?? {})) {
    if (!labels.has(l)) throw new InputError(file, `$.expect.entities.${l}`, `unknown label "${l}" (labels of the set-up and expect.created: ${[...labels].join(', ')})`);
  }
  (s.expect.events ?? []).forEach((p, i) => validatePattern(file, `$.expect.events[${i}]`, p, labels));
  (s.expect.count ?? []).forEach((c, i) => {
    validatePattern(file, `$.expect.count[${i}].match`, c.match, labels);
    if (c.n === undefined && c.min === undefined && c.max === undefined) throw new InputError(file, `$.expect.count[${i}]`, 'expected "n", "min" or "max"');
    if (c.min !== undefined && c.max !== undefined && c.min > c.max) throw new InputError(file, `$.expect.count[${i}]`, `"min" ${c.min} is above "max" ${c.max}`);
  });
}

export function loadScenario(file: string, cards?: CardPool): Scenario {
  return parseScenario(file, readJson(file), cards);
}

/** Every order of play of the given labels (n! of them; at most 5 labels). */
export function orderings(labels: readonly string[]): string[][] {
  if (labels.length > 5) throw new Error('allOrders takes at most 5 labels');
  if (labels.length <= 1) return [[...labels]];
  return labels.flatMap((l, i) => orderings([...labels.slice(0, i), ...labels.slice(i + 1)]).map((rest) => [l, ...rest]));
}
