/**
 * Writes hand-written cards from a batch file: each entry gives a CardDefs id and the card's behaviour (the fields
 * of engine/cards/format.ts after the stats); identity, stats, race, rarity, text and collectible-ness are taken
 * from CardDefs 2.8.0.9554, so they cannot be mistyped. The file name follows spec/cards/README.md.
 *
 *   npx tsx spec/cards/scripts/add-cards.ts BATCH.json [--carddefs FILE] [--force]
 *   npx tsx spec/cards/scripts/add-cards.ts --show ID...   (prints the CardDefs entries with these ids or id prefixes)
 *
 * BATCH.json: `[{ "id": "CS2_188", "battlecry": {...}, "target": {...} }, ...]`. An existing file is kept unless
 * --force is given.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCardDefs, CARDTYPE, CARDRACE, RARITY } from './carddefs.js';

const here = dirname(fileURLToPath(import.meta.url));
const CARDS = join(here, '..');
const arg = (name: string) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined; };
const file = arg('--carddefs') ?? process.env.ARBITER_CARDDEFS ?? join(here, '..', '..', '..', '..', 'shared', 'data', 'carddefs', 'CardDefs-2.8.0.9554.xml');
if (!existsSync(file)) {
  process.stderr.write(`add-cards: ${file}: no such file (give --carddefs <CardDefs.xml>)\n`);
  process.exit(2);
}
const defs = readCardDefs(file);
const kebab = (name: string) => name.toLowerCase().replace(/['\u2019]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

if (process.argv.includes('--show')) {
  const wanted = process.argv.slice(process.argv.indexOf('--show') + 1);
  for (const e of defs.values()) {
    if (!wanted.some((w) => e.id === w || e.id.startsWith(w))) continue;
    process.stdout.write(`${e.id}\t${CARDTYPE[e.ints.CARDTYPE ?? -1]}\t${e.name}\t${e.ints.COST ?? 0}/${e.ints.ATK ?? 0}/${e.ints.HEALTH ?? e.ints.DURABILITY ?? 0}\t${e.text}\n`);
  }
  process.exit(0);
}

const batchFile = process.argv[2];
if (!batchFile || !existsSync(batchFile)) {
  process.stderr.write('add-cards: give a batch file (a JSON array of {id, ...behaviour})\n');
  process.exit(2);
}
const batch = JSON.parse(readFileSync(batchFile, 'utf8')) as ({ id: string; file?: string } & Record<string, unknown>)[];
for (const [i, b] of batch.entries()) {
  const e = defs.get(b.id);
  if (!e) {
    process.stderr.write(`add-cards: ${batchFile}: $[${i}].id: ${b.id} is not in CardDefs\n`);
    process.exit(2);
  }
  const { id: _id, file: fileName, ...behaviour } = b;
  const type = CARDTYPE[e.ints.CARDTYPE ?? -1];
  const race = e.ints.CARDRACE !== undefined ? CARDRACE[e.ints.CARDRACE] : undefined;
  const rarity = e.ints.RARITY !== undefined ? RARITY[e.ints.RARITY] : undefined;
  const card = {
    format: 'arbiter-card/1',
    id: e.id,
    name: e.name,
    type,
    ...(type === 'minion' || type === 'weapon' || type === 'spell' || type === 'hero_power' ? { cost: e.ints.COST ?? 0 } : {}),
    ...(type === 'minion' || type === 'weapon' ? { attack: e.ints.ATK ?? 0 } : {}),
    ...(type === 'minion' || type === 'hero' ? { health: e.ints.HEALTH ?? 0 } : {}),
    ...(type === 'weapon' ? { durability: e.ints.DURABILITY ?? 0 } : {}),
    ...(race ? { race } : {}),
    ...(rarity ? { rarity } : {}),
    text: e.text,
    source: 'CardDefs 2.8.0.9554',
    ...(e.ints.COLLECTIBLE === 1 ? {} : { token: true }),
    ...behaviour,
  };
  // README "File names": the bare name belongs to the card (not the enchantment or token) when names are shared.
  // (only cards the pool has, or that this batch writes, count)
  const inPool = new Set([...readdirSync(CARDS).filter((f) => f.endsWith('.json')).map((f) => (JSON.parse(readFileSync(join(CARDS, f), 'utf8')) as { id: string }).id), ...batch.map((x) => x.id)]);
  const sharesName = [...defs.values()].some((o) => o.id !== e.id && inPool.has(o.id) && o.name === e.name && (CARDTYPE[o.ints.CARDTYPE ?? -1] !== 'enchantment' || type !== 'enchantment'));
  let name = fileName ?? (type === 'enchantment' && sharesName ? `${kebab(e.name)}-enchantment.json` : `${kebab(e.name)}.json`);
  const idOf = (f: string) => (JSON.parse(readFileSync(join(CARDS, f), 'utf8')) as { id: string }).id;
  if (!fileName && existsSync(join(CARDS, name)) && idOf(name) !== e.id) name = `${kebab(e.name)}-${kebab(e.id)}.json`;
  const path = join(CARDS, name);
  if (existsSync(path) && !process.argv.includes('--force')) {
    process.stdout.write(`kept ${name}\n`);
    continue;
  }
  writeFileSync(path, JSON.stringify(card, null, 2) + '\n');
  process.stdout.write(`wrote ${name}\n`);
}
