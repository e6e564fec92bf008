/**
 * Attribution: the rule a divergence breaks is the rule that governs the reference engine's step at the **first**
 * divergence, not every rule the case cites. With a simulator trace (fidelity events/phases) the first differing
 * event is found and placed in the reference trace's structure (its Sequence, Phase, Step, trigger and queue); with a
 * final state only, the diverging value is traced back to the reference record that produced it. The rule ids are
 * the catalog's (spec/rules.json); the case's own rules stay as context.
 */
import type { Fidelity, OpenRecord, TraceRecord } from '../engine/trace/format.js';
import { signedEvents, type Divergence } from './compare.js';
import type { SkippedStep } from './boundary.js';

/** The rule id of a divergence whose first step cannot be located (a final state that no rule break explains). */
export const UNATTRIBUTED = 'unattributed';

export interface Attribution {
  /** The rule that governs the step where the simulator first differs. */
  rule: string;
  /** The divergence it was read from ("events[4]", "final.players.B.board"). */
  at: string;
  /** What the reference engine does at that point, in words. */
  step: string;
  /**
   * 'invariant': the simulator's own trace breaks a rule at or before its first differing event; 'events': from the
   * first differing event; 'mutant': a final state that the reference engine gives exactly when that rule is broken
   * (a final state shows no first event); 'step': a final state that is the reference engine's just before one of its
   * Steps, which the simulator left undone (differential/boundary.ts); 'action': a final state that shows the case's
   * first Player Action not taken (differential/verdict.ts actionNotTaken), or a CRASH at a Player Action the rules
   * allow that no mutant refuses too (differential/verdict.ts refusalDiagnosis: a CRASH whose action a mutant refuses
   * has basis 'mutant'); 'final': from the reference record that produced the diverging value.
   */
  basis: 'invariant' | 'events' | 'mutant' | 'step' | 'action' | 'final';
  /** Index of the simulator's trace record where it first differs (event attribution). */
  simAt?: number;
  /**
   * Basis 'mutant': every rule break that explains the simulator's answer as well as the one named (when there are
   * several); the run settles between them by the cases the simulator passed (differential/consistency.ts).
   */
  candidates?: { rule: string; mutant: string }[];
  /**
   * Basis 'mutant' from a rule break that gives only some of the simulator's differing values (the rest differs
   * otherwise): weaker evidence than a rule break that gives its whole answer.
   */
  partial?: boolean;
  /** Basis 'mutant': the mutants of the reference engine it rests on. */
  mutants?: string[];
  /**
   * The number of the case's actions after which the simulator's final state first differs, read from its prefix
   * probes (differential/locate.ts): set on a FAIL whose first divergence no rule named otherwise.
   */
  located?: number;
}

/** A trace with, for each record, the blocks that enclose it (outermost first) and entity names. */
class Indexed {
  readonly blocks: OpenRecord[][] = [];
  readonly names = new Map<number, string>();
  readonly cards = new Map<number, string>();
  constructor(readonly trace: readonly TraceRecord[]) {
    const stack: OpenRecord[] = [];
    const open = new Map<number, OpenRecord>();
    for (const r of trace) {
      if (r.t === 'close') {
        const k = stack.findIndex((b) => b.id === r.id);
        if (k >= 0) stack.length = k;
        open.delete(r.id);
      }
      this.blocks.push([...stack]);
      if (r.t === 'open') { stack.push(r); open.set(r.id, r); }
      if (r.t === 'entity') { this.names.set(r.id, r.label ? `${r.name} (${r.label})` : r.name); this.cards.set(r.id, r.card); }
    }
  }

  event(k: number): Record<string, unknown> & { e: string } {
    return this.trace[k] as unknown as Record<string, unknown> & { e: string };
  }

  name(id: unknown): string {
    return typeof id === 'number' ? this.names.get(id) ?? `#${id}` : String(id);
  }

  /** The innermost enclosing block of a kind (phase, step, trigger, sequence). */
  inner(k: number, block: OpenRecord['block']): OpenRecord | undefined {
    const b = this.blocks[k] ?? [];
    for (let i = b.length - 1; i >= 0; i--) if (b[i]!.block === block) return b[i];
    return undefined;
  }

  /** The queue record a trigger block resolves. */
  queueOf(t: OpenRecord): { rule: string } | undefined {
    if (t.queue === undefined) return undefined;
    const q = this.trace.find((r) => r.t === 'queue' && r.id === t.queue);
    return q && q.t === 'queue' ? q : undefined;
  }

  where(k: number): string {
    const parts = (this.blocks[k] ?? []).filter((b) => b.block !== 'trigger').map((b) => `${b.block === 'step' ? 'Step' : b.block === 'phase' ? 'Phase' : 'Sequence'} ${b.kind}`);
    const t = this.inner(k, 'trigger');
    if (t) parts.push(`${t.kind === 'deathrattle' ? 'Deathrattle' : 'trigger'} of ${this.name(t.subject)}`);
    return parts.length ? parts.join(' > ') : 'outside any Sequence';
  }

  describe(k: number): string {
    const r = this.event(k);
    const who = (f: string) => (typeof r[f] === 'number' ? this.name(r[f]) : undefined);
    const bits = [r.e, who('source') && `by ${who('source')}`, who('target') && `to ${who('target')}`, who('entity') && `of ${who('entity')}`, typeof r.amount === 'number' ? `(${String(r.amount)})` : undefined];
    return `${bits.filter(Boolean).join(' ')} in ${this.where(k)}`;
  }
}

/** Health of an entity just before record k, from the reference trace's own records (stats and damage/heal). */
function healthBefore(ix: Indexed, id: number, k: number): number | undefined {
  let h: number | undefined;
  for (let i = 0; i < k; i++) {
    const r = ix.trace[i]!;
    if (r.t !== 'event') continue;
    if (r.e === 'stats' && r.entity === id) h = r.health;
    else if ((r.e === 'damage' || r.e === 'heal') && r.target === id && r.health !== undefined) h = r.health;
  }
  return h;
}

function markedBefore(ix: Indexed, id: number, k: number): boolean {
  for (let i = 0; i < k; i++) {
    const r = ix.trace[i]!;
    if (r.t === 'event' && r.e === 'destroy_mark' && r.target === id) return true;
  }
  return false;
}

/** The rule governing reference record k in its place: the record's own rule, else its trigger, step or Phase. */
function ruleOf(ix: Indexed, k: number): string {
  const r = ix.event(k);
  const step = ix.inner(k, 'step');
  const trig = ix.inner(k, 'trigger');
  if (r.e === 'death') return step?.kind === 'DEATH_CREATION' ? '3' : String(r.rule ?? '3');
  if (r.e === 'game_check') return String(r.rule ?? '9');
  if (typeof r.rule === 'string' && r.rule !== '4a') return r.rule;
  if (r.e === 'burn') return 'hand-limit';
  if (r.e === 'divine_shield_pop') return 'divine-shield';
  if (r.e === 'freeze') return 'freeze';
  if (r.e === 'silence') return 'silence';
  if (r.e === 'armor') return 'armor';
  if (r.e === 'fatigue' || (r.e === 'damage' && ix.inner(k, 'phase')?.kind === 'FATIGUE')) return 'fatigue';
  if (r.e === 'stats' && r.why === 'weapon-wear') return 'weapon-wear';
  if (step && step.kind.startsWith('AURA_UPDATE')) return '4a';
  if (step?.kind === 'DEATH_CREATION') return '4a';
  if (trig && trig.kind !== 'deathrattle' && changedSides(ix, trig, k)) return '10-controller';
  if (trig) return trig.kind === 'deathrattle' ? '7' : (ix.queueOf(trig)?.rule ?? '2a');
  const seq = ix.inner(k, 'sequence');
  if (seq?.kind === 'SUMMON') return 'summon-sequence';
  return 'sequence';
}

/**
 * A trigger whose minion, or the subject of the event it answers, changed sides earlier in the trace: whose trigger
 * it is ("your", "friendly") is read from the current controller (Rule 10-controller), so that is what governs it.
 */
function changedSides(ix: Indexed, trig: OpenRecord, k: number): boolean {
  const q = ix.queueOf(trig) as { events?: { subject?: number }[] } | undefined;
  const ids = new Set<number>([...(trig.subject !== undefined ? [trig.subject] : []), ...(q?.events ?? []).flatMap((e) => (e.subject !== undefined ? [e.subject] : []))]);
  for (let i = 0; i < k; i++) {
    const r = ix.trace[i]!;
    if (r.t === 'event' && r.e === 'control' && ids.has(r.entity)) return true;
  }
  return false;
}

const core = (sig: string | undefined) => sig?.replace(/ in=\S*$/, '');

/** Attribute the first event divergence between a reference trace and a simulator trace. */
export function attributeEvents(ref: readonly TraceRecord[], sim: readonly TraceRecord[], fidelity: Fidelity): Attribution | null {
  const R = signedEvents(ref, fidelity);
  const S = signedEvents(sim, fidelity);
  const n = Math.max(R.sig.length, S.sig.length);
  let i = 0;
  while (i < n && R.sig[i] === S.sig[i]) i++;
  if (i === n) return null;
  const ix = new Indexed(ref);
  const sx = new Indexed(sim);
  const at = `events[${i}]`;
  const e = R.sig[i];
  const s = S.sig[i];
  const refAt = (j: number) => R.at[j]!;
  const out = (k: number, rule: string, what: string): Attribution => ({ rule, at, step: `${what}: the reference engine has ${ix.describe(k)}`, basis: 'events', ...(S.at[i] !== undefined ? { simAt: S.at[i] } : { simAt: sim.length }) });

  // The same event in another Phase: when it happens is what breaks.
  if (e && s && core(e) === core(s)) return out(refAt(i), ruleOf(ix, refAt(i)), 'the same event in another Phase');
  const eLater = e !== undefined ? S.sig.slice(i + 1).map(core).indexOf(core(e)) : -1;
  const sLater = s !== undefined ? R.sig.slice(i + 1).map(core).indexOf(core(s)) : -1;
  const sEvent = s !== undefined ? sx.event(S.at[i]!) : undefined;
  const eEvent = e !== undefined ? ix.event(refAt(i)) : undefined;
  // A Player Action Sequence the simulator never opened, or a weapon it never wore out: what the reference engine does
  // because of them is missing.
  const missing = e !== undefined ? missingActionSequence(ix, sx, refAt(i)) : null;
  if (missing) return out(refAt(i), 'sequence', missing);
  const phase = e !== undefined ? missingPhase(ix, sx, refAt(i)) : null;
  if (phase) return out(refAt(i), phase.rule, phase.step);
  const worn = eEvent?.e === 'death' ? wornOut(ix, sx, refAt(i)) : -1;
  if (worn >= 0) return out(worn, 'weapon-wear', 'the simulator keeps the weapon, whose Durability the reference engine spends to 0');
  // A weapon the simulator wears out (its trace states the wear) and destroys, which the reference engine keeps: its
  // Durability was spent otherwise. (One a Battlecry destroys, without a wear, is left to the rules below.)
  if (sEvent?.e === 'death' && sLater < 0 && isWeapon(sx, sEvent.entity) && wornBefore(sx, sEvent.entity as number, S.at[i]!)) {
    const step = `${sx.describe(S.at[i]!)}: the reference engine keeps that weapon (its Durability is not spent to 0)`;
    return { ...out(e !== undefined ? refAt(i) : ref.length - 1, 'weapon-wear', step), step };
  }
  // The same damage or healing by a spell or a Hero Power, with another amount: what adds to a spell's number differs.
  const amounts = sEvent && eEvent ? otherAmount(ix, sx, refAt(i), S.at[i]!) : null;
  if (amounts) return out(refAt(i), amounts.rule, amounts.step);

  const isHero = (x: Indexed, id: unknown) => typeof id === 'number' && x.trace.some((r) => r.t === 'entity' && r.id === id && r.type === 'hero');
  // A hero that dies at another time than in the reference: the game's end is decided when the Sequence ends (Rule 9).
  if ((sEvent?.e === 'death' && isHero(sx, sEvent.entity)) || (eEvent?.e === 'death' && isHero(ix, eEvent.entity) && (s === undefined || eLater >= 0 || core(e) === core(s)))) {
    return out(e !== undefined ? refAt(i) : ref.length - 1, '9', 'a hero dies at another time');
  }
  // The simulator ends while the reference engine goes on, after a hero died in the simulator: the game ended at once.
  if (s === undefined && S.at.some((k) => { const r = sx.event(k); return r.e === 'death' && isHero(sx, r.entity); })) {
    return out(refAt(i), '9', 'the simulator ends the game before this event');
  }
  // The simulator removes a character that is mortally wounded in the reference engine at that point, in the middle of
  // a Phase: deaths are created only after the outermost Phase (Rule 3).
  if (sEvent?.e === 'death' && sLater < 0) {
    const id = refIdFor(ix, sx, sEvent.entity as number);
    const k = e !== undefined ? refAt(i) : ref.length;
    if (id !== undefined && (markedBefore(ix, id, k) || (healthBefore(ix, id, k) ?? 1) <= 0)) return out(Math.min(k, ref.length - 1), '3', `${sx.describe(S.at[i]!)} while the reference engine keeps it until the Death Creation Step`);
  }
  // The simulator's own trace shows the death inside a Phase, outside any Death Creation Step (Rule 3).
  if (sEvent?.e === 'death' && sx.inner(S.at[i]!, 'phase') && sx.inner(S.at[i]!, 'step')?.kind !== 'DEATH_CREATION') {
    return out(e !== undefined ? refAt(i) : ref.length - 1, '3', `${sx.describe(S.at[i]!)}: a death in the middle of a Phase`);
  }
  // Two deaths of one Death Creation Step in another order: deaths follow the order of play (Rule 7).
  if (sEvent?.e === 'death' && eEvent?.e === 'death' && sLater >= 0 && ix.inner(refAt(i), 'step') === ix.inner(refAt(i + 1 + sLater), 'step') && ix.inner(refAt(i), 'step')) {
    return out(refAt(i), '7', `${sx.describe(S.at[i]!)} comes before the death of ${ix.name(eEvent.entity)}, against the order of play`);
  }
  // A death the simulator creates before the reference does: a minion died in the middle of a Phase (Rule 3).
  if (sEvent?.e === 'death' && sLater >= 0) return out(refAt(i + 1 + sLater), '3', `${sx.describe(S.at[i]!)} comes early`);
  // The reference removes a dead minion where the simulator does something else first.
  if (eEvent?.e === 'death' && eLater >= 0) return out(refAt(i), ruleOf(ix, refAt(i)) === '3' ? '4a' : ruleOf(ix, refAt(i)), `the simulator delays this death`);
  // A trigger aimed at a character that is mortally wounded or pending destroy at that point (Rule 5).
  if (sEvent && typeof sEvent.target === 'number' && (sEvent.e === 'damage' || sEvent.e === 'heal')) {
    const refTarget = refIdFor(ix, sx, sEvent.target);
    const k = e !== undefined ? refAt(i) : ref.length;
    if (refTarget !== undefined && (markedBefore(ix, refTarget, k) || (healthBefore(ix, refTarget, k) ?? 1) <= 0)) {
      const trig = sx.inner(S.at[i]!, 'trigger');
      if (trig && trig.class === 'negative') return out(Math.min(k, ref.length - 1), '5', `${sx.describe(S.at[i]!)} hits a mortally wounded character`);
    }
  }
  // Right after an action the reference engine refused (Rule legality), the simulator does something: it took the
  // action.
  if (s !== undefined) {
    const from = i > 0 ? refAt(i - 1) + 1 : 0;
    const to = e !== undefined ? refAt(i) : ref.length;
    for (let k = from; k < to; k++) {
      const r = ref[k]!;
      if (r.t === 'event' && r.e === 'refused') return out(k, r.rule ?? 'legality', `${sx.describe(S.at[i]!)} follows action #${r.action} of the case, which the reference engine refuses (${r.reason})`);
    }
  }
  // A hit the reference engine's Divine Shield stops (its pop is no compared event): the simulator deals it anyway
  // (rule divine-shield).
  if (sEvent?.e === 'damage' && core(e) !== core(s)) {
    const refTarget = refIdFor(ix, sx, sEvent.target as number);
    const to = e !== undefined ? refAt(i) : ref.length;
    for (let k = i > 0 ? refAt(i - 1) + 1 : 0; k < to; k++) {
      const r = ref[k]!;
      if (r.t === 'event' && r.e === 'divine_shield_pop' && r.target === refTarget) return out(k, 'divine-shield', `${sx.describe(S.at[i]!)} comes through the Divine Shield the reference engine pops`);
    }
  }
  // The simulator does something the reference engine skipped or aborted: the rule of the skip.
  if (s !== undefined && sLater < 0) {
    const from = i > 0 ? refAt(i - 1) : 0;
    const to = e !== undefined ? refAt(i) : ref.length;
    for (let k = from; k < to; k++) {
      const r = ref[k]!;
      if (r.t === 'event' && (r.e === 'phase_skipped' || r.e === 'trigger_abort') && r.rule) return out(k, r.rule, `${sx.describe(S.at[i]!)} happens where the reference engine skips it`);
    }
  }
  // An event of the simulator that the reference has later: the simulator ran it too early; the rule of its place.
  if (sLater >= 0) {
    const k = refAt(i + 1 + sLater);
    return out(k, ruleOf(ix, k), `${sx.describe(S.at[i]!)} comes early`);
  }
  if (eEvent !== undefined) return out(refAt(i), ruleOf(ix, refAt(i)), s === undefined ? 'the simulator stops before this event' : eLater >= 0 ? `the simulator has ${sx.describe(S.at[i]!)} first` : `the simulator has ${sx.describe(S.at[i]!)} instead`);
  // The simulator goes on after the reference engine's last event.
  return { rule: sEvent ? ruleOf(sx, S.at[i]!) : 'sequence', at, step: `the simulator goes on with ${sx.describe(S.at[i]!)} after the reference engine's last event`, basis: 'events', simAt: S.at[i]! };
}

/**
 * What an attack cannot change in a final state: a player's mana and crystals (what it sets off may draw, return a
 * minion to a hand or use up a Secret).
 */
const NOT_BY_ATTACK = /\.(mana|maxMana)$/;

/**
 * Could the action the reference engine refused at record k have changed the final state's `path`, had the simulator
 * taken it? An attack changes no player's mana or crystals; anything else may change anything.
 */
function couldChange(ref: readonly TraceRecord[], k: number, path: string, direct = false): boolean {
  const r = ref[k] as { action?: number };
  const act = ref.find((x) => x.t === 'event' && x.e === 'action' && x.action === r.action) as { kind?: string } | undefined;
  if (act?.kind !== 'attack') return true;
  // `direct`: what an attack itself changes (Health, Armor, boards, weapons), not what it may set off
  return direct ? BY_ATTACK.test(path) : !NOT_BY_ATTACK.test(path);
}

/** What an attack itself changes in a final state. */
const BY_ATTACK = /\.(hero\.health|hero\.armor|board(\[\d+\]\.\w+|\.order)?|weapon)$/;

/** Does trace x state a wear of weapon `id` (a `weapon-wear` stats record, or one at 0 Durability) before record k? */
function wornBefore(x: Indexed, id: number, k: number): boolean {
  for (let j = 0; j < k; j++) {
    const r = x.trace[j]!;
    if (r.t === 'event' && r.e === 'stats' && r.entity === id && (r.why === 'weapon-wear' || r.health <= 0)) return true;
  }
  return false;
}

function isWeapon(x: Indexed, id: unknown): boolean {
  return typeof id === 'number' && x.trace.some((r) => r.t === 'entity' && r.id === id && r.type === 'weapon');
}

/**
 * Reference record k and simulator record j: the same damage or healing (kind, source and target) by a spell or a
 * Hero Power with another amount. The reference record's own rule when it names one (Armor took some, Spell Damage
 * added some); else Spell Damage (it adds to a player's spells' damage only: rule spell-damage) when either trace shows
 * Spell Damage at work (a damage record that names it). Null otherwise: another number on the card itself (a card of
 * another patch) is the card's, not a rule's.
 */
function otherAmount(ix: Indexed, sx: Indexed, k: number, j: number): { rule: string; step: string } | null {
  const r = ix.event(k);
  const s = sx.event(j);
  if ((r.e !== 'damage' && r.e !== 'heal') || s.e !== r.e || typeof r.amount !== 'number' || typeof s.amount !== 'number' || r.amount === s.amount) return null;
  if (refIdFor(ix, sx, s.source as number) !== r.source || refIdFor(ix, sx, s.target as number) !== r.target) return null;
  const type = ix.trace.find((x) => x.t === 'entity' && x.id === r.source);
  if (!type || type.t !== 'entity' || (type.type !== 'spell' && type.type !== 'hero_power' && type.type !== 'secret')) return null;
  const what = `the simulator's ${r.e === 'damage' ? 'damage' : 'healing'} by ${ix.name(r.source)} to ${ix.name(r.target)} is ${s.amount}, the reference engine's ${r.amount}`;
  if (typeof r.rule === 'string') return { rule: r.rule, step: `${what} (the reference engine's amount rests on rule ${r.rule})` };
  const spellDamage = (x: Indexed) => x.trace.some((y) => y.t === 'event' && y.e === 'damage' && y.rule === 'spell-damage');
  if (!spellDamage(ix) && !spellDamage(sx)) return null;
  return { rule: 'spell-damage', step: `${what} (Spell Damage adds to the damage of its player's spells only: not to healing, a Hero Power or the other player's spells)` };
}

/** The Sequence kinds a Player Action opens (engine/trace/format.ts SequenceKind). */
const ACTION_SEQUENCES: ReadonlySet<string> = new Set(['PLAY_MINION', 'CAST_SPELL', 'PLAY_WEAPON', 'ATTACK', 'HERO_POWER', 'END_TURN']);

/**
 * When reference record k lies in the n-th Sequence of a Player Action's kind, and the simulator's trace has blocks
 * but fewer than n Sequences of that kind while its game has not ended: that Player Action was not taken (rule
 * sequence), and what the reference engine does inside it (an end-of-turn trigger, a draw) is missing because of it.
 */
function missingActionSequence(ix: Indexed, sx: Indexed, k: number): string | null {
  if (!sx.trace.some((r) => r.t === 'open')) return null;
  const seq = (ix.blocks[k] ?? []).find((b) => b.block === 'sequence');
  if (!seq || !ACTION_SEQUENCES.has(seq.kind)) return null;
  const nth = ix.trace.slice(0, ix.trace.indexOf(seq) + 1).filter((r) => r.t === 'open' && r.block === 'sequence' && r.kind === seq.kind).length;
  const had = sx.trace.filter((r) => r.t === 'open' && r.block === 'sequence' && r.kind === seq.kind).length;
  const ended = sx.trace.some((r) => r.t === 'event' && r.e === 'game_check' && r.result !== 'ongoing');
  if (had >= nth || ended) return null;
  return `the simulator's trace opens ${had} ${seq.kind} Sequence${had === 1 ? '' : 's'}, and this event is in the reference engine's ${seq.kind} Sequence number ${nth}: that Player Action was not taken`;
}

/**
 * When reference record k lies in the n-th Phase of its kind, and the simulator's trace has Phases but fewer than n of
 * that kind in all while its game has not ended: that Phase never ran in the simulator, and what the reference engine
 * does inside it is missing because of it. The rule is the one that gives the Phase its place: a Summon's own Phases
 * (an effect's summon is a Sequence of its own) are rule summon-sequence, a Death Phase is Rule 7, a Forced Death Phase
 * 3-forced-death, a Player Action's Phases rule sequence.
 */
function missingPhase(ix: Indexed, sx: Indexed, k: number): { rule: string; step: string } | null {
  const blocks = ix.blocks[k] ?? [];
  let p = -1;
  for (let j = blocks.length - 1; j >= 0; j--) if (blocks[j]!.block === 'phase') { p = j; break; }
  if (p < 0 || !sx.trace.some((r) => r.t === 'open' && r.block === 'phase')) return null;
  const phase = blocks[p]!;
  const opens = (x: Indexed, upTo: number) => x.trace.slice(0, upTo).filter((r) => r.t === 'open' && r.block === 'phase' && r.kind === phase.kind).length;
  const nth = opens(ix, ix.trace.indexOf(phase) + 1);
  const had = opens(sx, sx.trace.length);
  if (had >= nth || sx.trace.some((r) => r.t === 'event' && r.e === 'game_check' && r.result !== 'ongoing')) return null;
  let seq: OpenRecord | undefined;
  for (let j = p - 1; j >= 0 && !seq; j--) if (blocks[j]!.block === 'sequence') seq = blocks[j];
  const rule = phase.kind === 'DEATH' ? '7' : phase.kind === 'FORCED_DEATH' ? '3-forced-death' : seq?.kind === 'SUMMON' ? 'summon-sequence' : 'sequence';
  return { rule, step: `the simulator's trace opens ${had} ${phase.kind} Phase${had === 1 ? '' : 's'}, and this event is in the reference engine's ${phase.kind} Phase number ${nth}${seq ? ` (in a ${seq.kind} Sequence)` : ''}: that Phase never ran` };
}

/**
 * When reference record k is the death of a weapon that an attack wore to 0 Durability before it (a `weapon-wear`
 * stats record), and the simulator's trace shows no such wear of its weapon: that wear record's index, else -1. A
 * simulator that wore its weapon out and kept it is left to the death's own rule.
 */
function wornOut(ix: Indexed, sx: Indexed, k: number): number {
  const id = ix.event(k).entity;
  if (typeof id !== 'number' || !ix.trace.some((r) => r.t === 'entity' && r.id === id && r.type === 'weapon')) return -1;
  let worn = -1;
  for (let j = 0; j < k; j++) {
    const r = ix.trace[j]!;
    if (r.t === 'event' && r.e === 'stats' && r.entity === id && r.why === 'weapon-wear' && r.health <= 0) worn = j;
  }
  if (worn < 0) return -1;
  const simId = refIdFor(sx, ix, id);
  const simWore = sx.trace.some((r) => r.t === 'event' && r.e === 'stats' && r.entity === simId && r.health <= 0);
  return simWore ? -1 : worn;
}

/** The reference entity that a simulator entity stands for (same label, or same card and creation rank). */
function refIdFor(ix: Indexed, sx: Indexed, simId: number): number | undefined {
  const key = (x: Indexed, id: number) => {
    const rec = x.trace.find((r) => r.t === 'entity' && r.id === id);
    if (!rec || rec.t !== 'entity') return undefined;
    if (rec.label) return `L:${rec.label}`;
    const same = x.trace.filter((r) => r.t === 'entity' && !r.label && r.card === rec.card);
    return `C:${rec.card}#${same.findIndex((r) => r.t === 'entity' && r.id === id)}`;
  };
  const want = key(sx, simId);
  if (!want) return undefined;
  for (const r of ix.trace) if (r.t === 'entity' && key(ix, r.id) === want) return r.id;
  return undefined;
}

/**
 * When record `k` is a `stats` record of `id` that no longer lists an aura layer its previous `stats` record listed,
 * that aura's source was Silenced in between, and the layer gave exactly the difference in `stat` the simulator shows
 * (its value is the reference engine's plus that layer): the source (the aura ended by Silence), else undefined.
 */
function silencedAuraEnded(ref: readonly TraceRecord[], k: number, id: number, stat: 'attack' | 'health', diff: number): number | undefined {
  const r = ref[k];
  if (!r || r.t !== 'event' || r.e !== 'stats') return undefined;
  let prev: number | undefined;
  for (let j = k - 1; j >= 0; j--) { const x = ref[j]!; if (x.t === 'event' && x.e === 'stats' && x.entity === id) { prev = j; break; } }
  if (prev === undefined) return undefined;
  const before = ref[prev] as Extract<TraceRecord, { e: 'stats' }>;
  const now = new Set((r.layers ?? []).filter((l) => l.kind === 'aura').map((l) => l.source));
  for (const l of before.layers ?? []) {
    if (l.kind !== 'aura' || now.has(l.source) || diff === 0 || (l[stat] ?? 0) !== diff) continue;
    for (let j = prev + 1; j < k; j++) { const x = ref[j]!; if (x.t === 'event' && x.e === 'silence' && x.target === l.source) return l.source; }
  }
  return undefined;
}

/**
 * Attribute a final-state divergence: the reference record that produced the expected value (the death, damage,
 * summon, draw or game check behind it), and the rule that governs it.
 */
export function attributeFinal(ref: readonly TraceRecord[], d: Divergence): Attribution {
  const ix = new Indexed(ref);
  const at = d.path;
  // A record whose rule is only its place (a Player Action's Sequence: `sequence`) names no step that could differ: the
  // value is left unattributed, with the record for a lead.
  const done = (k: number, what: string): Attribution => {
    const rule = ruleOf(ix, k);
    const step = `${what}: the reference engine has ${ix.describe(k)}`;
    return rule === 'sequence' ? { rule: UNATTRIBUTED, at, step: `${step} (a record no rule of its own names: the step that differs is not located)`, basis: 'final' } : { rule, at, step, basis: 'final' };
  };
  const last = (pred: (r: Record<string, unknown> & { e: string }) => boolean): number => {
    for (let k = ref.length - 1; k >= 0; k--) if (ref[k]!.t === 'event' && pred(ix.event(k))) return k;
    return -1;
  };
  if (at === 'final.result') {
    const k = last((r) => r.e === 'game_check' && r.result !== 'ongoing');
    const k2 = k >= 0 ? k : last((r) => r.e === 'game_check');
    if (k2 >= 0) return done(k2, 'the game result');
    return { rule: '9', at, step: 'the game result', basis: 'final' };
  }
  // A stated entity expectation (compare: 'stated'): the last record about that labelled entity.
  const ent = /^final\.entities\.([^.]+)\.(zone|attack|health)$/.exec(at);
  if (ent) {
    let id: number | undefined;
    for (const r of ref) if (r.t === 'entity' && r.label === ent[1]) id = r.id;
    const about = (r: Record<string, unknown>) => r.entity === id || r.target === id;
    const k = id === undefined ? -1 : last((r) => (ent[2] === 'zone' ? r.e === 'death' || r.e === 'destroy_mark' || r.e === 'damage' : r.e !== 'zone') && about(r));
    if (k >= 0) return done(k, `${ent[2]} of ${ix.name(id)}`);
  }
  const m = /^final\.players\.([AB])\.(hero\.health|hero\.armor|board(?:\[(\d+)\]\.(attack|health))?|hand|deckSize|secrets|weapon|mana|maxMana)$/.exec(at);
  const side = m?.[1] === 'B' ? 1 : 0;
  const heroId = () => {
    for (const r of ref) if (r.t === 'entity' && r.type === 'hero' && r.controller === side) return r.id;
    return undefined;
  };
  const cardCounts = (cards: unknown) => {
    const n = new Map<string, number>();
    if (Array.isArray(cards)) for (const x of cards as string[]) { const c = x.replace(/ \d+\/-?\d+$/, ''); n.set(c, (n.get(c) ?? 0) + 1); }
    return n;
  };
  if (m && (m[2] === 'hero.health' || m[2] === 'hero.armor')) {
    // The last change of the hero's Health; for its Armor, the last change of its Armor. Armor takes a hit first: an
    // `armor` record below 0 states what a hit took (all of it when no Health is lost), so it counts for Health too.
    const h = heroId();
    const armor = m[2] === 'hero.armor';
    const k = last((r) => (r.e === 'damage' || r.e === 'heal' || r.e === 'fatigue' || (r.e === 'armor' && (armor || (r.amount as number) < 0))) && (r.target === h || (r.e === 'fatigue' && r.player === side)));
    if (k >= 0) return done(k, armor ? "the hero's Armor" : "the hero's Health");
  }
  if (m && m[2]!.startsWith('board')) {
    if (m[3] !== undefined) {
      // A value on a minion that both boards hold: the last record that changed it.
      const onBoard = boardAtEnd(ix, side);
      const id = onBoard[Number(m[3])];
      if (id !== undefined) {
        const k = last((r) => (r.e === 'stats' && r.entity === id && r.why !== 'setup') || ((r.e === 'damage' || r.e === 'heal' || r.e === 'silence') && r.target === id) || (r.e === 'enchant' && r.target === id));
        const silenced = k >= 0 && typeof d.expected === 'number' && typeof d.actual === 'number' ? silencedAuraEnded(ref, k, id, m[4] as 'attack' | 'health', d.actual - d.expected) : undefined;
        if (silenced !== undefined) return { rule: 'silence', at, step: `${m[4]} of ${ix.name(id)}: the aura of ${ix.name(silenced)} ended in the reference engine's Aura Update because ${ix.name(silenced)} was Silenced (a Silenced minion grants no aura): the reference engine has ${ix.describe(k)}`, basis: 'final' };
        if (k >= 0) return done(k, `${m[4]} of ${ix.name(id)}`);
      }
    } else {
      // Which minions differ: one the reference removed (its death) or one it summoned or kept.
      // Counted, not as sets: a board of two Wisps that should hold one has an extra Wisp.
      const want = cardCounts(d.expected);
      const got = cardCounts(d.actual);
      const extra = [...got.keys()].filter((c) => got.get(c)! > (want.get(c) ?? 0));
      const missing = [...want.keys()].filter((c) => want.get(c)! > (got.get(c) ?? 0));
      // A minion the simulator has on a board where the reference engine has it elsewhere, or twice: when the
      // reference engine's last word on that card's side is the end of an enchantment that names its rule (Shadow
      // Madness remembers the side to go back to: rule 10-blessing), after any death or summon of the card, that is it.
      for (const c of [...extra, ...missing]) {
        const of = (id: unknown) => ix.cards.get(id as number) === c;
        const side = last((r) => (r.e === 'control' && of(r.entity)) || (r.e === 'unenchant' && typeof r.rule === 'string' && of(r.target)));
        const came = last((r) => (r.e === 'death' && of(r.entity)) || (r.e === 'summon' && r.card === c));
        if (side > came && ix.event(side).e === 'unenchant') return done(side, `the side of ${c}`);
      }
      for (const c of extra) {
        const k = last((r) => r.e === 'death' && ix.cards.get(r.entity as number) === c);
        if (k >= 0) return done(k, `the simulator keeps ${c} on the board`);
        const k2 = last((r) => r.e === 'destroy_mark' && ix.cards.get(r.target as number) === c);
        if (k2 >= 0) return done(k2, `the simulator keeps ${c} on the board`);
      }
      for (const c of missing) {
        const k = last((r) => r.e === 'summon' && r.card === c);
        if (k >= 0) return done(k, `the simulator lacks ${c}`);
        const k2 = last((r) => (r.e === 'damage' && ix.cards.get(r.target as number) === c));
        if (k2 >= 0) return done(k2, `the simulator lacks ${c}`);
      }
    }
  }
  if (m && m[2] === 'weapon') {
    // The weapon's last change of Durability (its wear by an attack, or an effect), else its destruction.
    const weapons = new Set(ref.flatMap((r) => (r.t === 'entity' && r.type === 'weapon' && r.controller === side ? [r.id] : [])));
    const k = last((r) => r.e === 'stats' && weapons.has(r.entity as number) && r.why !== 'setup');
    const k2 = k >= 0 ? k : last((r) => r.e === 'death' && weapons.has(r.entity as number));
    if (k2 >= 0) return done(k2, 'the weapon');
  }
  if (m && m[2] === 'secrets') {
    // A Secret the simulator keeps or lacks: the reference engine's last move of a Secret of that card into or out
    // of that player's Secrets (revealed, destroyed, put into play): rule secrets.
    const want = cardCounts(d.expected);
    const got = cardCounts(d.actual);
    const differ = new Set([...want.keys(), ...got.keys()].filter((c) => (want.get(c) ?? 0) !== (got.get(c) ?? 0)));
    const k = last((r) => r.e === 'zone' && (r.from === 'secret' || r.to === 'secret') && differ.has(ix.cards.get(r.entity as number) ?? ''));
    if (k >= 0) return { rule: 'secrets', at, step: `the Secrets: the reference engine has ${ix.describe(k)}`, basis: 'final' };
  }
  if (m && (m[2] === 'mana' || m[2] === 'maxMana')) {
    // The last change of the player's crystals (Overload, a crystal gained or destroyed), else the last payment.
    const k = last((r) => (r.e === 'crystals' || (m[2] === 'mana' && r.e === 'mana')) && r.player === side);
    if (k >= 0) {
      const r = ix.event(k);
      const why = String(r.why ?? '');
      const rule = r.e === 'mana' ? 'mana' : why.startsWith('overload') || why === 'unlock' ? 'overload' : 'mana-crystals';
      return { rule, at, step: `the player's ${m[2] === 'mana' ? 'mana' : 'Mana Crystals'}: the reference engine has ${ix.describe(k)}`, basis: 'final' };
    }
  }
  if (m && m[2] === 'hand') {
    const k = last((r) => (r.e === 'draw' && r.player === side) || (r.e === 'burn' && r.player === side));
    if (k >= 0) return done(k, 'the hand');
  }
  return { rule: UNATTRIBUTED, at, step: 'the final state alone does not show which step differs (no reference record behind this value, no rule break that gives it)', basis: 'final' };
}

/** The ids on a side's board at the end of a reference trace, left to right. */
function boardAtEnd(ix: Indexed, side: number): number[] {
  const boards: [number[], number[]] = [[], []];
  const ctl = new Map<number, number>();
  const remove = (id: number) => {
    for (const b of boards) { const k = b.indexOf(id); if (k >= 0) b.splice(k, 1); }
  };
  for (const r of ix.trace) {
    if (r.t === 'entity') ctl.set(r.id, r.controller);
    if (r.t !== 'event') continue;
    if (r.e === 'control') {
      ctl.set(r.entity, r.to);
      // A minion that changes sides goes to the right end of its new controller's board.
      if (boards.some((b) => b.includes(r.entity))) { remove(r.entity); boards[r.to]!.push(r.entity); }
    }
    // A played or summoned minion enters the board by its summon record (a set-up one by a zone record).
    if (r.e === 'summon') {
      ctl.set(r.entity, r.controller);
      remove(r.entity);
      boards[r.controller]!.splice(r.position, 0, r.entity);
    }
    if (r.e === 'zone' && ix.cards.has(r.entity)) {
      remove(r.entity);
      const c = ctl.get(r.entity);
      if (r.to === 'play' && r.position !== undefined && (c === 0 || c === 1)) boards[c].splice(r.position, 0, r.entity);
    }
  }
  return boards[side === 1 ? 1 : 0];
}

/** A rule broken in the simulator's own trace (an invariant violation), with the record where it shows. */
export interface TraceBreak { rule: string; at?: number; message: string; invariant: string; path?: string }

/** Do the divergences say only that minions stand in another order on a board (compareFinal's `board.order`)? */
export function boardOrderOnly(divergences: readonly Divergence[]): boolean {
  return divergences.length > 0 && divergences.every((d) => /^final\.players\.(A|B)\.board\.order$/.test(d.path));
}

/**
 * The attribution of a failure, from the earliest evidence: a rule the simulator's own trace breaks at or before its
 * first differing event, else that event; with a final state only, the rule whose deliberate break gives exactly the
 * simulator's answer (when the mutant diagnosis names one rule), else the case's first Player Action when the
 * simulator did not take it, else the record behind the first differing value.
 */
export function attribute(ref: readonly TraceRecord[], divergences: readonly Divergence[], o: { sim?: { trace: readonly TraceRecord[]; fidelity: Fidelity }; breaks?: readonly TraceBreak[]; diagnosis?: readonly { rule: string; mutant: string }[]; partial?: { rule: string; mutant: string; explains: string[]; contradicts: number; ties?: { rule: string; mutant: string }[] } | null; skipped?: SkippedStep | null; notTaken?: string | null } = {}): Attribution | null {
  const sim = o.sim && o.sim.fidelity !== 'final_state' ? o.sim : undefined;
  const ev = sim && divergences.some((d) => d.path.startsWith('events[')) ? attributeEvents(ref, sim.trace, sim.fidelity) : null;
  const breaks = [...(o.breaks ?? [])].sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity));
  const b = breaks[0];
  if (b && (!ev || (b.at ?? Infinity) <= (ev.simAt ?? Infinity))) {
    // a limit the final state breaks names the final state's path (differential/verdict.ts finalLimitBreaks)
    const where = b.at !== undefined ? `simulator trace record ${b.at}` : b.path?.startsWith('final.') ? b.path : 'simulator trace';
    return { rule: b.rule, at: where, step: `invariant ${b.invariant}: ${b.message}`, basis: 'invariant', ...(b.at !== undefined ? { simAt: b.at } : {}) };
  }
  const rules = [...new Set((o.diagnosis ?? []).map((d) => d.rule))];
  // A simulator whose events and final state are exactly those of the reference engine with one rule broken (every
  // mutant that gives them breaks the same rule): that rule is what its first differing event shows, whatever the
  // record's place would say (a Combo counted wrong shows as a Battlecry's enchantment).
  if (ev && rules.length === 1) {
    return { rule: rules[0]!, at: ev.at, step: `the reference engine gives these events and this final state exactly when rule ${rules[0]} is broken (${(o.diagnosis ?? []).map((d) => d.mutant).join(', ')}); first difference: ${ev.step}`, basis: 'mutant', mutants: (o.diagnosis ?? []).map((d) => d.mutant), ...(ev.simAt !== undefined ? { simAt: ev.simAt } : {}) };
  }
  if (ev) return ev;
  const first = divergences.find((d) => d.path.startsWith('final.'));
  if (!first) return null;
  if (rules.length === 1) {
    return { rule: rules[0]!, at: first.path, step: `the reference engine gives this final state exactly when rule ${rules[0]} is broken (${(o.diagnosis ?? []).map((d) => d.mutant).join(', ')})`, basis: 'mutant', mutants: (o.diagnosis ?? []).map((d) => d.mutant) };
  }
  // The case's first Player Action not taken (differential/verdict.ts actionNotTaken): what follows differs from there.
  if (o.notTaken) return { rule: 'sequence', at: first.path, step: o.notTaken, basis: 'action' };
  // The same minions with the same values, in another order on a board: where a minion enters is what differs.
  if (boardOrderOnly(divergences)) {
    return { rule: 'board-position', at: first.path, step: `the same minions with the same Attack and Health stand in another order (${first.path}: ${JSON.stringify(first.expected)} in the reference engine, ${JSON.stringify(first.actual)} in the simulator): where a summoned or played minion enters the board differs`, basis: 'final' };
  }
  if (o.skipped) {
    const k = o.skipped;
    return { rule: k.rule, at: k.paths[0]!, step: `the simulator's ${k.paths.join(', ')} ${k.paths.length > 1 ? 'are' : 'is'} the reference engine's just before its ${k.step} (reference trace record ${k.at}), which changes ${k.paths.length > 1 ? 'them' : 'it'}: that Step's work is missing`, basis: 'step' };
  }
  if (o.partial) {
    const p = o.partial;
    const exact = rules.length > 1 ? (o.diagnosis ?? []).map((d) => ({ rule: d.rule, mutant: d.mutant })) : [];
    const candidates = exact.length ? exact : (p.ties ?? []);
    const step = exact.length
      ? `the reference engine gives this final state exactly when one of rules ${rules.join(', ')} is broken (${exact.map((d) => d.mutant).join(', ')}); first listed: ${p.rule} (${p.mutant})`
      : `breaking rule ${p.rule} alone (${p.mutant}) gives the simulator's ${p.explains.join(', ')}${p.contradicts ? ` (and ${p.contradicts} change(s) the simulator does not show)` : ''}; the rest differs otherwise`;
    return { rule: p.rule, at: p.explains[0]!, step, basis: 'mutant', mutants: exact.length ? exact.map((d) => d.mutant) : [p.mutant], ...(exact.length ? {} : { partial: true }), ...(new Set(candidates.map((x) => x.rule)).size > 1 ? { candidates } : {}) };
  }
  const a = attributeFinal(ref, first);
  // An action the reference engine refused (marked illegal): a state that differs without another explanation is the
  // simulator taking it, or changing the game while refusing it (the reference record behind the value, when there is
  // one, names no rule of its own: a later legal attack's damage, say). The refusal taken is the first that changes the
  // value itself (a play, or an attack for Health or a board), else the first that could have changed it (an attack
  // changes no mana); it is charged to the rule that forbids the action (a Frozen attacker's is Freeze's).
  const isRefusal = (r: TraceRecord) => r.t === 'event' && r.e === 'refused';
  const directly = ref.findIndex((r, k) => isRefusal(r) && couldChange(ref, k, first.path, true));
  const refused = directly >= 0 ? directly : ref.findIndex((r, k) => isRefusal(r) && couldChange(ref, k, first.path));
  if (a.rule === UNATTRIBUTED && refused >= 0) {
    const r = ref[refused] as { reason?: string; action?: number; rule?: string };
    return { rule: r.rule ?? 'legality', at: first.path, step: `the reference engine refused action #${r.action ?? '?'} (${r.reason ?? ''}) and the game went on unchanged; the simulator's state differs after it`, basis: 'final' };
  }
  if (rules.length > 1) a.step += `; the same final state comes from breaking any of rules ${rules.join(', ')}`;
  return a;
}
