/**
 * The card pool against CardDefs 2.8.0.9554: which collectible cards of the era the pool has, and which it lacks.
 *
 *   npx tsx spec/cards/scripts/import-carddefs.ts [--carddefs FILE] [--write] [--list]
 *
 * --missing FILE writes the Markdown list of the cards the pool lacks (spec/cards/MISSING.md).
 * --write adds the cards whose whole text is keywords the format has (Taunt, Charge, Divine Shield, Windfury,
 * Stealth), "Spell Damage +N", or nothing (vanilla minions), as card files: their behaviour follows from the data
 * alone (the XML's keyword tags must agree with the text). Every other card is written by hand with the primitives
 * (spec/cards/README.md). --list prints every collectible card the pool lacks, by set.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCardDefs, playable, CARDTYPE, CARDRACE, RARITY, CARD_SET, type CardDefsEntry } from './carddefs.js';
import { MISSING_REASONS } from './missing-reasons.js';

const here = dirname(fileURLToPath(import.meta.url));
const CARDS = join(here, '..');
const arg = (name: string) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined; };
const file = arg('--carddefs') ?? process.env.ARBITER_CARDDEFS ?? join(here, '..', '..', '..', '..', 'shared', 'data', 'carddefs', 'CardDefs-2.8.0.9554.xml');
if (!existsSync(file)) {
  process.stderr.write(`import-carddefs: ${file}: no such file (give --carddefs <CardDefs.xml>)\n`);
  process.exit(2);
}

const KEYWORDS: Record<string, { keyword: string; tag: string }> = {
  Taunt: { keyword: 'taunt', tag: 'TAUNT' },
  Charge: { keyword: 'charge', tag: 'CHARGE' },
  'Divine Shield': { keyword: 'divine_shield', tag: 'DIVINE_SHIELD' },
  Windfury: { keyword: 'windfury', tag: 'WINDFURY' },
  Stealth: { keyword: 'stealth', tag: 'STEALTH' },
};
/** Tags that mean behaviour beyond keywords (a minion with one of them needs a hand-written card). */
const BEHAVIOUR_TAGS = ['BATTLECRY', 'DEATHRATTLE', 'AURA', 'TRIGGER_VISUAL', 'SECRET', 'OVERLOAD', 'COMBO', 'ENRAGED', 'FREEZE', 'CANT_ATTACK', 'ADJACENT_BUFF', 'POISONOUS', 'IMMUNE', 'CANT_BE_TARGETED_BY_SPELLS', 'CANT_BE_TARGETED_BY_HERO_POWERS', 'FORGETFUL', 'TOPDECK', 'MORPH', 'CHOOSE_ONE'];

/** The card file for a minion whose text is only keywords / Spell Damage, or null when the text says more. */
export function plainCard(e: CardDefsEntry): Record<string, unknown> | null {
  if (CARDTYPE[e.ints.CARDTYPE ?? -1] !== 'minion') return null;
  if (BEHAVIOUR_TAGS.some((t) => e.ints[t])) return null;
  const keywords: string[] = [];
  let spellDamage = 0;
  const parts = e.text.replace(/\.$/, '').split(/\.\s*|,\s*/).map((p) => p.trim()).filter(Boolean);
  for (const p of parts) {
    const sd = /^Spell Damage \+(\d+)$/.exec(p);
    if (sd) { spellDamage = Number(sd[1]); continue; }
    const k = KEYWORDS[p];
    if (!k || !e.ints[k.tag]) return null;
    keywords.push(k.keyword);
  }
  if (spellDamage && e.ints.SPELLPOWER !== spellDamage) return null;
  // every keyword tag the XML gives must be in the text too
  for (const [, k] of Object.entries(KEYWORDS)) if (e.ints[k.tag] && !keywords.includes(k.keyword)) return null;
  const race = e.ints.CARDRACE !== undefined ? CARDRACE[e.ints.CARDRACE] : undefined;
  if (e.ints.CARDRACE !== undefined && !race) return null;
  const rarity = e.ints.RARITY !== undefined ? RARITY[e.ints.RARITY] : undefined;
  return {
    format: 'arbiter-card/1',
    id: e.id,
    name: e.name,
    type: 'minion',
    cost: e.ints.COST ?? 0,
    attack: e.ints.ATK ?? 0,
    health: e.ints.HEALTH ?? 0,
    ...(race ? { race } : {}),
    ...(rarity ? { rarity } : {}),
    ...(keywords.length ? { keywords } : {}),
    text: e.text,
    source: 'CardDefs 2.8.0.9554',
    ...(spellDamage ? { auras: [{ kind: 'other', mods: { spellDamage }, selector: { select: 'hero', player: 'friendly' } }] } : {}),
  };
}

const kebab = (name: string) => name.toLowerCase().replace(/['\u2019]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

function main(): void {
  const defs = readCardDefs(file);
  const pool = new Map<string, string>();
  for (const f of readdirSync(CARDS).filter((x) => x.endsWith('.json'))) pool.set((JSON.parse(readFileSync(join(CARDS, f), 'utf8')) as { id: string }).id, f);
  const all = [...defs.values()].filter(playable);
  let written = 0;
  if (process.argv.includes('--write')) {
    for (const e of all) {
      if (pool.has(e.id)) continue;
      const card = plainCard(e);
      if (!card) continue;
      let name = `${kebab(e.name)}.json`;
      if (existsSync(join(CARDS, name))) name = `${kebab(e.name)}-${e.id.toLowerCase()}.json`;
      writeFileSync(join(CARDS, name), JSON.stringify(card, null, 2) + '\n');
      pool.set(e.id, name);
      written++;
    }
  }
  const missing = all.filter((e) => !pool.has(e.id));
  const bySet = new Map<string, CardDefsEntry[]>();
  for (const e of missing) {
    const set = CARD_SET[e.ints.CARD_SET ?? -1] ?? `set ${e.ints.CARD_SET}`;
    bySet.set(set, [...(bySet.get(set) ?? []), e]);
  }
  process.stdout.write(`CardDefs: ${all.length} collectible minions, spells and weapons; the pool has ${all.length - missing.length}${written ? ` (${written} written now)` : ''}; ${missing.length} to write by hand\n`);
  const md = arg('--missing');
  if (md) {
    const lines = ['# Cards of CardDefs 2.8.0.9554 not in the pool yet', '', `Generated by \`npx tsx spec/cards/scripts/import-carddefs.ts --missing spec/cards/MISSING.md\`: ${missing.length} of ${all.length} collectible minions, spells and weapons.`, 'Each needs a mechanism the card format does not have yet (spec/cards/scripts/missing-reasons.ts); by that', 'mechanism, with the set and the card text.', ''];
    const byReason = new Map<string, CardDefsEntry[]>();
    for (const e of missing) {
      const r = MISSING_REASONS[e.id] ?? 'not written yet';
      byReason.set(r, [...(byReason.get(r) ?? []), e]);
    }
    for (const [reason, es] of [...byReason].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))) {
      lines.push(`## ${reason} (${es.length})`, '', '| id | card | set | text |', '|---|---|---|---|');
      for (const e of es.sort((a, b) => a.name.localeCompare(b.name))) lines.push(`| ${e.id} | ${e.name} | ${CARD_SET[e.ints.CARD_SET ?? -1] ?? ''} | ${e.text.replace(/\|/g, '\\|')} |`);
      lines.push('');
    }
    writeFileSync(md, lines.join('\n'));
  }
  for (const [set, es] of bySet) {
    process.stdout.write(`  ${set}: ${es.length} missing\n`);
    if (process.argv.includes('--list')) for (const e of es.sort((a, b) => a.name.localeCompare(b.name))) process.stdout.write(`    ${e.id}  ${e.name}: ${e.text}\n`);
  }
}

main();
