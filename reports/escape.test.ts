/**
 * Characters a simulator may send that no report writes as they are (XML 1.0 forbids them; a terminal runs them):
 * report.html and summary.md show them as `\uXXXX`, with their HTML and Markdown escaping as before. (junit.xml with
 * the same text validates against the JUnit XSD: junit-xsd.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeReports } from './write.js';
import { showControls } from './escape.js';
import type { CaseResult } from '../differential/runner.js';
import { tempDirs } from '../test/support/temp.js';

const tempDir = tempDirs();

/**
 * May a report write this code point raw? XML 1.0's Char production (#x9 | #xA | #xD | [#x20-#xD7FF] |
 * [#xE000-#xFFFD] | [#x10000-#x10FFFF]), less DEL and the C1 controls (#x7F-#x9F), which terminals act on.
 */
const shownRaw = (cp: number) => cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff && !(cp >= 0x7f && cp <= 0x9f)) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
const hostile = 'boom \u001b[31m<script>alert(1)</script> \u0000 \u0007 \ufffe \ud800 \udc00 *bold* \u{1F600}';

describe('characters no report writes raw', () => {
  it('showControls writes each forbidden character as \\uXXXX and keeps tab, line feed, carriage return and astral characters', () => {
    expect(showControls('a\u001bb\u0000c\u009bd\ufffee\ud800f\udc00g')).toBe('a\\u001bb\\u0000c\\u009bd\\ufffee\\ud800f\\udc00g');
    expect(showControls('t\tn\nr\r \u{1F600} \ud83d\ude00 é')).toBe('t\tn\nr\r \u{1F600} \ud83d\ude00 é');
    // every code unit 0..0xFFFF: nothing forbidden is left
    const all = Array.from({ length: 0x10000 }, (_, i) => String.fromCharCode(i)).join('');
    const left = [...showControls(all)].filter((ch) => !shownRaw(ch.codePointAt(0)!));
    expect(left).toEqual([]);
  });

  it('report.html and summary.md: a simulator message with ESC, NUL, U+FFFE and lone surrogates shows them as \\uXXXX, HTML still escaped', () => {
    const dir = tempDir('arbiter-controls-');
    const sim = { name: 'sim\u001b', version: '1', fidelity: 'final_state' as const };
    const base = { origin: 'x', title: hostile, simulator: sim, violations: [], diagnosis: [] };
    const results: CaseResult[] = [
      { ...base, case: 'crash', status: 'CRASH', rules: ['3'], detail: hostile, stderr: hostile, divergences: [] },
      { ...base, case: 'fail', status: 'FAIL', rules: ['7'], cause: 'rule', attribution: { rule: '7', at: 'final', step: hostile, basis: 'final' }, divergences: [{ path: 'final.result', expected: 'ongoing', actual: hostile }] as never },
    ];
    writeReports(dir, results, { simulator: sim, command: `run ${hostile}` });
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const md = readFileSync(join(dir, 'summary.md'), 'utf8');
    const short = readFileSync(join(dir, 'summary-short.md'), 'utf8');
    for (const [name, text] of [['report.html', html], ['summary.md', md], ['summary-short.md', short]] as const) {
      expect([...text].filter((ch) => !shownRaw(ch.codePointAt(0)!)).map((ch) => ch.codePointAt(0)!.toString(16)), name).toEqual([]);
      expect(text, name).not.toContain('\ufffd');
    }
    expect(html).toContain('boom \\u001b[31m&lt;script&gt;alert(1)&lt;/script&gt; \\u0000 \\u0007 \\ufffe \\ud800 \\udc00 *bold* \u{1F600}');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Arbiter report: sim\\u001b');
    // the case's JSON block keeps the text exactly (its escapes are JSON's)
    const block = /<script type="application\/json" class="case-data">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.stringify(JSON.parse(block))).toContain(JSON.stringify(hostile).slice(1, -1));
    // Markdown: the escape shown as text (its backslash escaped), HTML and emphasis escaped
    expect(md).toContain('boom \\\\u001b\\[31m&lt;script&gt;alert(1)&lt;/script&gt; \\\\u0000 \\\\u0007 \\\\ufffe \\\\ud800 \\\\udc00 \\*bold\\* \u{1F600}');
  });
});
