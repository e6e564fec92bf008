/**
 * The card pool (spec/cards/*.json) against its schema (spec/schema/card.schema.json, generated from
 * engine/cards/format.ts by `npm run schemas`; spec/schemas.test.ts fails when it is stale), against itself (unique ids, file names, references) and against the game data it claims
 * as its source (CardDefs 2.8.0.9554).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator, type ValidationError } from 'jsonschema';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const CARDS_DIR = join(here, 'cards');
const SCHEMA_PATH = join(here, 'schema', 'card.schema.json');
const CARDDEFS_PATH =
  process.env.ARBITER_CARDDEFS ?? join(here, '..', '..', 'shared', 'data', 'carddefs', 'CardDefs-2.8.0.9554.xml');
const CARDDEFS_SOURCE = 'CardDefs 2.8.0.9554';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const schema: Json = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8'));
const files = readdirSync(CARDS_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
const pool: { file: string; card: Json }[] = files.map((file) => ({
  file,
  card: JSON.parse(readFileSync(join(CARDS_DIR, file), 'utf8')),
}));
const byId = new Map<string, Json>(pool.map(({ card }) => [card.id, card]));

function validate(card: Json): ValidationError[] {
  return new Validator().validate(card, schema).errors;
}

/** File-name rule (see spec/cards/README.md): lower case, apostrophes dropped, other non-alphanumerics -> '-'. */
function kebab(name: string): string {
  return name
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Every card id one card refers to, with what kind of card it must be. */
function references(card: Json): { id: string; via: string; type?: string }[] {
  const refs: { id: string; via: string; type?: string }[] = [];
  if (card.heroPower) refs.push({ id: card.heroPower, via: 'heroPower', type: 'hero_power' });
  const walk = (node: Json, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, `${path}[${i}]`));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    switch (node.do) {
      case 'summon':
      case 'add_to_hand': {
        const type = node.do === 'summon' ? 'minion' : undefined;
        if (typeof node.card === 'string') refs.push({ id: node.card, via: `${path}.card`, type });
        else if (node.card.randomOf) node.card.randomOf.forEach((id: string, i: number) =>
          refs.push({ id, via: `${path}.card.randomOf[${i}]`, type }));
        if (node.enchantment) refs.push({ id: node.enchantment, via: `${path}.enchantment`, type: 'enchantment' });
        break;
      }
      case 'shuffle_into_deck':
        if (node.card) refs.push({ id: node.card, via: `${path}.card` });
        break;
      case 'equip':
        if (typeof node.card === 'string') refs.push({ id: node.card, via: `${path}.card`, type: 'weapon' });
        else if (node.card.randomOf) node.card.randomOf.forEach((id: string, k: number) => refs.push({ id, via: `${path}.card.randomOf[${k}]`, type: 'weapon' }));
        break;
      case 'give':
        refs.push({ id: node.enchantment, via: `${path}.enchantment`, type: 'enchantment' });
        break;
      case 'buff':
        if (node.enchantment) refs.push({ id: node.enchantment, via: `${path}.enchantment`, type: 'enchantment' });
        break;
      case 'replace_hero':
        refs.push({ id: node.hero, via: `${path}.hero`, type: 'hero' });
        if (node.weapon) refs.push({ id: node.weapon, via: `${path}.weapon`, type: 'weapon' });
        break;
      case 'transform':
        if (typeof node.into === 'string' && node.into !== 'copy_of_target') refs.push({ id: node.into, via: `${path}.into` });
        else if (node.into?.randomOf) node.into.randomOf.forEach((id: string, i: number) => refs.push({ id, via: `${path}.into.randomOf[${i}]` }));
        break;
    }
    for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
  };
  walk(card, card.id);
  return refs;
}

// --- CardDefs XML -------------------------------------------------------------------------------------------------
interface XmlCard {
  id: string;
  name?: string;
  ints: Record<string, number>;
}

function parseCardDefs(xml: string): Map<string, XmlCard> {
  const out = new Map<string, XmlCard>();
  const entity = /<Entity CardID="([^"]+)"[^>]*>([\s\S]*?)<\/Entity>/g;
  for (const [, id = '', body = ''] of xml.matchAll(entity)) {
    const ints: Record<string, number> = {};
    // e.g. <Tag enumID="48" name="COST" type="Int" value="7"/>
    for (const [, name = '', value = ''] of body.matchAll(/<Tag enumID="\d+" name="([A-Z_]+)" type="Int" value="(-?\d+)"\s*\/>/g)) {
      ints[name] = Number(value);
    }
    const nameTag = /<Tag enumID="185" name="CARDNAME" type="LocString">[\s\S]*?<enUS>([\s\S]*?)<\/enUS>/.exec(body);
    out.set(id, { id, name: nameTag ? decodeXml(nameTag[1] ?? '') : undefined, ints });
  }
  return out;
}

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const CARDTYPE: Record<number, string> = { 3: 'hero', 4: 'minion', 5: 'spell', 6: 'enchantment', 7: 'weapon', 10: 'hero_power' };
const CARDRACE: Record<number, string> = { 14: 'murloc', 15: 'demon', 17: 'mech', 20: 'beast', 21: 'totem', 23: 'pirate', 24: 'dragon' };
const RARITY: Record<number, string> = { 1: 'common', 2: 'free', 3: 'rare', 4: 'epic', 5: 'legendary' };

// --- tests --------------------------------------------------------------------------------------------------------
describe('card pool: schema', () => {
  it('has cards', () => {
    expect(pool.length).toBeGreaterThan(90);
  });

  it.each(pool.map(({ file, card }) => [file, card]))('%s validates against card.schema.json', (_file, card) => {
    const errors = validate(card).map((e) => `${e.property}: ${e.message}`);
    expect(errors).toEqual([]);
  });
});

describe('card pool: consistency', () => {
  it('ids are unique', () => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const { file, card } of pool) {
      if (seen.has(card.id)) dupes.push(`${card.id}: ${seen.get(card.id)} and ${file}`);
      seen.set(card.id, file);
    }
    expect(dupes).toEqual([]);
  });

  it('file names are the kebab-case of the card name (plus a -<type> or -<id> suffix for a name used twice)', () => {
    const bad: string[] = [];
    for (const { file, card } of pool) {
      const base = file.replace(/\.json$/, '');
      const name = kebab(card.name);
      const ok = base === name || base === `${name}-${kebab(card.type)}` || base === `${name}-${kebab(card.id)}`;
      if (!ok) bad.push(`${file} (name "${card.name}", type ${card.type}, id ${card.id})`);
    }
    expect(bad).toEqual([]);
    // the bare name is taken by exactly one card; suffixes only disambiguate
    const bare = new Set(pool.map(({ file }) => file.replace(/\.json$/, '')));
    for (const { file, card } of pool) {
      if (file.replace(/\.json$/, '') !== kebab(card.name)) expect(bare.has(kebab(card.name)), file).toBe(true);
    }
  });

  it('every card id referenced by another card exists in the pool, with the right type', () => {
    const missing: string[] = [];
    const wrongType: string[] = [];
    for (const { card } of pool) {
      for (const ref of references(card)) {
        const target = byId.get(ref.id);
        if (!target) missing.push(`${ref.via} -> ${ref.id}`);
        else if (ref.type && target.type !== ref.type) wrongType.push(`${ref.via} -> ${ref.id} is a ${target.type}, expected ${ref.type}`);
      }
    }
    expect(missing).toEqual([]);
    expect(wrongType).toEqual([]);
  });

  it('basic shape rules the schema cannot express', () => {
    const bad: string[] = [];
    for (const { file, card } of pool) {
      if (card.format !== 'arbiter-card/1') bad.push(`${file}: format`);
      if (card.type === 'minion' && (card.attack === undefined || card.health === undefined || card.cost === undefined))
        bad.push(`${file}: minion without cost/attack/health`);
      if (card.type === 'weapon' && (card.attack === undefined || card.durability === undefined)) bad.push(`${file}: weapon without attack/durability`);
      if (card.type === 'hero' && (card.health === undefined || !card.heroPower)) bad.push(`${file}: hero without health/heroPower`);
      if (card.secret) {
        if (card.type !== 'spell') bad.push(`${file}: secret that is not a spell`);
        if (!card.triggers?.length || !card.triggers.every((t: Json) => t.secret === true)) bad.push(`${file}: secret whose triggers are not all secret`);
      }
      if ((card.mods || card.expires) && card.type !== 'enchantment') bad.push(`${file}: mods/expires on a non-enchantment`);
      if (card.target && !(card.spell || card.battlecry)) bad.push(`${file}: target without spell/battlecry`);
    }
    expect(bad).toEqual([]);
  });
});

const haveCardDefs = existsSync(CARDDEFS_PATH);

describe.skipIf(!haveCardDefs)(`card pool vs ${CARDDEFS_SOURCE}`, () => {
  const xml = haveCardDefs ? parseCardDefs(readFileSync(CARDDEFS_PATH, 'utf8')) : new Map<string, XmlCard>();
  const sourced = pool.filter(({ card }) => card.source === CARDDEFS_SOURCE);

  it('parses the XML', () => {
    expect(xml.size).toBe(1359);
    expect(xml.get('CS2_032')?.ints.COST).toBe(7); // Flamestrike
  });

  it('cards not sourced from CardDefs 2.8.0.9554 are really absent from it', () => {
    const present = pool
      .filter(({ card }) => card.source !== CARDDEFS_SOURCE && xml.has(card.id))
      .map(({ file }) => file);
    expect(present).toEqual([]);
  });

  it.each(sourced.map(({ file, card }) => [file, card]))('%s: id, name, type, stats, race, rarity match the XML', (_file, card) => {
    const x = xml.get(card.id);
    expect(x, `${card.id} not in CardDefs`).toBeDefined();
    if (!x) return;
    expect(card.name).toBe(x.name);
    expect(card.type).toBe(CARDTYPE[x.ints.CARDTYPE ?? -1]);
    // an absent tag means 0 in CardDefs (e.g. Dragon Egg has no ATK tag)
    expect({
      cost: card.cost ?? 0,
      attack: card.attack ?? 0,
      health: card.health ?? 0,
      durability: card.durability ?? 0,
    }).toEqual({
      cost: x.ints.COST ?? 0,
      attack: x.ints.ATK ?? 0,
      health: x.ints.HEALTH ?? 0,
      durability: x.ints.DURABILITY ?? 0,
    });
    expect(card.race).toBe(x.ints.CARDRACE === undefined ? undefined : CARDRACE[x.ints.CARDRACE]);
    expect(card.rarity).toBe(x.ints.RARITY === undefined ? undefined : RARITY[x.ints.RARITY]);
    expect(card.token === true).toBe(x.ints.COLLECTIBLE !== 1);
  });

  // A minion's printed keywords (the XML's keyword tags) are keywords of its card file.
  const KEYWORD_TAGS: Record<string, string> = { TAUNT: 'taunt', CHARGE: 'charge', DIVINE_SHIELD: 'divine_shield', WINDFURY: 'windfury', STEALTH: 'stealth' };
  it('every printed keyword of a minion (TAUNT, CHARGE, DIVINE_SHIELD, WINDFURY, STEALTH) is in its card file', () => {
    const missing: string[] = [];
    for (const { file, card } of sourced) {
      const x = xml.get(card.id);
      if (!x || card.type !== 'minion') continue;
      for (const [tag, k] of Object.entries(KEYWORD_TAGS)) if (x.ints[tag] === 1 && !(card.keywords as string[] | undefined)?.includes(k)) missing.push(`${file}: ${k}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('schema rejects broken cards, naming the JSON path', () => {
  const fireball = byId.get('CS2_029');
  const juggler = byId.get('NEW1_019');

  const clone = (c: Json): Json => JSON.parse(JSON.stringify(c));
  const paths = (errors: ValidationError[]): string[] => errors.map((e) => e.property);

  it('the originals are valid', () => {
    expect(validate(fireball)).toEqual([]);
    expect(validate(juggler)).toEqual([]);
  });

  it('an action with "do": "damag"', () => {
    const bad = clone(fireball);
    bad.spell.actions[0].do = 'damag';
    const errors = validate(bad);
    expect(errors.length).toBeGreaterThan(0);
    expect(paths(errors)).toContain('instance.spell.actions[0].do');
    expect(errors.find((e) => e.property === 'instance.spell.actions[0].do')?.message).toMatch(/enum/);
  });

  it('a trigger with no class', () => {
    const bad = clone(juggler);
    delete bad.triggers[0].class;
    const errors = validate(bad);
    const e = errors.find((x) => x.property === 'instance.triggers[0]' && x.name === 'required');
    expect(e, JSON.stringify(paths(errors))).toBeDefined();
    expect(e?.argument).toBe('class');
  });

  it('a misspelt property (additionalProperties: false)', () => {
    const bad = clone(juggler);
    bad.atack = 3;
    bad.triggers[0].when.subjet = { type: 'minion' };
    const errors = validate(bad);
    expect(errors.some((e) => e.property === 'instance' && e.name === 'additionalProperties' && e.argument === 'atack')).toBe(true);
    expect(errors.some((e) => e.property === 'instance.triggers[0].when' && e.argument === 'subjet')).toBe(true);
  });

  it('a typo deep inside a condition names the exact path', () => {
    const bad = clone(byId.get('EX1_302')); // Mortal Coil
    bad.spell.actions[1].condition.filter = { mortallyWounded: true };
    const errors = validate(bad);
    expect(
      errors.some((e) => e.property === 'instance.spell.actions[1].condition.filter' && e.argument === 'mortallyWounded'),
      JSON.stringify(paths(errors)),
    ).toBe(true);
  });

  it('a misplaced field inside an action branch', () => {
    const bad = clone(fireball);
    bad.spell.actions[0].count = 2; // damage has no `count`
    const errors = validate(bad);
    expect(paths(errors).some((p) => p.startsWith('instance.spell.actions[0]'))).toBe(true);
  });

  it('a wrong enum value deep inside a selector filter', () => {
    const bad = clone(juggler);
    bad.triggers[0].actions[0].to.player = 'enemies';
    const errors = validate(bad);
    expect(paths(errors).some((p) => p.startsWith('instance.triggers[0].actions[0]'))).toBe(true);
  });
});

describe('card names resolve', () => {
  it('every card name in the pool names one card (scenarios refer to cards by name; a shared name means the card with the bare file name)', async () => {
    const { loadCardPool } = await import('../engine/cards/pool.js');
    const pool = loadCardPool();
    const bad: string[] = [];
    for (const c of pool.all()) {
      try { pool.get(c.name); } catch (e) { bad.push((e as Error).message); }
    }
    expect([...new Set(bad)]).toEqual([]);
    // Tokens sharing a name (README.md "File names"): the bare file name's card; the others by id.
    expect(['Slime', 'Treant', 'Imp', 'Whelp', 'Chicken'].map((n) => pool.get(n).id)).toEqual(['FP1_012t', 'EX1_573t', 'EX1_598', 'EX1_116t', 'GVG_092t']);
  });
});
