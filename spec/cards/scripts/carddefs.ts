/**
 * CardDefs.xml (the game's card data) as plain records: id, name, the integer tags, the English card text as the
 * pool writes it (spec/cards/README.md: markup and spell-damage markers removed, line breaks as spaces).
 */
import { readFileSync } from 'node:fs';

export interface CardDefsEntry {
  id: string;
  name: string;
  text: string;
  ints: Record<string, number>;
}

export const CARDTYPE: Record<number, string> = { 3: 'hero', 4: 'minion', 5: 'spell', 6: 'enchantment', 7: 'weapon', 10: 'hero_power' };
export const CARDRACE: Record<number, string> = { 14: 'murloc', 15: 'demon', 17: 'mech', 20: 'beast', 21: 'totem', 23: 'pirate', 24: 'dragon' };
export const RARITY: Record<number, string> = { 1: 'common', 2: 'free', 3: 'rare', 4: 'epic', 5: 'legendary' };
export const CARD_SET: Record<number, string> = { 2: 'Basic', 3: 'Classic', 4: 'Reward', 11: 'Promo', 12: 'Naxxramas', 13: 'Goblins vs Gnomes', 14: 'Blackrock Mountain' };

function decodeXml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** The card text as the pool keeps it. */
export function cardText(raw: string): string {
  return decodeXml(raw)
    .replace(/<\/?[bi]>/g, '')
    .replace(/[$#](\d)/g, '$1')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

export function readCardDefs(file: string): Map<string, CardDefsEntry> {
  const xml = readFileSync(file, 'utf8');
  const out = new Map<string, CardDefsEntry>();
  for (const [, id = '', body = ''] of xml.matchAll(/<Entity CardID="([^"]+)"[^>]*>([\s\S]*?)<\/Entity>/g)) {
    const ints: Record<string, number> = {};
    for (const [, name = '', value = ''] of body.matchAll(/<Tag enumID="\d+" name="([A-Z_]+)" type="Int" value="(-?\d+)"\s*\/>/g)) ints[name] = Number(value);
    const loc = (tag: string) => new RegExp(`<Tag enumID="\\d+" name="${tag}" type="LocString">[\\s\\S]*?<enUS>([\\s\\S]*?)</enUS>`).exec(body)?.[1] ?? '';
    out.set(id, { id, name: decodeXml(loc('CARDNAME')), text: cardText(loc('CARDTEXT_INHAND')), ints });
  }
  return out;
}

/** A collectible card a player can put in a deck and play (minion, spell or weapon). */
export function playable(e: CardDefsEntry): boolean {
  return e.ints.COLLECTIBLE === 1 && [4, 5, 7].includes(e.ints.CARDTYPE ?? -1);
}
