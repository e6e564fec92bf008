/**
 * The verdict on one case: the simulator's answer compared with the reference engine at the simulator's fidelity,
 * its own trace judged by the invariants, the first divergence attributed to the rule that governs it, and the cause
 * classified (a rule, a card, a representation the protocol treats as equivalent, or an assumption of the case).
 */
import type { CardPool } from '../engine/state.js';
import type { Violation } from '../engine/trace/violation.js';
import type { Scenario } from '../engine/scenario/format.js';
import type { Fidelity, TraceRecord } from '../engine/trace/format.js';
import { AskedMutants, MUTANTS, PROFILE_MUTANTS, type MutantName } from '../engine/mutants.js';
import { runScenario, startRun, takeAction, tryAction, type RunResult } from '../engine/scenario/run.js';
import { refusalRule } from '../engine/trace/format.js';
import { InputError, validate } from '../engine/validation.js';
import type { Outcome } from './adapter-process.js';
import { comparableFromGame, compareEvents, compareFinal, compareFinalWithTwins, compareStated, eventSignature, type Divergence, type Equivalence } from './compare.js';
import { allOutcomes, hasOpenRandomness } from '../engine/scenario/outcomes.js';
import { attribute, boardOrderOnly, UNATTRIBUTED, type Attribution } from './attribute.js';
import { skippedStep } from './boundary.js';
import { cheaperThanPrinted, erroredAction, referenceTakes, type ReferenceTakes } from './refused.js';
import { controlIds, FILLER, isCostCase } from './conformance.js';
import type { ComparablePlayer, ComparableState, Hello } from './protocol.js';
import type { Forced } from '../engine/random.js';
import { profileOf } from '../engine/profiles/index.js';
import { limitsOfProfile } from '../properties/invariants/conservation.js';
import type { HostScenario } from '../engine/host/format.js';
import type { HostFinal } from '../engine/host/run.js';

export type CaseStatus = 'PASS' | 'FAIL' | 'UNSUPPORTED' | 'CRASH' | 'TIMEOUT' | 'PROTOCOL_ERROR' | 'ERROR';

export interface Case {
  id: string;
  scenario: Scenario;
  /** Where it comes from: a golden file path, or "generated:<seed>". */
  origin: string;
  /** The case a variant belongs to (results roll up by it); a case's own id when absent. */
  group?: string;
  /** What kind of sent variant this is (differential/variants.ts, differential/conformance.ts). */
  variant?: 'file' | 'order' | 'random' | 'probe' | 'conformance';
  /** A card conformance case: the card it checks. */
  conformance?: string;
}

/**
 * Why a FAIL diverges: `rule` (a rulebook rule breaks), `card` (the simulator's card differs from the card text: its
 * card conformance case failed too), `assumption` (the diverging fact rests on an assumption the case lists).
 * Differences the protocol defines as equivalent (`representation`) are not failures: they are listed under
 * `equivalent` of a PASS.
 */
export type Cause = 'rule' | 'card' | 'assumption';

/** What a result keeps of a violation of the simulator's trace. */
export type TraceViolation = Pick<Violation, 'invariant' | 'rule' | 'message' | 'at'>;

export interface CaseResult {
  case: string;
  origin: string;
  /** The case's rule profile when it is not Hearthstone's (reports group results by profile). */
  profile?: string;
  status: CaseStatus;
  rules: string[];
  title: string;
  simulator: { name: string; version: string; fidelity: Fidelity };
  divergences: Divergence[];
  /** Trace invariants that the simulator's own trace breaks. */
  violations: TraceViolation[];
  /** Mutants of the reference engine that reproduce the simulator's answer: the rules it most likely breaks. */
  diagnosis: { mutant: string; rule: string; text: string }[];
  expected?: ComparableState;
  actual?: ComparableState;
  /** For cases that did not pass: the scenario as sent (card ids), for reports and repro. */
  scenario?: Scenario;
  /** A Host case that did not pass: the Host scenario as sent and the final states of the Host kernel and the simulator. */
  host?: { scenario: HostScenario; expected: HostFinal; actual?: HostFinal };
  /** For failures: files under traces/ (reference trace, simulator trace) relative to the report folder. */
  traces?: { reference: string; simulator?: string };
  detail?: string;
  stderr?: string;
  /** What the runner noticed on the way (late or repeated adapter lines dropped). */
  notes?: string[];
  /** The case this result rolls up to, and the kind of variant it is. */
  group?: string;
  variant?: Case['variant'];
  /** A card conformance case: the card it checks. */
  conformance?: string;
  /** FAIL only: why it diverges, and the rule that governs the first divergence. */
  cause?: Cause;
  /** The card (conformance case failed) or assumption behind a `card` / `assumption` cause. */
  causeDetail?: string;
  /** Set by the reports: a case the baseline lists as a known failure that now fails otherwise (reports/expectations.ts). */
  baselineNote?: string;
  attribution?: Attribution;
  /** Differences the protocol defines as equivalent (spec/protocol.md), not counted as divergences. */
  equivalent?: Equivalence[];
  /**
   * FAIL only: the cards of the case (ids) whose entities take no part in the reference engine's run (never played,
   * triggered, attacking or attacked, damaged, enchanted, dying, nor the source of an aura's layer): a difference of
   * such a card's text cannot explain the failure, so its failing conformance case does not make the FAIL a card one.
   */
  idle?: string[];
}

/** Judge a simulator trace (invariants at its fidelity). */
/** Judges a simulator's own trace by the invariants; `cards` is the run's card pool (user overrides included). */
export type TraceJudgeFn = (trace: TraceRecord[], fidelity: Fidelity, cards?: CardPool) => TraceViolation[];

/** The mutants a case of this profile can be diagnosed by: the kernel's, and the profile's own. */
function mutantsFor(profile: string | undefined): [string, { rule: string; text: string }][] {
  const own = Object.entries(PROFILE_MUTANTS).filter(([, info]) => info.profile === profile);
  return [...Object.entries(MUTANTS), ...own];
}

/**
 * The runs of one case as written, by mutant ('' for the reference engine), made once for the verdict, the diagnosis
 * and the partial explanation of a FAIL (each tries every mutant on the case): null where a mutant cannot run it.
 */
export type MutantRuns = Map<string, RunResult | null>;

function mutantRun(c: Case, cards: CardPool, m: string, memo?: MutantRuns): RunResult | null {
  if (memo?.has(m)) return memo.get(m)!;
  // A mutant the reference run of the case never asked about gives that same run (engine/mutants.ts AskedMutants).
  const ref = m ? memo?.get('') : undefined;
  if (ref && ref.g.mutants instanceof AskedMutants && !ref.g.mutants.asked.has(m)) { memo!.set(m, ref); return ref; }
  let r: RunResult | null;
  try { r = runScenario(c.scenario, c.origin, { cards, mutants: m ? [m as MutantName] : new AskedMutants() }); } catch { r = null; }
  memo?.set(m, r);
  return r;
}

/**
 * Which mutants of the reference engine give the simulator's answer (diagnosis by rule)? A mutant matches when it
 * reproduces the simulator's final state and, at fidelity events/phases, its events; a mutant that behaves like the
 * reference engine on this case explains nothing and is left out.
 */
export function diagnose(c: Case, cards: CardPool, actual: ComparableState, sim?: { trace: TraceRecord[]; fidelity: Fidelity }, memo?: MutantRuns): CaseResult['diagnosis'] {
  const out: CaseResult['diagnosis'] = [];
  const useEvents = sim && sim.fidelity !== 'final_state';
  const ref = mutantRun(c, cards, '', memo) ?? runScenario(c.scenario, c.origin, { cards });
  const refFinal = comparableFromGame(ref.g);
  const refEvents = useEvents ? eventSignature(ref.trace, sim.fidelity) : [];
  const simEvents = useEvents ? eventSignature(sim.trace, sim.fidelity) : [];
  for (const [m, info] of mutantsFor(c.scenario.profile)) {
    if (m === 'unseeded-random') continue; // matches only by chance: no diagnosis
    const r = mutantRun(c, cards, m, memo);
    if (!r) continue; // the mutant cannot run it
    const final = comparableFromGame(r.g);
    const events = useEvents ? eventSignature(r.trace, sim.fidelity) : [];
    const sameAsRef = compareFinal(refFinal, final).length === 0 && compareEvents(refEvents, events).length === 0;
    if (sameAsRef) continue;
    if (compareFinal(final, actual).length === 0 && compareEvents(events, simEvents).length === 0) out.push({ mutant: m, rule: info.rule, text: info.text });
  }
  return out;
}

/**
 * A simulator that stops at Player Action `i`, which the rules allow (the reference engine takes it: `takes` says
 * how): the rule it breaks. The mutants of the reference engine that refuse that same action are the diagnosis (a
 * Windfury ignored, a Stealth kept after an attack, a stolen minion that cannot attack with Charge), and the first
 * one's rule is the attribution. A message that names an error of the simulator's own (a KeyError, a
 * NullPointerException) is a crash: no rule. When no mutant refuses it and the message refuses it in words, the rule
 * is the one its reason names (`freeze`, `stealth`), else the one that makes the action legal: `mana` for a Play
 * the reference engine pays less for than the card's printed cost (a cost change the simulator did not count),
 * `legality` otherwise (only what the rules forbid is refused).
 */
export function refusalDiagnosis(c: Case, cards: CardPool, i: number, takes: ReferenceTakes, message = ''): Pick<CaseResult, 'diagnosis' | 'attribution'> {
  // An error of the simulator's own (a KeyError, a NullPointerException) is a crash, whatever words follow it.
  if (OWN_ERROR.test(message)) return { diagnosis: [] };
  const asked = new AskedMutants();
  // The reference engine up to action i, asking which mutants could change it: a mutant never asked plays it alike.
  const ref = refusalAt(c, cards, i, asked);
  if (ref !== null) return { diagnosis: [] };
  const diagnosis: CaseResult['diagnosis'] = [];
  let reason = '';
  for (const [m, info] of mutantsFor(c.scenario.profile)) {
    if (m === 'unseeded-random' || !asked.asked.has(m)) continue;
    const why = refusalAt(c, cards, i, [m as MutantName]);
    if (typeof why !== 'string') continue;
    if (!diagnosis.length) reason = why;
    diagnosis.push({ mutant: m, rule: info.rule, text: info.text });
  }
  const at = `actions[${i}]`;
  if (diagnosis.length) {
    const first = diagnosis[0]!;
    return { diagnosis, attribution: { rule: first.rule, at, step: `${takes.text}; the reference engine refuses it too ("${reason}") when ${first.text}`, basis: 'mutant', ...(diagnosis.length > 1 ? { candidates: diagnosis.map((d) => ({ rule: d.rule, mutant: d.mutant })) } : {}) } };
  }
  // No rule break of the reference engine refuses it. A simulator that failed on it (an exception of its own, not a
  // refusal in words) is a crash, not a rule: no rule is named. Otherwise the rule its reason names (Freeze, Stealth),
  // else Mana for a Play that costs less than printed, else the rule that only what is forbidden is refused.
  if (!REFUSAL_WORDS.test(message)) return { diagnosis };
  const named = refusalRule(message);
  const rule = named !== 'legality' ? named : cheaperThanPrinted(takes, cards) ? 'mana' : 'legality';
  return { diagnosis, attribution: { rule, at, step: takes.text, basis: 'action' } };
}

/** The name of a language runtime's own error in a message: the simulator failed, it did not refuse. */
const OWN_ERROR = /\b(KeyError|AttributeError|TypeError|IndexError|ValueError|NameError|ZeroDivisionError|RecursionError|AssertionError|NotImplementedError|UnboundLocalError|Traceback|NullPointerException|ClassCastException|IllegalStateException|(?:ArrayIndex|StringIndex|Index)OutOfBoundsException|ConcurrentModificationException|StackOverflowError|OutOfMemoryError|ReferenceError|RangeError|SyntaxError)\b/;

/** A simulator's message that refuses an action in words (rather than failing on it with an error of its own). */
const REFUSAL_WORDS = /\b(cannot|can't|can not|refuse[sd]?|illegal|invalid|not (a )?(valid|legal|playable|allowed)|isn't (playable|valid|allowed)|(does|do|did)(n't| not) (offer|allow|accept|let|permit)|not offered|no (valid |legal )?targets?\b|not enough mana|costs?\b|frozen|stealth|taunt|exhausted|already attacked)/i;

/**
 * Run a case up to action `i` and try that action: the reason the engine refuses it, null when it takes it, undefined
 * when the run cannot get there (an earlier action refused, the game decided, a loop guard).
 */
function refusalAt(c: Case, cards: CardPool, i: number, mutants: MutantName[] | AskedMutants): string | null | undefined {
  try {
    const run = startRun(c.scenario, c.origin, { cards, mutants });
    for (let k = 0; k < i; k++) {
      if (run.g.result !== 'ongoing' || run.error !== undefined) return undefined;
      takeAction(run, c.origin, c.scenario.actions[k]!, k);
    }
    if (run.g.result !== 'ongoing' || run.error !== undefined) return undefined;
    return tryAction(run, c.origin, c.scenario.actions[i]!, i);
  } catch {
    return undefined;
  }
}

/**
 * Which single rule break explains the simulator's differing values, when none reproduces its whole final state (a
 * simulator often differs in more than one way): the mutant that gives the simulator's value at the most diverging
 * paths, the first one counting most, with the fewest changes the simulator does not show. Null when none explains
 * any of them.
 */
export function explainFinal(c: Case, cards: CardPool, actual: ComparableState, divergences: readonly Divergence[], memo?: MutantRuns): { mutant: string; rule: string; explains: string[]; contradicts: number; ties: { mutant: string; rule: string }[] } | null {
  const paths = divergences.filter((d) => d.path.startsWith('final.')).map((d) => d.path);
  if (!paths.length) return null;
  const under = (p: string, q: string) => q === p || q.startsWith(`${p}.`) || q.startsWith(`${p}[`) || p.startsWith(`${q}.`) || p.startsWith(`${q}[`);
  let best: { mutant: string; rule: string; explains: string[]; contradicts: number; score: number } | null = null;
  let ties: { mutant: string; rule: string }[] = [];
  for (const [m, info] of mutantsFor(c.scenario.profile)) {
    if (m === 'unseeded-random') continue;
    const r = mutantRun(c, cards, m, memo);
    if (!r) continue;
    const final = comparableFromGame(r.g);
    const left = compareFinal(final, actual).map((d) => d.path);
    const explains = paths.filter((p) => !left.some((q) => under(p, q)));
    if (!explains.length) continue;
    const contradicts = left.filter((q) => !paths.some((p) => under(p, q))).length;
    const score = explains.length * 2 + (explains.includes(paths[0]!) ? 1 : 0) - contradicts * 2;
    if (score > 0 && (!best || score > best.score)) { best = { mutant: m, rule: info.rule, explains, contradicts, score }; ties = [{ mutant: m, rule: info.rule }]; }
    else if (best && score === best.score) ties.push({ mutant: m, rule: info.rule });
  }
  return best && { mutant: best.mutant, rule: best.rule, explains: best.explains, contradicts: best.contradicts, ties };
}

export interface Judged {
  result: CaseResult;
  refTrace?: TraceRecord[];
  simTrace?: TraceRecord[];
  /** The random choices the simulator reported making (scenario `random` form). */
  simRandom?: Forced[];
}

export function judgeCase(c: Case, hello: Hello, outcome: Outcome, cards: CardPool, judgeTrace?: TraceJudgeFn): Judged {
  const memo: MutantRuns = new Map();
  const j = judgeOutcome(c, hello, outcome, cards, judgeTrace, memo);
  const r = j.result;
  if (c.group && c.group !== c.id) r.group = c.group;
  if (c.variant) r.variant = c.variant;
  if (c.conformance) r.conformance = c.conformance;
  if (r.status !== 'PASS') r.scenario = c.scenario;
  if (r.status === 'FAIL') explainFail(c, cards, r, { fidelity: hello.fidelity, refTrace: j.refTrace ?? [], simTrace: j.simTrace, simRandom: j.simRandom, memo });
  return j;
}

/**
 * A FAIL's attribution and cause (judgeCase), from its divergences, its broken invariants and its diagnosis: what the
 * simulator left undone, the rule break that gives part of its answer, the first Player Action it did not take, and
 * whether the case is a card's, an assumption's or a rule's.
 */
export function explainFail(c: Case, cards: CardPool, r: CaseResult, o: { fidelity: Fidelity; refTrace: readonly TraceRecord[]; simTrace?: TraceRecord[]; simRandom?: Forced[]; memo?: MutantRuns }): void {
  const finalOnly = !o.simTrace || o.fidelity === 'final_state';
  const open = finalOnly && r.actual && new Set(r.diagnosis.map((d) => d.rule)).size !== 1;
  // The reference run the simulator is compared with (its own random picks replayed): Step boundaries are read on it.
  const sent = o.simRandom?.length ? { ...c.scenario, random: o.simRandom } : c.scenario;
  const skipped = open && !r.violations.length ? skippedStep(sent, c.origin, cards, r.actual!, r.divergences) ?? (sent !== c.scenario ? skippedStep(c.scenario, c.origin, cards, r.actual!, r.divergences) : null) : null;
  const partial = open && !skipped ? explainFinal(c, cards, r.actual!, r.divergences, o.memo) : null;
  const notTaken = r.expected && r.actual ? actionNotTaken(c.scenario, r.expected, r.actual, cards) : null;
  r.attribution = attribute(o.refTrace, r.divergences, { sim: o.simTrace ? { trace: o.simTrace, fidelity: o.fidelity } : undefined, breaks: r.violations, diagnosis: r.diagnosis, partial, skipped, notTaken }) ?? undefined;
  const assumed = assumptionOf(c.scenario, r.divergences);
  // A conformance case is the card's when no rule explains its divergence: no broken invariant, no rule mutant that
  // gives the same answer, no Step of the reference engine left undone (and, once every result is in, no control of
  // its actions that fails too: classifyCardCauses).
  // Minions in another order only: the rule that places them (board-position) differs, not the card's text.
  delete r.causeDetail;
  if (c.conformance && !r.violations.length && !r.diagnosis.length && !skipped && !boardOrderOnly(r.divergences)) { r.cause = 'card'; r.causeDetail = c.conformance; }
  else if (assumed && !r.violations.length) { r.cause = 'assumption'; r.causeDetail = assumed; }
  else r.cause = 'rule';
  // a card whose own minion's values differ is not idle, whatever its text did
  const differing = new Set(r.divergences.flatMap((d) => boardCardsAt(d, r.expected)).map((x) => (cards.has(x) ? cards.get(x).id : x)));
  const idle = idleCards(c.scenario, o.refTrace, cards).filter((id) => !differing.has(id));
  if (idle.length) r.idle = idle;
  else delete r.idle;
}

/**
 * The cards of the minions a divergence is about: the reference engine's minion at its board place
 * (`final.players.B.board[2].health`: compareFinal pairs each of its minions with the simulator's k-th minion of the
 * same card), or, for a whole board that differs (`final.players.B.board`, lists of "card a/h"), each entry found on
 * one side and not on the other.
 */
function boardCardsAt(d: Divergence, expected: ComparableState | undefined): string[] {
  const whole = /^final\.players\.(A|B)\.board$/.test(d.path);
  if (whole && Array.isArray(d.expected) && Array.isArray(d.actual)) {
    const left = [...(d.actual as unknown[])].map(String);
    const out: string[] = [];
    for (const x of (d.expected as unknown[]).map(String)) { const k = left.indexOf(x); if (k >= 0) left.splice(k, 1); else out.push(x); }
    return [...out, ...left].map((x) => x.slice(0, x.lastIndexOf(' ')));
  }
  const m = /^final\.players\.(A|B)\.board\[(\d+)\]/.exec(d.path);
  const card = m ? expected?.players[m[1] === 'A' ? 0 : 1]?.board[Number(m[2])]?.card : undefined;
  return card === undefined ? [] : [card];
}

/** Record kinds that name every entity, acting or not (statements of the board), or a card moving without its text. */
const STATEMENTS = new Set(['status', 'player_status', 'draw', 'burn', 'zone', 'shuffle', 'random', 'add_to_hand', 'crystals', 'game_check']);
const ENTITY_FIELDS = ['subject', 'target', 'source', 'entity', 'enchantment', 'spell', 'hero', 'old', 'from', 'to'] as const;

/**
 * The cards of a scenario (ids) none of whose entities takes part in the run of `trace`: no record from the first
 * action on names one as the subject or target of a block or an action, the source, target or subject of an event, a
 * queue's source or event, or the source of a stat layer (an aura or enchantment it gives). A card that sits in a
 * deck, a hand or on a board unplayed, untouched, never drawn into play and with no aura acting is idle (a draw, a
 * burn or a move between zones is not its text acting); one in play with a trigger, an aura, a Deathrattle or a
 * Secret is not, as its text may act in a simulator where it does not in the reference engine.
 */
export function idleCards(s: Scenario, trace: readonly TraceRecord[], cards: CardPool): string[] {
  const idOf = (x: string) => (cards.has(x) ? cards.get(x).id : x);
  const ids = new Map<number, string>();
  for (const r of trace) if (r.t === 'entity') ids.set(r.id, r.card);
  const acting = new Set<string>();
  const mark = (id: unknown) => { if (typeof id === 'number') { const card = ids.get(id); if (card !== undefined) acting.add(card); } };
  // the set-up's own records (its entities, enchantments and first statements) come before the first action
  // A card in play with text that waits for its moment (a trigger, an aura, a Deathrattle, a Secret) may act in a
  // simulator where it does not in the reference engine: it is not idle whether or not it acted here.
  const waits = (card: string) => { const d = cards.has(card) ? cards.get(card) : undefined; return !!d && (!!d.triggers?.length || !!d.auras?.length || !!d.deathrattle || !!d.secret); };
  const entersPlay = (id: number) => { const card = ids.get(id); if (card !== undefined && waits(card)) acting.add(card); };
  const first = trace.findIndex((r) => r.t === 'open' || (r.t === 'event' && r.e === 'action'));
  for (const [i, r] of trace.entries()) {
    if (r.t === 'entity') { if (r.zone === 'play' || r.zone === 'secret') entersPlay(r.id); continue; }
    if (r.t === 'event' && (r.e === 'summon' || (r.e === 'zone' && (r.to === 'play' || r.to === 'secret')))) entersPlay(r.entity);
    // an aura or enchantment acts wherever it is stated, the set-up's statements included
    if (r.t === 'event' && r.e === 'stats') { for (const l of r.layers ?? []) mark(l.source); continue; }
    if (r.t === 'event' && r.e === 'status') { for (const l of r.costLayers ?? []) mark(l.source); continue; }
    if (first < 0 || i < first) continue;
    if (r.t === 'open') { mark(r.subject); mark(r.target); continue; }
    if (r.t === 'queue') { for (const e of r.entries) mark(e.source); for (const e of r.events) mark(e.subject); continue; }
    if (r.t !== 'event' || STATEMENTS.has(r.e)) continue;
    const rec = r as unknown as Record<string, unknown>;
    for (const k of ENTITY_FIELDS) if (k !== 'from' && k !== 'to' || r.e === 'redirect') mark(rec[k]);
  }
  const present = new Set(ids.values());
  return [...new Set(cardsOf(s).map(idOf))].filter((id) => !acting.has(id) && present.has(id)).sort();
}

/**
 * The case's first Player Action, when the simulator's final state shows it was not taken, or null. Only the first
 * action is read: what follows it can differ because of it. The sign: it plays a card from a hand (with no copy in
 * that player's deck), and the card is in that hand at the end more often in the simulator's answer than in the
 * reference engine's (a text can return a card to a hand, but then the reference engine has it there too). The
 * simulator may have ignored the action or refused it (a Play with a target its card does not allow). A trace with
 * blocks shows any Player Action not taken by itself: the Sequence it never opened (differential/attribute.ts).
 */
export function actionNotTaken(s: Scenario, expected: ComparableState, actual: ComparableState, cards: CardPool): string | null {
  const idOf = (x: string) => (cards.has(x) ? cards.get(x).id : x);
  const a = s.actions[0];
  if (a && 'play' in a && typeof a.play === 'string') {
    for (const [k, side] of [[0, 'A'], [1, 'B']] as const) {
      const held = s.setup[side]?.hand?.find((h) => typeof h === 'object' && h.label === a.play);
      if (!held || typeof held !== 'object') continue;
      const id = idOf(held.card);
      // a copy in the deck could have been drawn instead: then the hand tells nothing
      if ((s.setup[side]?.deck ?? []).some((d) => idOf(typeof d === 'string' ? d : d.card) === id)) continue;
      const count = (p: ComparablePlayer | undefined) => (p?.hand ?? []).filter((x) => idOf(x) === id).length;
      const ref = count(expected.players[k]);
      const sim = count(actual.players[k]);
      const at = 'target' in a && a.target ? ` at "${a.target}"` : '';
      if (sim > ref) return `the simulator did not play ${id} ("${a.play}"${at}), the case's first Player Action: it is still in ${side}'s hand at the end (the reference engine's hand holds ${ref} of it, the simulator's ${sim}); it ignored or refused the Play${at ? ' (a refused target: check its targeting of the card)' : ''}`;
    }
  }
  return null;
}

/** The assumption of a case that covers every diverging fact (assumptions with `facts`: path prefixes), if one does. */
export function assumptionOf(s: Scenario, divergences: readonly Divergence[]): string | undefined {
  if (!divergences.length) return undefined;
  for (const a of s.assumptions ?? []) {
    if (typeof a === 'string' || !a.facts?.length) continue;
    if (divergences.every((d) => a.facts!.some((f) => d.path === f || d.path.startsWith(`${f}.`) || d.path.startsWith(`${f}[`)))) return a.text;
  }
  return undefined;
}

/** The cards a scenario uses, by id or name as written (for card causes). */
export function cardsOf(s: Scenario): string[] {
  const out = new Set<string>();
  const add = (x: unknown) => {
    if (typeof x === 'string') out.add(x);
    else if (x && typeof x === 'object' && 'card' in x) {
      out.add(String((x as { card: unknown }).card));
      for (const e of (x as { enchantments?: unknown[] }).enchantments ?? []) add(e);
    }
  };
  for (const side of ['A', 'B'] as const) {
    const p = s.setup[side];
    if (!p) continue;
    if (p.hero) out.add(p.hero);
    for (const list of [p.board, p.hand, p.deck, p.secrets]) for (const x of list ?? []) add(x);
    if (p.weapon) add(p.weapon);
  }
  return [...out];
}

/** The kinds of Player Action a scenario takes (play, attack, heroPower, endTurn). */
function actionKinds(s: Scenario | undefined): Set<string> {
  const out = new Set<string>();
  for (const a of s?.actions ?? []) for (const k of ['play', 'attack', 'heroPower', 'endTurn']) if (k in a) out.add(k);
  return out;
}

/**
 * The controls of the conformance cases (differential/conformance.ts controlIds: the vanilla minion, which has no
 * text, played; attacked and killed; played with exactly its cost). A control that fails shows that the simulator's
 * Plays, attacks, mana payments or turns, or the vanilla minion the cases stand on, differ whatever the card: then no
 * conformance case whose actions the control takes (a Play for the played control, an attack for the second, a Play
 * with exactly its cost for the third) is charged to its card, nor the control itself.
 */
function controlCauses(results: CaseResult[], cards: CardPool): void {
  const ids = controlIds(cards);
  if (!ids) return;
  const controls = [
    { id: ids.played, action: 'play', shape: 'played', what: 'Plays' },
    { id: ids.dies, action: 'attack', shape: 'attacked and killed', what: 'attacks' },
    { id: ids.cost, action: 'cost', shape: 'played with exactly its cost in mana', what: 'mana payments' },
  ];
  const failed = controls.filter((k) => results.some((r) => r.case === k.id && (r.status === 'FAIL' || chargedToCard(r))));
  if (!failed.length) return;
  for (const r of results) {
    if (!chargedToCard(r)) continue;
    const own = failed.find((k) => k.id === r.case);
    // A `#cost` case takes the cost control's action; the others, their Plays and attacks.
    const kinds = isCostCase(r.case) ? new Set(['play', 'cost']) : actionKinds(r.scenario);
    const control = own ?? failed.find((k) => kinds.has(k.action));
    if (!control) continue;
    r.cause = 'rule';
    r.causeDetail = own
      ? `this control (a case with the vanilla ${FILLER}, which has no text) fails: the simulator's ${control.what} or turns, or its ${FILLER}, differ`
      : `the control ${control.id} (the vanilla ${FILLER}, which has no text, ${control.shape}) fails too: the simulator's ${control.what} or turns, or its ${FILLER}, differ whatever the card`;
  }
}

/**
 * A `#cost` case whose Play the simulator refuses in words, where no rule break of the reference engine refuses it
 * (a CRASH whose first divergence is that action, `basis: 'action'`): A had exactly the card's cost in mana, so the
 * simulator's card costs more. It counts as the card's failing case (a card difference), as a FAIL of it would.
 */
function costRefusals(results: CaseResult[]): void {
  for (const r of results) {
    if (r.status !== 'CRASH' || !r.conformance || !isCostCase(r.case) || r.attribution?.basis !== 'action') continue;
    // refused for its mana, in the simulator's words (another reason, a target or Stealth, says nothing of its cost)
    if (!/\b(mana|costs?)\b/i.test(r.detail ?? '')) continue;
    r.cause = 'card';
    r.causeDetail = r.conformance;
  }
}

/** A conformance case that fails, or whose Play with exactly its cost is refused, charged to its card. */
const chargedToCard = (r: CaseResult) => (r.status === 'FAIL' || r.status === 'CRASH') && !!r.conformance && r.cause === 'card';

/** A final state's mana: what a card that costs otherwise changes. */
const MANA_PATH = /^final\.players\.[AB]\.mana$/;

/** Rules no card's text governs: drawing from an empty deck, a full hand, a full board. */
const GAME_RULES = new Set(['fatigue', 'hand-limit', 'board-limit']);

/**
 * The rules a first divergence is charged to by its place alone (the card text resolving in its Phase, a trigger in its
 * Queue, a Deathrattle, an Aura Update or Death Step): two cards whose texts differ each show one of them.
 */
const PLACE_RULES = new Set(['sequence', UNATTRIBUTED, 'summon-sequence', '2a', '2b', '7', '3', '4a', '10', '10b', 'board-position', 'legality']);

/**
 * A rule that the conformance cases of two cards or more break in the same way (their first divergence charged to
 * that rule, not by its place: Overload locking crystals, Armor, fatigue, Spell Damage): the simulator's rule, not each
 * card's text (a keyword's mechanism shared by every card that has it). Those cases are rule failures, and the cases
 * that use those cards are not charged to them.
 */
function sharedRuleCauses(results: CaseResult[]): void {
  // Rules no card's text governs (drawing from an empty deck, a full hand or board): a card conformance case whose first
  // divergence is one of them shows the simulator's rule, whatever card it tests.
  for (const r of results) {
    if (r.status !== 'FAIL' || !r.conformance || r.cause !== 'card' || !r.attribution || !GAME_RULES.has(r.attribution.rule)) continue;
    r.cause = 'rule';
    r.causeDetail = `its first divergence is rule ${r.attribution.rule}, which no card text governs: the simulator's rule, not ${r.conformance}'s text`;
  }
  const cardsByRule = new Map<string, Set<string>>();
  // A `#cost` case shows what one card costs: several cards of another patch cost more or less each (the simulator's
  // mana payment itself is judged by the cost control).
  const shares = (r: CaseResult) => !isCostCase(r.case);
  for (const r of results) {
    if (r.status !== 'FAIL' || !r.conformance || r.cause !== 'card' || !r.attribution || PLACE_RULES.has(r.attribution.rule) || !shares(r)) continue;
    const set = cardsByRule.get(r.attribution.rule) ?? new Set<string>();
    set.add(r.conformance);
    cardsByRule.set(r.attribution.rule, set);
  }
  for (const r of results) {
    if (r.status !== 'FAIL' || !r.conformance || r.cause !== 'card' || !r.attribution || !shares(r)) continue;
    const shared = cardsByRule.get(r.attribution.rule);
    if (!shared || shared.size < 2) continue;
    r.cause = 'rule';
    r.causeDetail = `the card conformance cases of ${shared.size} cards (${[...shared].sort().slice(0, 5).join(', ')}${shared.size > 5 ? ', …' : ''}) break rule ${r.attribution.rule} alike: the simulator's rule, not one card's text`;
  }
}

/**
 * Card causes, once every result is in: a FAIL whose case uses a card that failed its own conformance case is a
 * card difference, not a rule failure (the card's id or name as the pool knows it).
 */
export function classifyCardCauses(results: CaseResult[], cards: CardPool): void {
  costRefusals(results);
  controlCauses(results, cards);
  sharedRuleCauses(results);
  // A conformance case that breaks a rule (its trace breaks an invariant, or a rule mutant gives the same answer)
  // says nothing about the card.
  const failedCards = new Set(results.filter(chargedToCard).map((r) => r.conformance!));
  // Cards whose only failing conformance cases are `#cost` ones that show nothing but the cost (a refused Play, or mana
  // alone): their cost differs, what their text does does not. (A `#cost` case ends no turn, so it may show a "this
  // turn" text the played case does not: such a card is not one of these.)
  const costOnly = new Set(failedCards);
  const onlyCost = (r: CaseResult) => isCostCase(r.case) && (r.status === 'CRASH' || r.divergences.every((d) => MANA_PATH.test(d.path)));
  for (const r of results) if (chargedToCard(r) && !onlyCost(r)) costOnly.delete(r.conformance!);
  // Results classified before (the shards of a merged run, each classified on its own results) are classified again
  // from these: a card cause or note that names a card whose case no longer counts as the card's is taken back.
  for (const r of results) {
    if (r.status !== 'FAIL' || r.conformance || !r.causeDetail) continue;
    const named = r.cause === 'card' ? r.causeDetail : /^also uses (.+), whose card conformance case fails$/.exec(r.causeDetail)?.[1];
    if (named === undefined || failedCards.has(named)) continue;
    r.cause = 'rule';
    delete r.causeDetail;
  }
  if (!failedCards.size) return;
  for (const r of results) {
    if (r.status !== 'FAIL' || r.conformance || r.cause !== 'rule' || !r.scenario) continue;
    const used = cardsOf(r.scenario).map((x) => (cards.has(x) ? cards.get(x).id : x)).filter((id) => failedCards.has(id));
    // A card whose text takes no part in the reference run cannot explain the difference: noted, not the cause.
    const bad = used.find((id) => !r.idle?.includes(id));
    if (!bad) { if (used.length) r.causeDetail = `also uses ${used[0]}, whose card conformance case fails`; continue; }
    // A rule break of the reference engine that gives the simulator's first diverging value (a rule mutant, a Step
    // left undone), a rule the simulator's own trace breaks or a first Player Action it did not take is evidence of
    // its own: the case stays a rule failure, and the card difference is noted. Otherwise the card that differs
    // explains it.
    // A rule break that gives only part of the answer (`partial`) is weaker than the card's own failing case.
    if (r.attribution && ['mutant', 'step', 'invariant', 'action'].includes(r.attribution.basis) && !r.attribution.partial) { r.causeDetail = `also uses ${bad}, whose card conformance case fails`; continue; }
    // A card that only costs otherwise explains a player's mana, not a board, a hand or Health.
    if (costOnly.has(bad) && r.divergences.some((d) => !MANA_PATH.test(d.path))) { r.causeDetail = `also uses ${bad}, whose card conformance case fails`; continue; }
    r.cause = 'card';
    r.causeDetail = bad;
  }
}

function judgeOutcome(c: Case, hello: Hello, outcome: Outcome, cards: CardPool, judgeTrace?: TraceJudgeFn, memo?: MutantRuns): Judged {
  const notes = outcome.notes?.length ? { notes: outcome.notes } : {};
  const judged = judgeAnswer(c, hello, outcome, cards, judgeTrace, memo);
  Object.assign(judged.result, notes);
  return judged;
}

/** The invariant that reads a simulator's final state against its profile's limits (finalLimitBreaks). */
export const FINAL_LIMITS = 'final-state-limits';

/**
 * The limits of the rule profile that a final state breaks on its own, whatever happened before it: more minions on a
 * board, cards in a hand, Secrets in play or Mana Crystals than the rules allow, or more mana to spend than even mana
 * for this turn only may give. Each is a broken rule of the simulator's, as a trace invariant's would be: no reference
 * run is needed to see it. The limits and their rules are the invariants' (properties/invariants/conservation.ts
 * PROFILE_LIMITS: a Hearthtop hand has no limit until its Cleanup, its board and crystals have rules of their own).
 * `path` is the final state's.
 */
export function finalLimitBreaks(final: ComparableState, profile: string | undefined): Violation[] {
  const limits = limitsOfProfile(profile);
  const own = profileOf(profile).limits;
  const out: Violation[] = [];
  const add = (path: string, rule: string, message: string) => out.push({ invariant: FINAL_LIMITS, rule, message, path, entities: [] });
  final.players.forEach((p, i) => {
    const side = i === 0 ? 'A' : 'B';
    const at = `final.players.${side}`;
    if (p.board.length > limits.board) add(`${at}.board`, limits.boardRule, `player ${side} ends with ${p.board.length} minions on the board: at most ${limits.board}`);
    if (p.hand.length > limits.hand) add(`${at}.hand`, 'hand-limit', `player ${side} ends with ${p.hand.length} cards in hand: at most ${limits.hand}`);
    if ((p.secrets?.length ?? 0) > own.secrets) add(`${at}.secrets`, 'secrets', `player ${side} ends with ${p.secrets!.length} Secrets in play: at most ${own.secrets}`);
    if (p.maxMana !== undefined && p.maxMana > limits.crystals) add(`${at}.maxMana`, limits.crystalsRule, `player ${side} ends with ${p.maxMana} Mana Crystals: at most ${limits.crystals}`);
    if (p.mana !== undefined && own.manaThisTurn !== null && p.mana > own.manaThisTurn) add(`${at}.mana`, limits.crystalsRule, `player ${side} ends with ${p.mana} mana to spend: at most ${own.manaThisTurn}, even with mana for this turn only`);
  });
  return out;
}

function judgeAnswer(c: Case, hello: Hello, outcome: Outcome, cards: CardPool, judgeTrace?: TraceJudgeFn, memo?: MutantRuns): Judged {
  const base = { case: c.id, origin: c.origin, ...(c.scenario.profile && c.scenario.profile !== 'hearthstone' ? { profile: c.scenario.profile } : {}), rules: c.scenario.rules, title: c.scenario.title, simulator: { name: hello.name, version: hello.version, fidelity: hello.fidelity }, divergences: [], violations: [], diagnosis: [] };
  if (outcome.kind !== 'answer') return { result: { ...base, status: outcome.kind, detail: outcome.detail, ...(outcome.stderr ? { stderr: outcome.stderr.trim() } : {}) } };
  const msg = outcome.msg;
  if (msg.type === 'unsupported') return { result: { ...base, status: 'UNSUPPORTED', detail: msg.reason } };
  if (msg.type === 'error') {
    // Stopped at an action the rules allow: what the reference engine does with it is the lead to follow.
    const i = erroredAction(msg, c.scenario.actions.length);
    const takes = i === undefined ? undefined : referenceTakes(c.scenario, c.origin, cards, i);
    const refused = takes && i !== undefined ? refusalDiagnosis(c, cards, i, takes, msg.message) : null;
    return { result: { ...base, status: 'CRASH', detail: takes ? `${msg.message}; ${takes.text}` : msg.message, ...(refused ?? {}), ...(outcome.stderr ? { stderr: outcome.stderr.trim() } : {}) } };
  }
  if (msg.type !== 'result') return { result: { ...base, status: 'PROTOCOL_ERROR', detail: `unexpected ${msg.type}` } };
  if (msg.trace) {
    // A simulator's trace is validated once, here at the edge (spec/schema/trace.schema.json).
    try {
      validate(`trace of case ${c.id}`, msg.trace, 'trace.schema.json');
    } catch (e) {
      if (e instanceof InputError) return { result: { ...base, status: 'PROTOCOL_ERROR', detail: e.message } };
      throw e;
    }
  }
  // The reference engine replays the simulator's own random choices, so random cards compare exactly. When the
  // simulator reports none and the scenario leaves choices open, every outcome the rules allow is acceptable.
  const replay = msg.random && msg.random.length ? { ...c.scenario, random: msg.random } : null;
  const replayed = (() => {
    if (!replay) return null;
    try { return runScenario(replay, c.origin, { cards }); } catch { return null; /* its choices cannot happen here */ }
  })();
  let ref = replayed ?? runScenario(c.scenario, c.origin, { cards, mutants: new AskedMutants() });
  // The case as written on the reference engine: the diagnosis compares each mutant with it.
  if (!replayed) memo?.set('', ref);
  const equivalent: Equivalence[] = [];
  const compareWith = (r: typeof ref) => {
    equivalent.length = 0;
    if (c.scenario.compare === 'stated') return compareStated(c.scenario.expect, msg.final, cards);
    const d = compareFinalWithTwins(comparableFromGame(r.g), msg.final, cards, equivalent);
    if (hello.fidelity !== 'final_state' && msg.trace) d.push(...compareEvents(eventSignature(r.trace, hello.fidelity), eventSignature(msg.trace, hello.fidelity)));
    return d;
  };
  let divergences = compareWith(ref);
  let outcomesNote: string | undefined;
  // Choices the simulator does not report (none, or only its first ones: a pick of an entity it cannot name) are open:
  // every outcome that follows what it reported is acceptable.
  // (Choices reported that cannot happen here leave nothing open: the case as written stands, and differs.)
  if (divergences.length && (!replay || replayed) && hasOpenRandomness(ref)) {
    const all = allOutcomes(replayed ? replay! : c.scenario, c.origin, cards, undefined, ref);
    const match = all.runs.find((r) => compareWith(r).length === 0);
    if (match) { ref = match; divergences = []; }
    const count = `${all.runs.length}${all.truncated ? '+ (truncated)' : ''}`;
    outcomesNote = replay
      ? `the simulator reports its first ${msg.random!.length} random choice(s) and the game makes more: compared with all ${count} outcomes the reference engine allows after those`
      : `the scenario leaves random choices open and the simulator reports none: compared with all ${count} outcomes the reference engine allows`;
  }
  const expected = comparableFromGame(ref.g);
  const violations = [...finalLimitBreaks(msg.final, c.scenario.profile), ...(judgeTrace && msg.trace ? judgeTrace(msg.trace, hello.fidelity, cards) : [])];
  const failed = divergences.length > 0 || violations.length > 0;
  return {
    result: {
      ...base,
      ...(outcomesNote ? { detail: outcomesNote } : {}),
      status: failed ? 'FAIL' : 'PASS',
      divergences,
      violations,
      diagnosis: failed ? diagnose(c, cards, msg.final, msg.trace ? { trace: msg.trace, fidelity: hello.fidelity } : undefined, memo) : [],
      expected,
      actual: msg.final,
      ...(equivalent.length ? { equivalent: [...equivalent] } : {}),
    },
    refTrace: ref.trace,
    simTrace: msg.trace,
    ...(msg.random?.length ? { simRandom: msg.random } : {}),
  };
}

