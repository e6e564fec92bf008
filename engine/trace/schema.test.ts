/** spec/schema/trace.schema.json: every golden trace fits it, so does a Power.log trace, and a broken record is named. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, validate } from '../validation.js';
import { GAME_EVENT_KINDS } from './format.js';
import { tempDirs } from '../../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const traces = join(ROOT, 'golden', 'traces');
const read = (f: string) => readFileSync(join(traces, f), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

describe('trace schema', () => {
  it('every locked golden trace is valid', () => {
    for (const f of readdirSync(traces)) expect(() => validate(f, read(f), 'trace.schema.json'), f).not.toThrow();
  });
  it('a Power.log trace (the parser of real game logs) is valid', async () => {
    const { arbiter } = await import('../../test/run-cli.js');
    const out = join(tempDir('arbiter-trace-'), 'powerlog-trace.jsonl');
    const r = await arbiter('check-log', join(ROOT, 'powerlog', 'fixtures', '2016-play-deaths.log'), '--trace-out', out);
    expect(r.code, r.err).not.toBe(2);
    const t = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(t.length).toBeGreaterThan(10);
    expect(() => validate('powerlog-trace.jsonl', t, 'trace.schema.json')).not.toThrow();
  });
  it('knows every event kind of engine/trace/format.ts', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'spec', 'schema', 'trace.schema.json'), 'utf8'));
    const kinds = Object.keys(schema.definitions).filter((k: string) => k.startsWith('event_')).map((k: string) => k.slice(6)).sort();
    expect(kinds).toEqual([...GAME_EVENT_KINDS].sort());
  });
  it('a record that breaks the format is named by its index and field', () => {
    const t = read(readdirSync(traces)[0]!);
    const i = t.findIndex((r: { t: string; e?: string }) => r.t === 'event' && r.e === 'damage');
    const bad = structuredClone(t);
    if (i >= 0) {
      bad[i].amount = 'four';
      expect(() => validate('sim.jsonl', bad, 'trace.schema.json')).toThrow(new RegExp(`sim\\.jsonl: \\$\\[${i}\\]\\.amount: is not of a type\\(s\\) integer`));
    }
    expect(() => validate('sim.jsonl', [{ t: 'event', e: 'explode' }], 'trace.schema.json')).toThrow(/\$\[0\]\.e/);
  });
});
