/** The card pool: every card file in spec/cards, validated against spec/schema/card.schema.json when loaded. */
import { readdirSync } from 'node:fs';
import { join, basename } from 'node:path';
import type { CardDef } from './format.js';
import type { CardPool } from '../state.js';
import { InputError, ROOT, readJson, validate } from '../validation.js';

export const CARDS_DIR = join(ROOT, 'spec', 'cards');

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

export class MapCardPool implements CardPool {
  private readonly byKey = new Map<string, CardDef>();
  private readonly list: CardDef[] = [];

  constructor(cards: CardDef[] = []) {
    for (const c of cards) this.add(c);
  }

  add(c: CardDef, file?: string): void {
    if (this.byKey.has(c.id) && this.byKey.get(c.id) !== c) {
      throw new InputError(file ?? c.id, '$.id', `card id "${c.id}" is already used by another card`);
    }
    this.list.push(c);
    this.byKey.set(c.id, c);
    // Names are unique only among non-enchantments: an enchantment may share its card's name.
    const nameKey = norm(c.name);
    if (!this.byKey.has(nameKey) || c.type !== 'enchantment') this.byKey.set(nameKey, c);
  }

  get(idOrName: string): CardDef {
    const c = this.byKey.get(idOrName) ?? this.byKey.get(norm(idOrName));
    if (!c) throw new Error(`unknown card "${idOrName}"`);
    return c;
  }

  has(idOrName: string): boolean {
    return this.byKey.has(idOrName) || this.byKey.has(norm(idOrName));
  }

  all(): CardDef[] {
    return [...this.list];
  }
}

/** Load and validate one card file. */
export function loadCardFile(file: string): CardDef {
  const data = readJson(file);
  validate(file, data, 'card.schema.json');
  return data as CardDef;
}

let cached: MapCardPool | null = null;

/** The built-in pool (spec/cards), plus any extra card files or folders. */
export function loadCardPool(extra: string[] = []): MapCardPool {
  if (extra.length === 0 && cached) return cached;
  const pool = new MapCardPool();
  const files = readdirSync(CARDS_DIR).filter((f) => f.endsWith('.json')).sort().map((f) => join(CARDS_DIR, f));
  for (const x of extra) {
    if (x.endsWith('.json')) files.push(x);
    else files.push(...readdirSync(x).filter((f) => f.endsWith('.json')).sort().map((f) => join(x, f)));
  }
  for (const f of files) pool.add(loadCardFile(f), basename(f));
  if (extra.length === 0) cached = pool;
  return pool;
}
