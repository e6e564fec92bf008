/**
 * keywordBits (one pass over an entity's enchantments and the Other auras) answers what hasKeyword answers for each
 * keyword, for every entity, at every block boundary of every golden Hearthstone case.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCardPool } from './cards/pool.js';
import { loadScenario } from './scenario/load.js';
import { runScenario } from './scenario/run.js';
import { hasKeyword, keywordBits, KEYWORD_BITS, type Game } from './state.js';
import type { Scenario } from './scenario/format.js';
import { ROOT } from './validation.js';

const cards = loadCardPool();
const dir = join(ROOT, 'golden', 'cases');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

function disagreements(g: Game): string[] {
  const out: string[] = [];
  for (const e of g.entities.values()) {
    const bits = keywordBits(g, e);
    KEYWORD_BITS.forEach((k, i) => {
      if (hasKeyword(g, e, k) !== ((bits & (1 << i)) !== 0)) out.push(`${e.card.name} #${e.id} ${k}`);
    });
  }
  return out;
}

describe('keywordBits agrees with hasKeyword', () => {
  it('on every entity at every block boundary of the golden cases, with keywords given and taken', () => {
    let checked = 0;
    let withKeywords = 0;
    const wrong: string[] = [];
    for (const f of files) {
      if (((JSON.parse(readFileSync(join(dir, f), 'utf8')) as { profile?: string }).profile ?? 'hearthstone') !== 'hearthstone') continue;
      const s = loadScenario(join(dir, f), cards);
      const r = runScenario(s, f, { cards, onOpen: (_r, g) => { checked++; wrong.push(...disagreements(g).map((d) => `${f}: ${d}`)); } });
      for (const e of r.g.entities.values()) if (keywordBits(r.g, e) !== 0) withKeywords++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    expect(withKeywords).toBeGreaterThan(20);
  });

  it('a status states a hero\'s own keywords first, then the Windfury of its weapon', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-kw-'));
    try {
      const hero = { format: 'arbiter-card/1', id: 'TEST_MWHERO', name: 'Mega Hero', type: 'hero', health: 30, rarity: 'free', text: '', source: 'test', keywords: ['mega_windfury'] };
      writeFileSync(join(dir, 'mega-hero.json'), JSON.stringify(hero));
      const pool = loadCardPool([join(dir, 'mega-hero.json')]);
      const s = { format: 'arbiter-scenario/1', id: 'kw', title: 't', rules: ['4a'], source: { seed: '001', quote: 'x' }, setup: { active: 'A', A: { hero: 'Mega Hero', weapon: { card: 'Doomhammer' } } }, actions: [], expect: {} } as unknown as Scenario;
      const r = runScenario(s, 'kw', { cards: pool });
      const st = r.trace.find((x) => x.t === 'event' && x.e === 'status' && x.entity === r.labels.get('heroA')) as { keywords?: string[] } | undefined;
      expect(st?.keywords).toEqual(['mega_windfury', 'windfury']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
