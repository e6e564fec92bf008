/** Load a scenario file: JSON syntax, schema, then references (rule ids, cards, labels) with clear errors. */
import type { CardPool } from '../state.js';
import { InputError, readJson, validate } from '../validation.js';
import { ruleCatalog } from '../rules.js';
import type { CardSetup, Scenario } from './format.js';

export function parseScenario(file: string, data: unknown, cards?: CardPool): Scenario {
  validate(file, data, 'scenario.schema.json');
  const s = data as Scenario;
  const rules = ruleCatalog();
  s.rules.forEach((r, i) => {
    if (!rules.has(r)) throw new InputError(file, `$.rules[${i}]`, `unknown rule id "${r}" (expected one of spec/rules.json: ${[...rules.keys()].join(', ')})`);
  });
  if (cards) {
    for (const side of ['A', 'B'] as const) {
      const ps = s.setup[side];
      if (!ps) continue;
      const check = (c: string, path: string) => { if (!cards.has(c)) throw new InputError(file, path, `unknown card "${c}" (expected a card name or id from spec/cards)`); };
      if (ps.hero) check(ps.hero, `$.setup.${side}.hero`);
      for (const zone of ['board', 'hand', 'deck', 'secrets'] as const) {
        (ps[zone] ?? []).forEach((x, i) => check(typeof x === 'string' ? x : (x as CardSetup).card, `$.setup.${side}.${zone}[${i}]`));
      }
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
  for (const l of Object.keys(s.expect.entities ?? {})) {
    if (!labels.has(l)) throw new InputError(file, `$.expect.entities.${l}`, `unknown label "${l}" (labels of the set-up: ${[...labels].join(', ')})`);
  }
  return s;
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
