/**
 * The card pool: every card file in spec/cards, plus user card files validated against spec/schema/card.schema.json
 * when loaded. The built-in files are part of the program, not input: `npm test` validates each of them
 * (spec/cards.test.ts), so loading them skips the schema pass (it dominated every command's start).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardDef } from './format.js';
import type { CardPool } from '../state.js';
import { InputError, ROOT, jsonFilesIn, readJson, validate } from '../validation.js';

export const CARDS_DIR = join(ROOT, 'spec', 'cards');

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
/** The file name a card's name gives (spec/cards/README.md "File names"). */
const kebab = (s: string) => s.toLowerCase().replace(/['\u2019]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

export class MapCardPool implements CardPool {
  private readonly byKey = new Map<string, CardDef>();
  private readonly byName = new Map<string, CardDef[]>();
  private readonly list: CardDef[] = [];
  /** The file each card came from (for errors that name it). */
  readonly files = new Map<string, string>();
  /** Ids of the cards that came from user card files (--cards). */
  readonly fromUser = new Set<string>();
  /** Names already looked up (by the name as given and the preferred type); emptied when the pool changes. */
  private readonly resolved = new Map<string, CardDef>();

  constructor(cards: CardDef[] = []) {
    for (const c of cards) this.add(c);
  }

  add(c: CardDef, file?: string): void {
    this.resolved.clear();
    if (this.byKey.has(c.id) && this.byKey.get(c.id) !== c) {
      const other = this.files.get(c.id);
      throw new InputError(file ?? c.id, '$.id', `card id "${c.id}" is already used by another card${other ? ` (${other})` : ''}`);
    }
    this.list.push(c);
    this.byKey.set(c.id, c);
    if (file) this.files.set(c.id, file);
    const list = this.byName.get(norm(c.name)) ?? [];
    list.push(c);
    this.byName.set(norm(c.name), list);
  }

  /**
   * By id, or by name. A name several cards share means the collectible card over a token, and a token over an
   * enchantment; among cards of the same rank, the one whose file has the bare name; otherwise they must be named by id.
   */
  get(idOrName: string, prefer?: CardDef['type']): CardDef {
    const byId = this.byKey.get(idOrName);
    if (byId) return byId;
    const key = prefer ? `${prefer}:${idOrName}` : idOrName;
    const known = this.resolved.get(key);
    if (known) return known;
    const list = this.byName.get(norm(idOrName));
    if (!list) throw new Error(`unknown card "${idOrName}"`);
    const rank = (c: CardDef) => (prefer && c.type === prefer ? -1 : c.type === 'enchantment' ? 2 : c.token ? 1 : 0);
    const best = Math.min(...list.map(rank));
    let top = list.filter((c) => rank(c) === best);
    // Several of one rank: the card whose file has the bare name is the one the name means (spec/cards/README.md,
    // "File names"); the others are named by id.
    if (top.length > 1) {
      const bare = top.filter((c) => this.files.get(c.id) === `${kebab(c.name)}.json`);
      if (bare.length === 1) top = bare;
    }
    if (top.length > 1) throw new Error(`card name "${idOrName}" is ambiguous: use one of the ids ${top.map((c) => c.id).join(', ')}`);
    this.resolved.set(key, top[0]!);
    return top[0]!;
  }

  has(idOrName: string): boolean {
    return this.byKey.has(idOrName) || this.resolved.has(idOrName) || this.byName.has(norm(idOrName));
  }

  all(): CardDef[] {
    return [...this.list];
  }

  /** Replace the card with this id (a user's card file for another balance patch), keeping its place in the list. */
  replace(c: CardDef, file: string): void {
    this.resolved.clear();
    const old = this.byKey.get(c.id)!;
    this.list[this.list.indexOf(old)] = c;
    this.byKey.set(c.id, c);
    this.files.set(c.id, file);
    const oldName = this.byName.get(norm(old.name))!.filter((x) => x !== old);
    if (oldName.length) this.byName.set(norm(old.name), oldName); else this.byName.delete(norm(old.name));
    this.byName.set(norm(c.name), [...(this.byName.get(norm(c.name)) ?? []), c]);
  }
}

/** Load one card file, validated unless it is a built-in file (`trusted`). */
export function loadCardFile(file: string, trusted = false): CardDef {
  const data = readJson(file);
  if (!trusted) validate(file, data, 'card.schema.json');
  return data as CardDef;
}

/**
 * The built-in cards in one file, written by `npm run build` (dist/cards.bundle.json): a command reads it instead of
 * hundreds of card files. Each entry keeps its file's name, size and modification time; a bundle whose files are not
 * exactly those of spec/cards now (a card edited, added or removed since the build) is not used.
 */
export const CARD_BUNDLE = join(ROOT, 'dist', 'cards.bundle.json');

interface CardBundle { files: [name: string, size: number, mtimeMs: number][]; cards: CardDef[] }

export function bundled(names: readonly string[], dir = CARDS_DIR, bundleFile = CARD_BUNDLE): CardDef[] | null {
  if (!existsSync(bundleFile)) return null;
  try {
    const b = JSON.parse(readFileSync(bundleFile, 'utf8')) as CardBundle;
    if (b.files.length !== names.length || b.cards.length !== names.length) return null;
    for (let i = 0; i < names.length; i++) {
      const [name, size, mtimeMs] = b.files[i]!;
      if (name !== names[i]) return null;
      const st = statSync(join(dir, name));
      if (st.size !== size || st.mtimeMs !== mtimeMs) return null;
    }
    return b.cards;
  } catch {
    return null; // unreadable or of another shape: the card files are read instead
  }
}

/** Write the bundle of the built-in cards (scripts/build.mjs), each file read as loadCardPool reads it. */
export function writeCardBundle(out: string, dir = CARDS_DIR): number {
  const names = jsonFilesIn(dir);
  const bundle: CardBundle = { files: [], cards: [] };
  for (const name of names) {
    const file = join(dir, name);
    const st = statSync(file);
    bundle.files.push([name, st.size, st.mtimeMs]);
    bundle.cards.push(loadCardFile(file, true));
  }
  // The references between the bundled cards are checked here, once: a pool read from the bundle alone is not checked
  // again. Cards that name an unknown card get no bundle (each command then reads the files and reports the card).
  const pool = new MapCardPool();
  names.forEach((f, i) => pool.add(bundle.cards[i]!, f));
  try { checkCardReferences(pool); } catch { return 0; }
  writeFileSync(out, JSON.stringify(bundle));
  return names.length;
}

let cached: MapCardPool | null = null;

/** The built-in pool (spec/cards), plus any extra card files or folders; the built-in pool alone is read once. */
export function loadCardPool(extra: string[] = []): MapCardPool {
  if (extra.length === 0 && cached) return cached;
  const pool = readCardPool(extra);
  if (extra.length === 0) cached = pool;
  return pool;
}

/**
 * Read every card file now (no cache). A user card file (`extra`) whose id is already in the built-in pool replaces
 * that card for the run (a simulator built on another balance patch), with one notice line naming both files; two
 * user files with one id are an error.
 */
export function readCardPool(extra: string[] = [], notice: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): MapCardPool {
  const pool = new MapCardPool();
  const names = jsonFilesIn(CARDS_DIR);
  const bundle = bundled(names);
  names.forEach((f, i) => pool.add(bundle ? bundle[i]! : loadCardFile(join(CARDS_DIR, f), true), f));
  const files: string[] = [];
  for (const x of extra) {
    if (!existsSync(x)) throw new InputError(x, '$', 'no such card file or folder (--cards takes a .json card file or a folder of them)');
    if (statSync(x).isDirectory()) {
      const inDir = jsonFilesIn(x);
      // A folder given explicitly that holds no card is bad input, as an empty scenario folder is (cli/scenario-files.ts).
      if (inDir.length === 0) throw new InputError(x, '$', 'the folder holds no card files (*.json; --cards takes a .json card file or a folder of them)');
      files.push(...inDir.map((f) => join(x, f)));
    } else files.push(x);
  }
  const builtIn = new Set(pool.all().map((c) => c.id));
  // Built-in cards by name, for the notice on a user card that takes one's name (noticeSharedName).
  const builtInNames = new Map<string, string[]>();
  for (const c of pool.all()) builtInNames.set(norm(c.name), [...(builtInNames.get(norm(c.name)) ?? []), c.id]);
  const replaced = new Set<string>();
  for (const f of files) {
    const c = loadCardFile(f);
    pool.fromUser.add(c.id);
    if (builtIn.has(c.id) && !replaced.has(c.id)) {
      // Another patch's card changes stats or text; another type would break what refers to it by its kind (a set-up's
      // hero, a Hero Power, a token summoned as a minion).
      const was = pool.get(c.id);
      if (c.type !== was.type) throw new InputError(f, '$.type', `"${c.type}", but the card it replaces, ${c.id} (${was.name}, spec/cards/${pool.files.get(c.id)}), is a ${was.type}: a replacing card keeps its type (or give it another id)`);
      notice(`arbiter: notice: ${f} replaces card ${c.id} (${pool.get(c.id).name}) of spec/cards/${pool.files.get(c.id)} for this run`);
      pool.replace(c, f);
      replaced.add(c.id);
    } else {
      pool.add(c, f);
      noticeSharedName(pool, c, f, builtInNames, notice);
    }
  }
  // The bundle's cards were checked when it was written (writeCardBundle); user cards may name, or replace, any card.
  if (!bundle || files.length) checkCardReferences(pool);
  return pool;
}

/**
 * A user card with a new id and the name of a built-in card: a scenario that names the card by name gets whichever the
 * name resolves to (spec/cards/README.md, "File names"), which may not be the one its author meant. Said once.
 */
function noticeSharedName(pool: MapCardPool, c: CardDef, file: string, builtInNames: ReadonlyMap<string, readonly string[]>, notice: (line: string) => void): void {
  const same = builtInNames.get(norm(c.name));
  if (!same) return;
  let meant: string;
  try {
    const got = pool.get(c.name);
    meant = got === c ? `this card (${c.id})` : `${got.id} of spec/cards/${pool.files.get(got.id)}`;
  } catch {
    meant = 'no card (the name is ambiguous)';
  }
  notice(`arbiter: notice: ${file} names its card ${c.id} "${c.name}", as built-in card ${same.join(', ')} is named: "${c.name}" in a scenario means ${meant}; name the card by its id to choose`);
}

/** Keys of the card format whose string values name another card (summoned, equipped, attached, hero power). */
const CARD_REFERENCES = new Set(['card', 'enchantment', 'heroPower', 'randomOf', 'into']);

/** Every card a card names must be in the pool: an unknown one is an error naming the card's file and JSON path. */
export function checkCardReferences(pool: MapCardPool): void {
  const walk = (v: unknown, path: string, c: CardDef, ref: boolean): void => {
    if (typeof v === 'string') {
      if (ref && v !== 'copy_of_target' && !pool.has(v)) throw new InputError(pool.files.get(c.id) ?? c.id, path, `unknown card "${v}" (expected a card id or name of the pool: spec/cards, or a file given with --cards)`);
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${path}[${i}]`, c, ref));
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`, c, CARD_REFERENCES.has(k) && path !== '$');
    }
  };
  for (const c of pool.all()) {
    if (c.heroPower && !pool.has(c.heroPower)) throw new InputError(pool.files.get(c.id) ?? c.id, '$.heroPower', `unknown card "${c.heroPower}" (expected a hero power card id of the pool)`);
    walk(c, '$', c, false);
  }
}
