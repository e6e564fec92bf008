/** Build a game from a scenario's setup: entities, zones, labels and the order of play. */
import { statLayerRecords } from '../status.js';
import { HEARTHSTONE } from '../profiles/hearthstone.js';
import { moveTo } from '../kernel/zones.js';
import type { CardDef } from '../cards/format.js';
import { entity, attack, health, maxHealth, type Entity, type Game, type Side } from '../state.js';
import { createEntity } from '../entities.js';
import { InputError } from '../validation.js';
import { newGame, type GameOptions } from '../game.js';
import type { CardSetup, PlayerName, PlayerSetup, Scenario } from './format.js';
import { TRACE_FORMAT, type MetaRecord } from '../trace/format.js';
import { profileOf } from '../profiles/index.js';
import { hearthtopPool } from '../hearthtop/cards.js';
import { buildTable } from '../hearthtop/setup.js';

export const DEFAULT_HERO = 'Jaina Proudmoore';

export interface Built {
  g: Game;
  labels: Map<string, number>;
  /** Where each minion set up on a board is in the file (for checkAlive), by entity id: its JSON path, built on demand. */
  boardPaths?: Map<number, () => string>;
}

const sideOf = (n: PlayerName): Side => (n === 'A' ? 0 : 1);

function asSetup(x: string | CardSetup): CardSetup {
  return typeof x === 'string' ? { card: x } : x;
}

export function buildGame(s: Scenario, file: string, opts: Omit<GameOptions, 'resolveLabel' | 'seed' | 'forced'>): Built {
  const labels = new Map<string, number>();
  const boardPaths = new Map<number, () => string>();
  const names = new Map<number, string>();
  const describeEntity = (id: number): string => {
    if (names.size !== labels.size) { names.clear(); for (const [l, i] of labels) names.set(i, l); }
    const e = g.entities.get(id);
    return names.get(id) ?? (e ? `${e.card.name} #${id}` : `#${id}`);
  };
  const profile = profileOf(s.profile);
  const cards = profile.rules.deck === 'shared' ? hearthtopPool(opts.cards) : opts.cards;
  // Named fields, not `{ ...opts, ... }`: a spread followed by more fields builds a new hidden class per game in V8
  // (tens of microseconds each, more than a short game's whole run).
  const g = newGame({ cards, mutants: opts.mutants, stepBudget: opts.stepBudget, profile, seed: s.seed ?? s.id, forced: s.random ?? [], resolveLabel: (l) => labels.get(l), describeEntity });
  const meta: Omit<MetaRecord, 't'> = { format: TRACE_FORMAT, producer: 'arbiter-reference', profile: profile.id, fidelity: 'phases', scenario: s.id, seed: s.seed ?? s.id };
  if (g.mutants.size) meta.mutants = [...g.mutants].sort();
  g.trace.meta(meta);
  g.active = sideOf(s.setup.active ?? 'A');
  g.turn = s.setup.turn ?? 1;
  if (g.table) {
    buildTable(s, file, g, labels);
    return { g, labels };
  }

  // A JSON path is built only for an error message: `at(base, list, i, field)` is `${base}.${list}[${i}].${field}`,
  // or `${base}.${field}` when `list` is empty, without `.${field}` when `field` is (no string built per set-up card).
  const at = (base: string, list: string, i: number, field: string) => (list ? `${base}.${list}[${i}]${field ? `.${field}` : ''}` : `${base}.${field}`);
  const card = (name: string, base: string, list: string, i: number, field: string, prefer?: CardDef['type']): CardDef => {
    try {
      return g.cards.get(name, prefer);
    } catch (e) {
      if (!g.cards.has(name)) throw new InputError(file, at(base, list, i, field), `unknown card "${name}" (expected a card name or id from spec/cards, or from a file given with --cards)`);
      throw new InputError(file, at(base, list, i, field), (e as Error).message);
    }
  };
  const label = (e: Entity, l: string | undefined, base: string, list: string, i: number, field: string) => {
    if (!l) return;
    if (labels.has(l)) throw new InputError(file, at(base, list, i, field), `label "${l}" is used twice`);
    labels.set(l, e.id);
  };
  const inPlayOrder: Entity[] = [];
  const forcePlayed: Entity[] = [];
  // The Dominant Player's set-up entities entered play first (assumption `setup-dominant-first`).
  const dominant = s.setup.dominant ?? 'A';

  for (const name of dominant === 'A' ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
    const side = sideOf(name);
    const ps: PlayerSetup = s.setup[name] ?? {};
    const p = g.players[side];
    const base = name === 'A' ? '$.setup.A' : '$.setup.B';
    const heroLabel = ps.heroLabel ?? (name === 'A' ? 'heroA' : 'heroB');
    const hero = createEntity(g, card(ps.hero ?? DEFAULT_HERO, base, '', 0, 'hero'), side, 'play', heroLabel);
    label(hero, heroLabel, base, '', 0, 'heroLabel');
    if (ps.health !== undefined) hero.damage = (hero.card.health ?? HEARTHSTONE.limits.heroHealth) - ps.health;
    hero.armor = ps.armor ?? 0;
    p.hero = hero.id;
    inPlayOrder.push(hero);
    if (hero.card.heroPower) {
      const hp = createEntity(g, card(hero.card.heroPower, base, '', 0, 'hero'), side, 'play');
      p.heroPower = hp.id;
    }
    p.mana = p.maxMana = ps.mana ?? HEARTHSTONE.limits.mana;
    p.fatigue = ps.fatigue ?? 0;
    if (ps.weapon) {
      const ws = asSetup(ps.weapon);
      // A weapon is set up with its card, a label and the Durability it has lost: nothing else is read for it, so a
      // field a minion takes (a buff, enchantments, Frozen) is bad input rather than a set-up silently different.
      for (const k of ['buff', 'enchantments', 'exhausted', 'frozen', 'forcePlayed'] as const) {
        if (ws[k] !== undefined) throw new InputError(file, `${base}.weapon.${k}`, `a weapon's set-up takes "card", "label" and "damage" (Durability lost) only: "${k}" is for minions (give the weapon its Attack or Durability with a card's effect in the actions instead)`);
      }
      const w = createEntity(g, card(ws.card, base, '', 0, 'weapon.card'), side, 'play', ws.label);
      label(w, ws.label, base, '', 0, 'weapon.label');
      if (ws.damage !== undefined) {
        if (ws.damage >= (w.card.durability ?? 0)) throw new InputError(file, `${base}.weapon.damage`, `${ws.damage} Durability lost leaves ${w.card.name} (Durability ${w.card.durability ?? 0}) with none: at most ${(w.card.durability ?? 1) - 1}`);
        w.durabilityLoss = ws.damage;
      }
      p.weapon = w.id;
      inPlayOrder.push(w);
    }
    (ps.board ?? []).forEach((x, i) => {
      const cs = asSetup(x);
      const c = card(cs.card, base, 'board', i, 'card');
      const path = () => `${base}.board[${i}]`;
      // the path a Health problem is reported at, built only for the error (no string per set-up minion)
      const where = () => (cs.damage ? `${path()}.damage` : cs.buff ? `${path()}.buff` : path());
      if (c.type !== 'minion') throw new InputError(file, `${path()}.card`, `"${cs.card}" is a ${c.type}, expected a minion`);
      const m = createEntity(g, c, side, 'play', cs.label);
      label(m, cs.label, base, 'board', i, 'label');
      m.exhausted = cs.exhausted ?? false;
      m.frozen = cs.frozen ?? false;
      p.board.push(m.id);
      boardPaths.set(m.id, where);
      inPlayOrder.push(m);
      if (cs.forcePlayed) forcePlayed.push(m);
      for (const [k, en] of (cs.enchantments ?? []).entries()) {
        const ec = card(typeof en === 'string' ? en : en.card, path(), 'enchantments', k, '', 'enchantment');
        if (ec.type !== 'enchantment') throw new InputError(file, `${path()}.enchantments[${k}]`, `"${ec.name}" is a ${ec.type}, expected an enchantment card`);
        attachSetup(g, m, ec, ec.mods ?? {}, inPlayOrder, typeof en === 'string' || !en.caster ? undefined : sideOf(en.caster));
      }
      if (cs.buff) attachSetup(g, m, { id: 'setup-buff', name: 'Buff', type: 'enchantment', text: 'scenario set-up buff', source: 'scenario', mods: cs.buff }, cs.buff, inPlayOrder);
      if (cs.damage !== undefined) m.damage = cs.damage;
    });
    for (const [zone, list] of [['hand', ps.hand], ['deck', ps.deck]] as const) {
      (list ?? []).forEach((x, i) => {
        const cs = asSetup(x);
        const e = createEntity(g, card(cs.card, base, zone, i, 'card'), side, zone, cs.label);
        label(e, cs.label, base, zone, i, 'label');
        p[zone].push(e.id);
      });
    }
    (ps.secrets ?? []).forEach((x, i) => {
      const cs = asSetup(x);
      const c = card(cs.card, base, 'secrets', i, 'card');
      if (!c.secret) throw new InputError(file, `${base}.secrets[${i}].card`, `"${cs.card}" is not a Secret`);
      const e = createEntity(g, c, side, 'secret', cs.label);
      label(e, cs.label, base, 'secrets', i, 'label');
      p.secrets.push(e.id);
      inPlayOrder.push(e);
    });
  }

  // Order of play: force-played minions first (Rule 2a note: a force-played minion is the oldest), then heroes,
  // weapons and minions in set-up order, the Dominant Player's first; listed labels after them, in the listed order.
  const listed = (s.setup.order ?? []).map((l, i) => {
    const id = labels.get(l);
    if (id === undefined) throw new InputError(file, `$.setup.order[${i}]`, `unknown label "${l}"`);
    const e = entity(g, id);
    if (forcePlayed.includes(e)) throw new InputError(file, `$.setup.order[${i}]`, `"${l}" is forcePlayed, which already makes it the oldest in the order of play: list it in setup.order or mark it forcePlayed, not both`);
    return e;
  });
  // Attached enchantments keep their place right after their minion, so a force-played minion brings them along.
  const first = forcePlayed.flatMap((m) => [m, ...inPlayOrder.filter((e) => e.attachedTo === m.id)]);
  for (const e of first) e.order = g.nextOrder++;
  for (const e of inPlayOrder) if (!listed.includes(e) && !first.includes(e)) e.order = g.nextOrder++;
  for (const e of listed) e.order = g.nextOrder++;
  inPlayOrder.sort((a, b) => a.order - b.order);
  for (const e of inPlayOrder) {
    if (e.attachedTo !== undefined) {
      g.trace.event({ e: 'enchant', target: e.attachedTo, enchantment: e.id, card: e.card.id, order: e.order });
      continue;
    }
    moveTo(g, e, e.zone, e.card.type === 'minion' ? { from: 'setup', order: e.order, position: g.players[e.controller].board.indexOf(e.id) } : { from: 'setup', order: e.order });
  }
  return { g, labels, boardPaths };
}

/**
 * A minion set up in play is alive: at least 1 Health once the set-up's auras apply (damage or a buff that leaves it
 * at 0 or less describes a minion that died before the game began: bad input at its path).
 */
export function checkAlive(g: Game, paths: ReadonlyMap<number, () => string>, file: string): void {
  for (const [id, path] of paths) {
    const e = entity(g, id);
    if (e.zone !== 'play') continue;
    const h = health(g, e);
    if (h > 0) continue;
    throw new InputError(file, path(), `${e.card.name} is set up with ${h} Health (maximum ${maxHealth(g, e)}, ${e.damage} damage): a minion in play has at least 1 Health; less damage, or no minion`);
  }
}

/**
 * Health and Attack as set up (damage, enchantments, and the auras of the set-up's own Aura Update, which runs
 * first), so a trace consumer knows them without the card data and never sees stats the minion did not have.
 */
export function recordSetupStats(g: Game): void {
  for (const p of g.players) {
    for (let i = -1; i < p.board.length; i++) {
      const id = i < 0 ? p.hero : p.board[i]!;
      const e = entity(g, id);
      const { base, layers } = statLayerRecords(g, e);
      g.trace.event({ e: 'stats', entity: id, attack: attack(g, e), health: health(g, e), maxHealth: maxHealth(g, e), why: 'setup', base, layers });
    }
  }
}

function attachSetup(g: Game, m: Entity, c: CardDef, mods: NonNullable<CardDef['mods']>, order: Entity[], caster?: Side): void {
  const en = createEntity(g, c, caster ?? m.controller, 'play');
  en.attachedTo = m.id;
  en.caster = caster ?? m.controller;
  en.mods = mods;
  m.enchantments.push(en.id);
  order.push(en);
}

