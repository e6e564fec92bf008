/**
 * Host cards (spec/host/cards, user files with --cards) and Host scenarios, checked at the edge: schema, then the
 * references (rule ids, cards, labels, slots), each error naming the file and the JSON path.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, ROOT, jsonFilesIn, readJson, validate } from '../validation.js';
import { ruleCatalog } from '../rules.js';
import type { HostCard, HostCardSetup, HostScenario, Side } from './format.js';
import { checkHostDeck } from './deck.js';

export const HOST_CARDS_DIR = join(ROOT, 'spec', 'host', 'cards');

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

export class HostCardPool {
  private readonly byKey = new Map<string, HostCard>();
  readonly list: HostCard[] = [];

  add(c: HostCard, file: string): void {
    for (const k of new Set([c.id, norm(c.name)])) {
      const had = this.byKey.get(k);
      if (had && had.id !== c.id) throw new InputError(file, '$.name', `"${c.name}" is also the name or id of card ${had.id}`);
    }
    if (this.byKey.has(c.id)) this.list.splice(this.list.findIndex((x) => x.id === c.id), 1);
    this.list.push(c);
    this.byKey.set(c.id, c);
    this.byKey.set(norm(c.name), c);
  }

  has(k: string): boolean { return this.byKey.has(k) || this.byKey.has(norm(k)); }
  get(k: string): HostCard {
    const c = this.byKey.get(k) ?? this.byKey.get(norm(k));
    if (!c) throw new Error(`unknown host card "${k}"`);
    return c;
  }
}

function cardFiles(path: string): string[] {
  if (!existsSync(path)) throw new InputError(path, '$', 'no such card file or folder');
  if (!statSync(path).isDirectory()) return [path];
  const files = jsonFilesIn(path).map((f) => join(path, f));
  // A folder given explicitly that holds no card is bad input, as an empty scenario folder is (cli/scenario-files.ts).
  if (files.length === 0) throw new InputError(path, '$', 'the folder holds no Host card files (*.json)');
  return files;
}

let builtIn: HostCardPool | null = null;

/** The built-in Host cards plus user card files (a user card with a built-in id replaces it). */
export function loadHostCards(extra: readonly string[] = []): HostCardPool {
  const pool = new HostCardPool();
  if (!builtIn) {
    builtIn = new HostCardPool();
    for (const f of cardFiles(HOST_CARDS_DIR)) { const d = readJson(f); validate(f, d, 'host-card.schema.json'); builtIn.add(d as HostCard, f); }
  }
  for (const c of builtIn.list) pool.add(c, HOST_CARDS_DIR);
  const fileOf = new Map<string, string>();
  for (const p of extra) for (const f of cardFiles(p)) { const d = readJson(f); validate(f, d, 'host-card.schema.json'); checkCard(f, d as HostCard); pool.add(d as HostCard, f); fileOf.set((d as HostCard).id, f); }
  checkTokenRefs(pool, fileOf);
  return pool;
}

/** Every card an effect creates is a token Entity of the pool (36.3). */
function checkTokenRefs(pool: HostCardPool, fileOf: ReadonlyMap<string, string>): void {
  for (const c of pool.list) {
    const effects: [string, HostCard['effect']][] = [['$.effect', c.effect], ['$.activate.effect', c.activate?.effect], ...(c.abilities ?? []).map((a, i): [string, HostCard['effect']] => [`$.abilities[${i}].effect`, 'effect' in a ? a.effect : undefined])];
    for (const [at, e] of effects) e?.parts.forEach((p, i) => {
      if (p.do !== 'create_token') return;
      const t = pool.has(p.card) ? pool.get(p.card) : null;
      if (!t || !t.token || t.type !== 'entity') throw new InputError(fileOf.get(c.id) ?? join(HOST_CARDS_DIR, `${c.id}.json`), `${at}.parts[${i}].card`, `"${p.card}" is not a token Entity card (expected the id or name of a card with "type": "entity" and "token": true, 36.3)`);
    });
  }
}

/** What the schema cannot say about a card. */
export function checkCard(file: string, c: HostCard): void {
  if (c.type === 'entity' && (c.health === undefined || c.power === undefined)) throw new InputError(file, '$', 'an entity needs "health" and "power" (13.3, 13.4)');
  if (c.type === 'host' && (c.health === undefined || c.soul === undefined || !c.resource)) throw new InputError(file, '$', 'a host needs "health", "soul" and "resource" (13.1, 13.3, 13.4)');
  if (c.type === 'ambush' && !c.activate) throw new InputError(file, '$.activate', 'an ambush needs its activation requirement and effect (17.1)');
  if ((c.keywords ?? []).includes('lingering') && c.type !== 'sorcery' && c.type !== 'ambush') throw new InputError(file, '$.keywords', 'only Sorceries and Ambushes can be Lingering (22.3)');
  const effects = [c.effect, c.activate?.effect, ...(c.abilities ?? []).map((a) => ('effect' in a ? a.effect : undefined))];
  effects.forEach((e) => e?.parts.forEach((p, i) => {
    const to = (p as { to?: unknown }).to;
    if (to && typeof to === 'object' && 'target' in to && (to as { target: number }).target >= (e.targets?.length ?? 0)) throw new InputError(file, `$..parts[${i}].to.target`, `names target ${(to as { target: number }).target}, but the effect declares ${e.targets?.length ?? 0}`);
  }));
}

/** Is this scenario data a Host one? (`"profile": "host"`) */
export function isHostScenario(data: unknown): boolean {
  return !!data && typeof data === 'object' && (data as { profile?: unknown }).profile === 'host';
}

/** Labels of the tokens a game creates, in order (engine/host/tokens.ts). */
const TOKEN_LABEL = /^token[0-9]+$/;

const ZONES = ['deck', 'hand', 'frontrow', 'backrow', 'form', 'markers', 'damage', 'drop'] as const;

export function parseHostScenario(file: string, data: unknown, cards: HostCardPool): HostScenario {
  validate(file, data, 'host-scenario.schema.json');
  const s = data as HostScenario;
  const rules = ruleCatalog();
  s.rules.forEach((r, i) => { if (!rules.has(r)) throw new InputError(file, `$.rules[${i}]`, `unknown rule id "${r}" (expected an id of spec/rules.json, e.g. host/32.4)`); });
  const labels = new Set<string>();
  for (const side of ['A', 'B'] as Side[]) {
    const ps = s.setup[side];
    const check = (x: string | HostCardSetup, path: string, want?: string[]) => {
      const c = typeof x === 'string' ? { card: x } : x;
      if (!cards.has(c.card)) throw new InputError(file, `${path}`, `unknown host card "${c.card}" (expected a name or id from spec/host/cards, or a file given with --cards)`);
      const type = cards.get(c.card).type;
      if (want && !want.includes(type)) throw new InputError(file, path, `"${c.card}" is a ${type} card; this place takes ${want.join(' or ')}`);
      if (cards.get(c.card).token && !path.includes('.frontrow[')) throw new InputError(file, path, `"${c.card}" is a token: it exists only in a frontrow slot, created by an effect (36.3, 36.3.1)`);
      if (c.label) {
        if (labels.has(c.label)) throw new InputError(file, `${path}.label`, `label "${c.label}" is used twice`);
        if (TOKEN_LABEL.test(c.label)) throw new InputError(file, `${path}.label`, `labels token1, token2, ... name the tokens the game creates (36.3); choose another label`);
        if (c.copies && c.copies > 1) throw new InputError(file, `${path}.label`, 'a labelled card has one copy');
        labels.add(c.label);
      }
    };
    check(ps.host, `$.setup.${side}.host`, ['host']);
    const hostLabel = typeof ps.host === 'object' ? ps.host.label : undefined;
    if (!hostLabel) labels.add(`host${side}`);
    for (const z of ZONES) {
      const place = z === 'frontrow' ? ['entity'] : z === 'backrow' ? ['sorcery', 'ambush', 'equipment'] : z === 'form' ? ['form'] : z === 'markers' ? ['equipment'] : undefined;
      (ps[z] ?? []).forEach((x, i) => check(x, `$.setup.${side}.${z}[${i}]`, place));
    }
    for (const z of ['frontrow', 'backrow'] as const) {
      const used = new Set<number>();
      (ps[z] ?? []).forEach((x, i) => {
        const slot = typeof x === 'object' ? x.slot : undefined;
        if (slot === undefined) throw new InputError(file, `$.setup.${side}.${z}[${i}].slot`, 'a card in a slot names its slot (0-4)');
        if (used.has(slot)) throw new InputError(file, `$.setup.${side}.${z}[${i}].slot`, `slot ${slot} holds another card already (7.2, 14.7.1)`);
        used.add(slot);
      });
    }
  }
  if (s.setup.start === 'game') checkGameStart(file, s, cards);
  for (const side of ['A', 'B'] as Side[]) (s.setup[side].markers ?? []).forEach((m, i) => {
    if (!m.attachedTo || !labels.has(m.attachedTo)) throw new InputError(file, `$.setup.${side}.markers[${i}].attachedTo`, 'a marker names the label of the card in play it is attached to (24.1)');
  });
  for (const l of Object.keys(s.expect.entities ?? {})) if (!labels.has(l) && !TOKEN_LABEL.test(l)) throw new InputError(file, `$.expect.entities.${l}`, `unknown label "${l}" (labels: ${[...labels].join(', ')})`);
  return s;
}

/** A game set up by the rules (9.1) starts from the deck lists alone (3.1): nothing else is placed. */
function checkGameStart(file: string, s: HostScenario, cards: HostCardPool): void {
  for (const k of ['active', 'first', 'turn', 'phase'] as const) if (s.setup[k] !== undefined) throw new InputError(file, `$.setup.${k}`, `with "start": "game" the set-up decides it (9.1.3-9.1.5, 9.1.8): leave "${k}" out`);
  for (const side of ['A', 'B'] as Side[]) {
    const ps = s.setup[side];
    for (const k of [...ZONES.filter((z) => z !== 'deck'), 'resources', 'ap'] as const) if (ps[k] !== undefined) throw new InputError(file, `$.setup.${side}.${k}`, `with "start": "game" a player starts with a Host and a deck only (9.1.1): leave "${k}" out`);
    checkHostDeck(file, `$.setup.${side}`, ps.host, ps.deck, cards);
  }
}

export function loadHostScenario(file: string, cards: HostCardPool): HostScenario {
  return parseHostScenario(file, readJson(file), cards);
}
