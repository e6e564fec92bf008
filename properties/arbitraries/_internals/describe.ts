/** A one-line text for a synthetic card, so a written repro can be read without decoding its JSON. */
import type { CardDef } from '../../../engine/cards/format.js';

export function describeCard(c: CardDef): string {
  const bits: string[] = [];
  for (const t of c.triggers ?? []) bits.push(`on ${t.when.on}: ${t.actions.map((a) => a.do).join('+')} (${t.class}${t.priority ? `, ${t.priority}` : ''})`);
  if (c.battlecry) bits.push(`battlecry: ${c.battlecry.actions.map((a) => a.do).join('+')} (${c.battlecry.class})`);
  if (c.deathrattle) bits.push(`deathrattle: ${c.deathrattle.actions.map((a) => a.do).join('+')} (${c.deathrattle.class})`);
  if (c.spell) bits.push(`${c.spell.actions.map((a) => a.do).join('+')} (${c.spell.class})`);
  for (const a of c.auras ?? []) bits.push(`aura ${a.mods.attack ?? 0}/${a.mods.health ?? 0} to ${a.selector.select}`);
  if (c.mods) bits.push(`+${c.mods.attack ?? 0}/+${c.mods.health ?? 0}`);
  return `Synthetic. ${bits.join('; ') || 'vanilla'}.`;
}
