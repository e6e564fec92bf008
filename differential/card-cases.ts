/**
 * Hand-written stated outcomes of card conformance cases: `spec/cards/cases/<card id>.json`, for card texts no
 * template reads (differential/card-text.ts). Each is an overlay merged into the generated case's `expect`:
 *
 * ```json
 * { "format": "arbiter-card-case/1", "card": "EX1_097", "quote": "Taunt. Deathrattle: Deal 2 damage to ALL characters.",
 *   "cases": { "dies": { "assumptions": ["..."], "expect": { "players": { "B": { "health": 28 } } } } } }
 * ```
 *
 * `quote` must equal the card's text (an overlay is read from the text, and goes stale with it); `cases` keys are
 * `played` (the plain case) and `dies` (`#dies`); the expectation kinds are those of any scenario (golden/README.md).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Expect } from '../engine/scenario/format.js';
import { InputError, ROOT, jsonFilesIn, readJson } from '../engine/validation.js';

export const CARD_CASES_DIR = join(ROOT, 'spec', 'cards', 'cases');

export interface CardCaseOverlay {
  file: string;
  card: string;
  quote: string;
  cases: Partial<Record<'played' | 'dies', { assumptions: string[]; expect: Expect }>>;
}

const EXPECT_KEYS = new Set(['entities', 'players', 'result', 'events', 'count', 'created']);

/** Read and check one overlay file (bad input: an InputError naming the file and the JSON path). */
export function readCardCase(file: string): CardCaseOverlay {
  const j = readJson(file) as Record<string, unknown>;
  const obj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (!obj(j)) throw new InputError(file, '$', 'expected an object');
  if (j.format !== 'arbiter-card-case/1') throw new InputError(file, '$.format', 'expected "arbiter-card-case/1"');
  for (const k of Object.keys(j)) if (!['format', 'card', 'quote', 'cases'].includes(k)) throw new InputError(file, `$.${k}`, 'unknown field (expected format, card, quote, cases)');
  if (typeof j.card !== 'string' || !j.card) throw new InputError(file, '$.card', 'expected the card id (a string)');
  if (typeof j.quote !== 'string') throw new InputError(file, '$.quote', 'expected the card text (a string)');
  if (!obj(j.cases) || !Object.keys(j.cases).length) throw new InputError(file, '$.cases', 'expected an object with "played" and/or "dies"');
  for (const [k, v] of Object.entries(j.cases)) {
    const at = `$.cases.${k}`;
    if (k !== 'played' && k !== 'dies') throw new InputError(file, at, 'unknown case (expected "played" or "dies")');
    if (!obj(v)) throw new InputError(file, at, 'expected an object with assumptions and expect');
    for (const f of Object.keys(v)) if (f !== 'assumptions' && f !== 'expect') throw new InputError(file, `${at}.${f}`, 'unknown field (expected assumptions, expect)');
    if (!Array.isArray(v.assumptions) || !v.assumptions.length || v.assumptions.some((a) => typeof a !== 'string')) throw new InputError(file, `${at}.assumptions`, 'expected a non-empty list of strings: how the outcome follows from the card text');
    if (!obj(v.expect) || !Object.keys(v.expect).length) throw new InputError(file, `${at}.expect`, 'expected a non-empty expectation object');
    for (const x of Object.keys(v.expect)) if (!EXPECT_KEYS.has(x)) throw new InputError(file, `${at}.expect.${x}`, `unknown expectation kind (expected one of ${[...EXPECT_KEYS].join(', ')})`);
  }
  return { file, card: j.card, quote: j.quote, cases: j.cases as CardCaseOverlay['cases'] };
}

let cached: Map<string, CardCaseOverlay> | undefined;

/** Every overlay of spec/cards/cases, by card id (read once; two files for one card are bad input). */
export function cardCases(dir = CARD_CASES_DIR): Map<string, CardCaseOverlay> {
  if (dir === CARD_CASES_DIR && cached) return cached;
  const out = new Map<string, CardCaseOverlay>();
  if (existsSync(dir)) {
    for (const f of jsonFilesIn(dir)) {
      const o = readCardCase(join(dir, f));
      const prev = out.get(o.card);
      if (prev) throw new InputError(o.file, '$.card', `card ${o.card} already has its overlay in ${prev.file}`);
      out.set(o.card, o);
    }
  }
  if (dir === CARD_CASES_DIR) cached = out;
  return out;
}

/** An expectation with an overlay merged in: entities and players field by field, events and counts appended. */
export function mergeExpect(base: Expect, over: Expect): Expect {
  const out: Expect = { ...base };
  if (over.entities) { out.entities = { ...base.entities }; for (const [l, e] of Object.entries(over.entities)) out.entities[l] = { ...base.entities?.[l], ...e }; }
  if (over.players) { out.players = { ...base.players }; for (const [p, e] of Object.entries(over.players) as [keyof NonNullable<Expect['players']>, object][]) out.players[p] = { ...base.players?.[p], ...e }; }
  if (over.created) out.created = { ...base.created, ...over.created };
  if (over.result) out.result = over.result;
  if (over.events) out.events = [...(base.events ?? []), ...over.events];
  if (over.count) out.count = [...(base.count ?? []), ...over.count];
  return out;
}
