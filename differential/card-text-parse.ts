/**
 * Reading a card's text into sentences and effects (differential/card-text.ts applies them). Only the common text
 * shapes of the era are read; anything else is left unread (`effects: null`), never guessed.
 */

/** Whom an effect acts on, as the text names it. */
export type Who =
  | 'target' | 'it' | 'self' | 'your hero' | 'enemy hero' | 'each hero'
  | 'all enemies' | 'all enemy minions' | 'all enemy characters' | 'all minions' | 'all other minions'
  | 'all characters' | 'all other characters' | 'all friendly characters' | 'your minions' | 'your other minions'
  | 'all other enemies' | 'adjacent minions' | 'random friendly minion' | 'another random friendly minion' | 'random enemy minion'
  | 'all minions of the tribe' | 'all minions not of the tribe' | 'your characters' | 'all undamaged enemy minions';

/** What a targeted phrase requires of its target ("a friendly Beast", "a minion with 3 or less Attack"). */
export interface Cond { side?: 'friendly' | 'enemy'; tribe?: string; attackMax?: number; attackMin?: number; taunt?: boolean; damaged?: boolean; undamaged?: boolean; minion?: boolean; other?: boolean }

export type Effect =
  | { do: 'damage'; n: number; to: Who; cond?: Cond }
  | { do: 'heal'; n: number; to: Who; cond?: Cond }
  | { do: 'destroy'; to: Who; cond?: Cond }
  | { do: 'freeze'; to: Who; cond?: Cond }
  | { do: 'silence'; to: Who; cond?: Cond }
  | { do: 'buff'; attack: number; health: number; keywords: string[]; to: Who; cond?: Cond; thisTurn?: boolean }
  | { do: 'set'; attack?: 'double' | 'health' | number; health?: 'double' | 'attack' | number; to: Who; cond?: Cond }
  | { do: 'bounce'; to: Who; cond?: Cond }
  | { do: 'control'; to: Who; cond?: Cond }
  /** An effect on a weapon ("your weapon", "your opponent's weapon"): none is equipped in the set-up. */
  | { do: 'weapon'; whose: 'you' | 'opponent' }
  | { do: 'gain'; attack: number; health: number; keywords: string[] }
  | { do: 'draw'; n: number; who: 'you' | 'opponent' | 'each' }
  | { do: 'armor'; n: number }
  | { do: 'summon'; n: number; attack: number; health: number; name: string; keywords: string[]; forOpponent: boolean }
  | { do: 'overload'; n: number };

/** When a sentence acts. */
export type When =
  | 'play' | 'battlecry' | 'deathrattle' | 'combo' | 'end of your turn' | 'start of your turn' | 'end of each turn' | 'start of each turn'
  | 'secret' | 'enrage' | 'static' | 'damaged by this minion' | 'aura'
  /** "Whenever this minion takes damage, ...". */
  | 'this minion takes damage'
  /** A trigger on playing or casting a card, or on an attack: none happens once the card is in play here. */
  | 'on play or attack'
  /** A trigger on a summon, a death, a heal or damage: it acts only if such an event happens once the card is in play. */
  | 'on event';

export interface Sentence {
  raw: string;
  when: When;
  /** The effects, or null when no template reads the sentence. */
  effects: Effect[] | null;
  /** The template that read it (quoted in the case's assumptions). */
  template?: string;
  /** "If <cond>, <effects>": the condition as printed (lower case), and whether the effects replace the sentence before ("instead"). */
  cond?: string;
  instead?: boolean;
  /** The conditional effects are not read: only a condition that does not hold lets the sentence be read. */
  opaque?: boolean;
  /** A trigger on an event ('on event'): which kind of event sets it off. */
  event?: 'summon' | 'death' | 'heal' | 'damage';
}

export interface ReadText {
  /** Keywords the text prints (taunt, charge, divine_shield, stealth, windfury). */
  keywords: string[];
  sentences: Sentence[];
}

const NUM: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5 };
const num = (s: string): number => NUM[s.toLowerCase()] ?? Number(s);

const KEYWORD_WORDS: [RegExp, string][] = [
  [/^taunt/i, 'taunt'], [/^charge/i, 'charge'], [/^divine shield/i, 'divine_shield'], [/^stealth/i, 'stealth'], [/^windfury/i, 'windfury'],
];

/** A text as CardDefs prints it, without markup: "<b>Taunt</b>" → "Taunt", "$3" → "3". */
export function plainText(text: string): string {
  return text.replace(/<[^>]+>/g, '').replace(/[$#](\d)/g, '$1').replace(/’/g, "'").replace(/\s+/g, ' ').trim();
}

const TRIBES = 'beast|mech|murloc|demon|pirate|dragon|totem';

/** "a minion", "an enemy character", "a friendly Beast", "a damaged minion", "a minion with 3 or less Attack"... */
function targeted(phrase: string): Cond | null {
  const m = phrase.trim().match(new RegExp(`^(?:a|an) (damaged |undamaged )?(enemy |friendly )?(minion|character|${TRIBES})( with (\\d+) or less attack| with an attack of (\\d+) or more| with taunt| that has (\\d+) or less attack)?$`, 'i'));
  if (!m) return /^an enemy$/i.test(phrase.trim()) ? { side: 'enemy' } : null;
  const c: Cond = {};
  if (m[1]) c[m[1].trim().toLowerCase() as 'damaged' | 'undamaged'] = true;
  if (m[2]) c.side = m[2].trim().toLowerCase() as 'friendly' | 'enemy';
  const kind = m[3]!.toLowerCase();
  if (kind !== 'character') c.minion = true;
  if (kind !== 'minion' && kind !== 'character') c.tribe = kind;
  if (m[5] ?? m[7]) c.attackMax = Number(m[5] ?? m[7]);
  if (m[6]) c.attackMin = Number(m[6]);
  if (/taunt/i.test(m[4] ?? '')) c.taunt = true;
  return c;
}

const TARGET_PHRASES: [RegExp, Who][] = [
  [/^all other enemies$/i, 'all other enemies'],
  [/^all friendly minions$/i, 'your minions'],
  [/^your characters$/i, 'your characters'],
  [/^all undamaged enemy minions$/i, 'all undamaged enemy minions'],
  [new RegExp(`^all non-(?:${TRIBES}) minions$`, 'i'), 'all minions not of the tribe'],
  [/^adjacent minions$/i, 'adjacent minions'],
  [/^a random friendly minion$/i, 'random friendly minion'],
  [/^another random friendly minion$/i, 'another random friendly minion'],
  [/^a random enemy minion$/i, 'random enemy minion'],
  [new RegExp(`^(?:all other (?:${TRIBES})s|your (?:other )?(?:${TRIBES})s)$`, 'i'), 'all minions of the tribe'],
  [/^(?:it|them)$/i, 'it'],
  [/^(?:himself|this minion)$/i, 'self'],
  [/^your hero$/i, 'your hero'],
  [/^the enemy hero$/i, 'enemy hero'],
  [/^each hero$/i, 'each hero'],
  [/^all enemies$/i, 'all enemies'],
  [/^all enemy minions$/i, 'all enemy minions'],
  [/^all enemy characters$/i, 'all enemy characters'],
  [/^all minions$/i, 'all minions'],
  [/^all other minions$/i, 'all other minions'],
  [/^all characters$/i, 'all characters'],
  [/^all other characters$/i, 'all other characters'],
  [/^all friendly characters$/i, 'all friendly characters'],
  [/^your minions$/i, 'your minions'],
  [/^your other minions$/i, 'your other minions'],
];

/** A target phrase: whom, and what a chosen target must be. */
function who(phrase: string | undefined): { to: Who; cond?: Cond } | null {
  if (phrase === undefined) return { to: 'target' };
  for (const [re, w] of TARGET_PHRASES) {
    if (!re.test(phrase.trim())) continue;
    if (w === 'all minions not of the tribe') return { to: w, cond: { tribe: phrase.trim().toLowerCase().match(/^all non-(\w+)/)![1]! } };
    if (w !== 'all minions of the tribe') return { to: w };
    const words = phrase.trim().toLowerCase().split(' ');
    return { to: w, cond: { tribe: words[words.length - 1]!.replace(/s$/, ''), other: words.includes('other'), ...(words[0] === 'your' ? { side: 'friendly' as const } : {}) } };
  }
  const c = targeted(phrase);
  return c ? { to: 'target', cond: c } : null;
}

/** "+2/+2", "+3 Attack", "+2 Health", "Taunt", "Divine Shield", joined by "and" or commas. */
function buffParts(s: string): { attack: number; health: number; keywords: string[] } | null {
  let attack = 0;
  let health = 0;
  const keywords: string[] = [];
  for (const part of s.split(/\s*(?:,|\band\b)\s*/i).filter(Boolean)) {
    let m: RegExpMatchArray | null;
    if ((m = part.match(/^\+(\d+)\/\+(\d+)$/))) { attack += Number(m[1]); health += Number(m[2]); continue; }
    if ((m = part.match(/^\+(\d+) attack$/i))) { attack += Number(m[1]); continue; }
    if ((m = part.match(/^\+(\d+) health$/i))) { health += Number(m[1]); continue; }
    const k = KEYWORD_WORDS.find(([re]) => re.test(part) && part.length === part.match(re)![0].length);
    if (k) { keywords.push(k[1]); continue; }
    return null;
  }
  return { attack, health, keywords };
}

const BUFF = String.raw`(?:\+\d+\/\+\d+|\+\d+ (?:attack|health)|taunt|divine shield|windfury|stealth|charge)`;

/** One clause (a sentence is split at " and " where each side starts with a verb). */
function clause(s: string): Effect[] | null {
  let m: RegExpMatchArray | null;
  const w = (p: string | undefined) => who(p);
  if ((m = s.match(/^(?:give|destroy|remove \d+ durability from) (your|your opponent's) weapon(?: \+\d+(?:\/\+\d+| attack))?$/i))) return [{ do: 'weapon', whose: m[1]!.toLowerCase() === 'your' ? 'you' : 'opponent' }];
  if ((m = s.match(/^deal (\d+) damage to an enemy and (\d+) damage to all other enemies$/i))) return [{ do: 'damage', n: Number(m[1]), to: 'target', cond: { side: 'enemy' } }, { do: 'damage', n: Number(m[2]), to: 'all other enemies' }];
  if ((m = s.match(/^deal (\d+) damage to a minion and the enemy hero$/i))) return [{ do: 'damage', n: Number(m[1]), to: 'target', cond: { minion: true } }, { do: 'damage', n: Number(m[1]), to: 'enemy hero' }];
  if ((m = s.match(/^deal (\d+) damage(?: to (.+))?$/i))) { const t = w(m[2]); return t ? [{ do: 'damage', n: Number(m[1]), ...t }] : null; }
  if ((m = s.match(/^restore (\d+) health(?: to (.+))?$/i))) { const t = w(m[2]); return t ? [{ do: 'heal', n: Number(m[1]), ...t }] : null; }
  if ((m = s.match(/^restore (.+) to full health$/i))) { const t = w(m[1]); return t ? [{ do: 'heal', n: 1000, ...t }] : null; }
  if ((m = s.match(/^gain (\d+) armor$/i))) return [{ do: 'armor', n: Number(m[1]) }];
  // Mana for this turn only: the crystals refill at A's next turn, so the end state does not show it.
  if (/^gain (?:a|an|\d+) mana crystals? this turn only$/i.test(s)) return [{ do: 'overload', n: 0 }];
  if ((m = s.match(/^give your hero \+\d+ attack this turn and (\d+) armor$/i))) return [{ do: 'armor', n: Number(m[1]) }];
  if ((m = s.match(/^draw (a|\d+|two|three) cards?$/i))) return [{ do: 'draw', n: num(m[1]!), who: 'you' }];
  if ((m = s.match(/^your opponent draws (a|\d+|two|three) cards?$/i))) return [{ do: 'draw', n: num(m[1]!), who: 'opponent' }];
  if ((m = s.match(/^each player draws (a|\d+|two|three) cards?$/i))) return [{ do: 'draw', n: num(m[1]!), who: 'each' }];
  if ((m = s.match(/^destroy (.+)$/i))) { const t = w(m[1]); return t && t.to !== 'it' ? [{ do: 'destroy', ...t }] : null; }
  if ((m = s.match(/^freeze (.+)$/i))) { const t = w(m[1]); return t ? [{ do: 'freeze', ...t }] : null; }
  if ((m = s.match(/^silence (.+)$/i))) { const t = w(m[1]); return t ? [{ do: 'silence', ...t }] : null; }
  if ((m = s.match(/^return (.+?)(?: from the battlefield)? to (?:your|its owner's|your opponent's) hand$/i))) { const t = w(m[1]); return t ? [{ do: 'bounce', ...t }] : null; }
  if ((m = s.match(/^take control of (.+)$/i))) { const t = w(m[1]); return t ? [{ do: 'control', ...t }] : null; }
  if ((m = s.match(/^double (a minion)'s (attack|health)$/i))) { const t = w(m[1]); return t ? [{ do: 'set', [m[2]!.toLowerCase()]: 'double', ...t }] : null; }
  if ((m = s.match(/^change (a minion|an enemy minion)'s (attack|health) to (\d+)$/i))) { const t = w(m[1]); return t ? [{ do: 'set', [m[2]!.toLowerCase()]: Number(m[3]), ...t }] : null; }
  if ((m = s.match(/^change a minion's attack to be equal to its health$/i))) return [{ do: 'set', attack: 'health', to: 'target', cond: { minion: true } }];
  if ((m = s.match(/^(?:swap a minion's attack and health|swap the attack and health of a minion)$/i))) return [{ do: 'set', attack: 'health', health: 'attack', to: 'target', cond: { minion: true } }];
  if ((m = s.match(/^change the health of all minions to (\d+)$/i))) return [{ do: 'set', health: Number(m[1]), to: 'all minions' }];
  // "this turn" ends with A's turn; "until your next turn" with A's next turn start: both are gone in the end state.
  if ((m = s.match(new RegExp(`^give (.+?) (${BUFF}(?:(?:,| and) ${BUFF})*)( this turn| until your next turn)?$`, 'i')))) {
    const t = w(m[1]);
    const b = buffParts(m[2]!);
    return t && b ? [{ do: 'buff', ...b, ...t, ...(m[3] ? { thisTurn: true } : {}) }] : null;
  }
  if ((m = s.match(new RegExp(`^gain (${BUFF}(?:(?:,| and) ${BUFF})*)$`, 'i')))) { const b = buffParts(m[1]!); return b ? [{ do: 'gain', ...b }] : null; }
  if ((m = s.match(/^summon (a|an|one|two|three|\d+) (\d+)\/(\d+) ([A-Z][\w' ]*?)(?: with (taunt|charge|divine shield))?( for your opponent)?$/i))) {
    const k = m[5] ? KEYWORD_WORDS.find(([re]) => re.test(m![5]!))?.[1] : undefined;
    return [{ do: 'summon', n: num(m[1]!), attack: Number(m[2]), health: Number(m[3]), name: m[4]!.trim(), keywords: k ? [k] : [], forOpponent: !!m[6] }];
  }
  return null;
}

/** The conditions the conformance set-up settles (differential/card-text.ts `holds`). */
export const CONDITIONS = [
  /^you're holding a dragon$/, /^your hand is empty$/, /^your opponent has (\d+) or less health$/, /^you have (\d+) or less health$/,
  new RegExp(`^you have an? (${TRIBES})$`), /^your opponent has (\d+) or more minions$/, /^you control a secret at the end of your turn$/,
  /^it survives$/, /^that kills it$/, /^it was already frozen$/, /^the target is still damaged$/, /^it's a friendly demon$/,
];

/** "If <condition>, <effects>[ instead]." with a condition the set-up settles. */
function conditional(body: string): { cond: string; instead: boolean; effects: Effect[]; opaque?: boolean } | null {
  const m = body.replace(/\.$/, '').match(/^if ([^,]+), (.+?)( instead)?$/i);
  if (!m) return null;
  const cond = m[1]!.toLowerCase().replace(/’/g, "'");
  if (!CONDITIONS.some((re) => re.test(cond))) return null;
  const e = effects(m[2]!.replace(/^(deal \d+)$/i, '$1 damage'));
  // Effects no template reads: the sentence is still read when its condition does not hold (it does nothing).
  return e ? { cond, instead: !!m[3], effects: e } : { cond, instead: !!m[3], effects: [], opaque: true };
}

/** The effects of a sentence body, or null. "Deal 3 damage to a character and Freeze it." is two clauses. */
function effects(body: string): Effect[] | null {
  const s = body.replace(/\.$/, '').trim();
  const whole = clause(s);
  if (whole) return whole;
  const parts = s.split(/,? (?:and|then,?) (?=(?:deal|restore|gain|draw|destroy|freeze|silence|give|summon)\b)/i);
  if (parts.length < 2) return null;
  const out = parts.map(clause);
  return out.every((e): e is Effect[] => e !== null) ? out.flat() : null;
}

const PREFIXES: [RegExp, When][] = [
  [/^at the end of the turn, /i, 'end of your turn'],
  [/^at the start of each turn, /i, 'start of each turn'],
  [/^whenever this minion takes damage, /i, 'this minion takes damage'],
  [/^battlecry: /i, 'battlecry'], [/^deathrattle: /i, 'deathrattle'], [/^combo: /i, 'combo'], [/^secret: /i, 'secret'],
  [/^enrage: /i, 'enrage'], [/^at the end of your turn, /i, 'end of your turn'], [/^at the start of your turn, /i, 'start of your turn'],
  [/^at the end of each turn, /i, 'end of each turn'],
];

function sentence(raw: string): Sentence {
  for (const [re, when] of PREFIXES) {
    const m = raw.match(re);
    if (!m) continue;
    const body = raw.slice(m[0].length);
    // A Combo, a Secret or an Enrage is read only for when it does not act in the conformance set-up.
    if (when === 'combo' || when === 'secret' || when === 'enrage') return { raw, when, effects: [], template: `"${m[0].trim()}" (${when})` };
    const c = conditional(body);
    if (c) return { raw, when, ...c, template: `"${m[0].trim()} If ..., ${templateName(c.effects)}"` };
    const e = effects(body);
    return e ? { raw, when, effects: e, template: `"${m[0].trim()} ${templateName(e)}"` } : { raw, when, effects: null };
  }
  const c = conditional(raw);
  if (c) return { raw, when: /at the end of your turn$/.test(c.cond) ? 'end of your turn' : 'play', ...c, template: `"If ..., ${templateName(c.effects)}"` };
  if (/^destroy any minion damaged by this minion\.?$/i.test(raw)) return { raw, when: 'damaged by this minion', effects: [{ do: 'destroy', to: 'it' }], template: '"Destroy any minion damaged by this minion" (Poisonous-like)' };
  if (/^freeze any character damaged by this minion\.?$/i.test(raw)) return { raw, when: 'damaged by this minion', effects: [{ do: 'freeze', to: 'it' }], template: '"Freeze any character damaged by this minion"' };
  // A trigger on a card being played or cast, or on an attack: in the conformance set-up no card is played and nothing
  // attacks once this card is in play (a card does not see its own play), so it does not act.
  if (/^(?:whenever|after) (?:you|your opponent|a player|an enemy|a friendly|your hero|it|this minion|a character|a minion|an enemy minion|your minions?)\b[^,]*\b(?:casts?|plays?|attacks?|target|played)\b/i.test(raw) || /^whenever a secret is played/i.test(raw)) return { raw, when: 'on play or attack', effects: [], template: '"Whenever/After ... plays, casts or attacks ..." (nothing is played or attacks once it is in play)' };
  const trig = raw.match(/^(?:whenever|after) ([^,]+), /i);
  if (trig) {
    const on = trig[1]!.toLowerCase();
    const event = /\bsummon(?:s|ed)?\b/.test(on) ? 'summon' : /\bdies\b/.test(on) ? 'death' : /\bhealed\b/.test(on) ? 'heal' : /\b(?:takes|survives|deals) damage\b/.test(on) ? 'damage' : null;
    if (event) return { raw, when: 'on event', effects: [], event, template: `"Whenever/After ... (${event}) ..." (no ${event} happens once it is in play)` };
  }
  if (/^(?:costs|this costs) \(\d+\) (?:less|more)\b/i.test(raw)) return { raw, when: 'static', effects: [], template: '"Costs (N) less/more ..." (its cost is paid from 10 mana; the mana refills)' };
  // A cost aura or a targeting restriction on others: no card's cost or targeting is stated in the set-up's outcome.
  if (/^(?:your|all) (?:other )?(?:minions|spells|mechs|murlocs|beasts|demons) cost \(\d+\) (?:less|more)|^minions with battlecry cost \(\d+\)|^adjacent minions can't be targeted by spells or hero powers\.?$/i.test(raw)) return { raw, when: 'static', effects: [], template: '"... cost (N) less/more" or "... can\'t be targeted" (no cost or targeting is stated here)' };
  if (/^50% chance to attack the wrong enemy\.?$/i.test(raw)) return { raw, when: 'static', effects: [], template: '"50% chance to attack the wrong enemy" (it does not attack here)' };
  if (/^can't be targeted by spells or hero powers\.?$/i.test(raw)) return { raw, when: 'static', effects: [], template: '"Can\'t be targeted by spells or Hero Powers" (nothing targets it here)' };
  const aura = raw.match(new RegExp(`^(your other minions|adjacent minions|all other (?:${TRIBES})s|your other (?:${TRIBES})s|your (?:${TRIBES})s) have (${BUFF}(?:(?:,| and) ${BUFF})*)\\.?$`, 'i'));
  if (aura) {
    const t = who(aura[1]);
    const b = buffParts(aura[2]!);
    if (t && b) return { raw, when: 'aura', effects: [{ do: 'buff', ...b, ...t }], template: `"${aura[1]} have +N/+N or keywords" (an aura)` };
  }
  if (/^spell damage \+\d+\.?$/i.test(raw)) return { raw, when: 'static', effects: [], template: '"Spell Damage +N" (no spell is cast in the set-up)' };
  if (/^can't attack\.?$/i.test(raw)) return { raw, when: 'static', effects: [], template: '"Can\'t Attack" (no attack in the set-up)' };
  const e = effects(raw);
  return e ? { raw, when: 'play', effects: e, template: `"${templateName(e)}"` } : { raw, when: 'play', effects: null };
}

function templateName(es: Effect[]): string {
  return es.map((e) => {
    switch (e.do) {
      case 'damage': return `Deal N damage${e.to === 'target' ? '' : ` to ${e.to}`}`;
      case 'heal': return `Restore N Health${e.to === 'target' ? '' : ` to ${e.to}`}`;
      case 'buff': return `Give ${e.to} +N/+N or keywords`;
      case 'gain': return 'Gain +N/+N';
      case 'draw': return e.who === 'you' ? 'Draw N cards' : `${e.who} draws N cards`;
      case 'armor': return 'Gain N Armor';
      case 'summon': return `Summon N X/Y ${e.forOpponent ? 'for your opponent' : ''}`.trim();
      case 'overload': return e.n ? 'Overload: (N)' : 'Gain N Mana Crystals this turn only';
      case 'weapon': return `(an effect on ${e.whose === 'you' ? 'your' : 'your opponent\'s'} weapon: none is equipped)`;
      default: return `${e.do[0]!.toUpperCase()}${e.do.slice(1)} ${e.to}`;
    }
  }).join(' and ');
}

/** Cut a card's text into its printed keywords and its sentences. */
export function readText(text: string, choose?: number): ReadText {
  // Reminder text in parentheses ("(+4 Attack/+4 Health)") restates the text; "(2)" of a cost or Overload stays.
  let s = plainText(text).replace(/\s*\((?=[^)]*[A-Za-z])[^)]*\)/g, '');
  const option = s.match(/^(.*?)choose one - (.+?)(?:\.)?$/i);
  if (option) {
    if (!choose) return { keywords: [], sentences: [{ raw: s, when: 'play', effects: null }] };
    const opts = option[2]!.split(/; or /i);
    const o = opts[choose - 1];
    if (!o || opts.length !== 2) return { keywords: [], sentences: [{ raw: s, when: 'play', effects: null }] };
    // An option speaks in the card's voice: "+5 Attack" (the minion gains it), "1 damage and draw a card" (deals it).
    const full = /^\+|^(?:taunt|charge)/i.test(o) ? `Gain ${o}` : /^\d+ damage/i.test(o) ? `Deal ${o}` : o;
    s = `${option[1]}${option[1]!.trim() && !/[.,]\s*$/.test(option[1]!) ? ' ' : ''}${full.replace(/^([a-z])/, (c) => c.toUpperCase())}.`;
  }
  const keywords: string[] = [];
  const sentences: Sentence[] = [];
  for (;;) {
    s = s.replace(/^[,.\s]+/, '');
    const over = s.match(/^overload: \((\d+)\)\.?\s*/i);
    if (over) { sentences.push({ raw: over[0].trim(), when: 'static', effects: [{ do: 'overload', n: Number(over[1]) }], template: '"Overload: (N)"' }); s = s.slice(over[0].length); continue; }
    const sd = s.match(/^spell damage \+\d+/i);
    if (sd) { sentences.push(sentence(sd[0])); s = s.slice(sd[0].length); continue; }
    const k = KEYWORD_WORDS.find(([re]) => re.test(s) && /^[A-Za-z ]+?(?=[,.]|\s|$)/.test(s) && /^(\s|[,.]|$)/.test(s.slice(s.match(re)![0].length)));
    if (!k) break;
    keywords.push(k[1]);
    s = s.slice(s.match(k[0])![0].length);
  }
  // "Overload: (N)" may also end a text without a full stop before it.
  const tail = s.match(/\s*overload: \((\d+)\)\.?$/i);
  if (tail) { s = s.slice(0, tail.index); }
  for (const raw of s.split(/(?<=\.)\s+/).map((x) => x.trim()).filter(Boolean)) sentences.push(sentence(raw));
  if (tail) sentences.push({ raw: tail[0].trim(), when: 'static', effects: [{ do: 'overload', n: Number(tail[1]) }], template: '"Overload: (N)"' });
  return { keywords, sentences };
}
