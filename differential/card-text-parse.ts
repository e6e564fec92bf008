/**
 * Reading a card's text into sentences and effects (differential/card-text.ts applies them). Only the common text
 * shapes of the era are read; anything else is left unread (`effects: null`), never guessed.
 */

/** Whom an effect acts on, as the text names it. */
export type Who =
  | 'target' | 'it' | 'self' | 'your hero' | 'enemy hero' | 'each hero'
  | 'all enemies' | 'all enemy minions' | 'all enemy characters' | 'all minions' | 'all other minions'
  | 'all characters' | 'all other characters' | 'all friendly characters' | 'your minions' | 'your other minions';

export type Effect =
  | { do: 'damage'; n: number; to: Who }
  | { do: 'heal'; n: number; to: Who }
  | { do: 'destroy'; to: Who }
  | { do: 'freeze'; to: Who }
  | { do: 'silence'; to: Who }
  | { do: 'buff'; attack: number; health: number; keywords: string[]; to: Who }
  | { do: 'gain'; attack: number; health: number }
  | { do: 'draw'; n: number; who: 'you' | 'opponent' | 'each' }
  | { do: 'armor'; n: number }
  | { do: 'summon'; n: number; attack: number; health: number; name: string; keywords: string[]; forOpponent: boolean }
  | { do: 'overload'; n: number };

/** When a sentence acts. */
export type When =
  | 'play' | 'battlecry' | 'deathrattle' | 'combo' | 'end of your turn' | 'start of your turn' | 'end of each turn'
  | 'secret' | 'enrage' | 'static' | 'damaged by this minion';

export interface Sentence {
  raw: string;
  when: When;
  /** The effects, or null when no template reads the sentence. */
  effects: Effect[] | null;
  /** The template that read it (quoted in the case's assumptions). */
  template?: string;
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

const TARGET_PHRASES: [RegExp, Who][] = [
  [/^(?:a|an) (?:damaged |undamaged )?(?:enemy |friendly )?(?:minion|character)$/i, 'target'],
  [/^an enemy$/i, 'target'],
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

function who(phrase: string | undefined, targeted: Who = 'target'): Who | null {
  if (phrase === undefined) return targeted;
  for (const [re, w] of TARGET_PHRASES) if (re.test(phrase.trim())) return w;
  return null;
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

/** One clause (a sentence is split at " and " where each side starts with a verb). */
function clause(s: string): Effect | null {
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^deal (\d+) damage(?: to (.+))?$/i))) { const to = who(m[2]); return to ? { do: 'damage', n: Number(m[1]), to } : null; }
  if ((m = s.match(/^restore (\d+) health(?: to (.+))?$/i))) { const to = who(m[2]); return to ? { do: 'heal', n: Number(m[1]), to } : null; }
  if ((m = s.match(/^gain (\d+) armor$/i))) return { do: 'armor', n: Number(m[1]) };
  if ((m = s.match(/^draw (a|\d+|two|three) cards?$/i))) return { do: 'draw', n: num(m[1]!), who: 'you' };
  if ((m = s.match(/^your opponent draws (a|\d+|two|three) cards?$/i))) return { do: 'draw', n: num(m[1]!), who: 'opponent' };
  if ((m = s.match(/^each player draws (a|\d+|two|three) cards?$/i))) return { do: 'draw', n: num(m[1]!), who: 'each' };
  if ((m = s.match(/^destroy (.+)$/i))) { const to = who(m[1]); return to && to !== 'it' ? { do: 'destroy', to } : null; }
  if ((m = s.match(/^freeze (.+)$/i))) { const to = who(m[1]); return to ? { do: 'freeze', to } : null; }
  if ((m = s.match(/^silence (.+)$/i))) { const to = who(m[1]); return to ? { do: 'silence', to } : null; }
  if ((m = s.match(/^give (.+?) ((?:\+\d+\/\+\d+|\+\d+ (?:attack|health)|taunt|divine shield|windfury|stealth|charge)(?:(?:,| and) (?:\+\d+\/\+\d+|\+\d+ (?:attack|health)|taunt|divine shield|windfury|stealth|charge))*)$/i))) {
    const to = who(m[1]);
    const b = buffParts(m[2]!);
    return to && b ? { do: 'buff', ...b, to } : null;
  }
  if ((m = s.match(/^gain (\+\d+\/\+\d+|\+\d+ attack|\+\d+ health)$/i))) { const b = buffParts(m[1]!); return b ? { do: 'gain', attack: b.attack, health: b.health } : null; }
  if ((m = s.match(/^summon (a|an|one|two|three|\d+) (\d+)\/(\d+) ([A-Z][\w' ]*?)(?: with (taunt|charge|divine shield))?( for your opponent)?$/i))) {
    const k = m[5] ? KEYWORD_WORDS.find(([re]) => re.test(m![5]!))?.[1] : undefined;
    return { do: 'summon', n: num(m[1]!), attack: Number(m[2]), health: Number(m[3]), name: m[4]!.trim(), keywords: k ? [k] : [], forOpponent: !!m[6] };
  }
  return null;
}

/** The effects of a sentence body, or null. "Deal 3 damage to a character and Freeze it." is two clauses. */
function effects(body: string): Effect[] | null {
  const s = body.replace(/\.$/, '').trim();
  const whole = clause(s);
  if (whole) return [whole];
  const parts = s.split(/ and (?=(?:deal|restore|gain|draw|destroy|freeze|silence|give|summon)\b)/i);
  if (parts.length < 2) return null;
  const out = parts.map(clause);
  return out.every((e): e is Effect => e !== null) ? out : null;
}

const PREFIXES: [RegExp, When][] = [
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
    const e = effects(body);
    return e ? { raw, when, effects: e, template: `"${m[0].trim()} ${templateName(e)}"` } : { raw, when, effects: null };
  }
  if (/^destroy any minion damaged by this minion\.?$/i.test(raw)) return { raw, when: 'damaged by this minion', effects: [{ do: 'destroy', to: 'it' }], template: '"Destroy any minion damaged by this minion" (Poisonous-like)' };
  if (/^freeze any character damaged by this minion\.?$/i.test(raw)) return { raw, when: 'damaged by this minion', effects: [{ do: 'freeze', to: 'it' }], template: '"Freeze any character damaged by this minion"' };
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
      case 'overload': return 'Overload: (N)';
      default: return `${e.do[0]!.toUpperCase()}${e.do.slice(1)} ${e.to}`;
    }
  }).join(' and ');
}

/** Cut a card's text into its printed keywords and its sentences. */
export function readText(text: string): ReadText {
  let s = plainText(text);
  const keywords: string[] = [];
  const sentences: Sentence[] = [];
  for (;;) {
    s = s.replace(/^[,.]\s*/, '');
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
