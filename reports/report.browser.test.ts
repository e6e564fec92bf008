/**
 * The HTML report in a real browser: headless Chromium (Debian's package) driven by playwright-core. It opens, the
 * failures are listed, a trace diff is visible; a screenshot is saved as a test artifact (test-artifacts/).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { loadCardPool } from '../engine/cards/pool.js';
import { ROOT } from '../engine/validation.js';
import { runDifferential } from '../differential/runner.js';
import { goldenCases } from '../differential/cases.js';
import { writeReports } from './write.js';
import { tempDirs } from '../test/support/temp.js';

/** Temporary folders, removed when this file's tests are done. */
const tempDir = tempDirs();

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!CHROMIUM) console.warn('SKIPPED: report.html browser test: no chromium (scripts/ensure-chromium.sh installs it as root)');

describe('report.html in Chromium', () => {
  it.skipIf(!CHROMIUM)('opens, lists the failures collapsed, draws one\'s trace diff when expanded, shows the heat map, filters by heat-map cell, search and cause, and is screenshotted', async () => {
    const cards = loadCardPool();
    const out = tempDir('arbiter-html-');
    const command = [process.execPath, join(ROOT, 'bin', 'arbiter.mjs'), 'adapter', '--mutant', 'deaths-one-at-a-time'];
    const { results, hello } = await runDifferential({ command, cases: goldenCases(cards), cards, outDir: out });
    writeReports(out, results, { simulator: hello, command: command.join(' ') });
    const failing = results.filter((r) => r.status === 'FAIL').map((r) => r.case);
    expect(failing.length).toBeGreaterThan(0);

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await page.goto(pathToFileURL(join(out, 'report.html')).href);
      expect(await page.title()).toMatch(/Arbiter report: arbiter-reference\+deaths-one-at-a-time/);
      await expect.poll(() => page.locator('#summary').innerText()).toMatch(/NEW FAIL/);
      const listed = await page.locator('#failure-list li a').allInnerTexts();
      expect(listed.sort()).toEqual([...failing].sort());
      // failures start collapsed, what differed first on the summary line; a click expands one
      const first = page.locator('details.failure').first();
      expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await first.locator('summary .first').innerText()).not.toBe('');
      // its details are drawn only on expand, from its JSON block
      expect(await page.locator('[data-testid="trace-diff"]').count()).toBe(0);
      expect(await first.locator('script.case-data').count()).toBe(1);
      await first.locator('summary').click();
      expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      const diff = first.locator('[data-testid="trace-diff"]');
      await expect.poll(() => diff.count()).toBe(1);
      expect(await first.locator('script.case-data').count()).toBe(0);
      expect(await first.locator('pre.scenario').innerText()).toMatch(/"rules"/);
      expect(await page.locator('[data-testid="trace-diff"]').count()).toBe(1);
      expect(await diff.isVisible()).toBe(true);
      expect(await diff.locator('span.add, span.del').count()).toBeGreaterThan(0);
      expect(await page.locator('#rule-matrix tr.bad').count()).toBeGreaterThan(0);
      // the heat map in the summary header: one row (one simulator), a cell per rule of the matrix, the failing
      // rules not green, and a click on a failing cell filters the failures by its rule
      const cells = page.locator('#summary-header svg#heatmap rect.cell');
      expect(await cells.count()).toBe(await page.locator('#rule-matrix tr').count() - 1);
      const shares = await cells.evaluateAll((rs) => rs.map((r) => [r.getAttribute('data-rule'), r.getAttribute('data-share'), r.getAttribute('fill')]));
      const failingRules = new Set(results.filter((r) => r.status === 'FAIL' && (r.cause ?? 'rule') === 'rule').map((r) => r.attribution?.rule ?? r.rules[0]));
      for (const [rule, share, fill] of shares) {
        if (failingRules.has(rule!)) expect(Number(share), rule!).toBeGreaterThan(0);
        if (share === '0.000') expect(fill).toBe('hsl(120,70%,50%)');
      }
      const hot = shares.find(([rule]) => failingRules.has(rule!))![0]!;
      await page.locator(`#heatmap rect.cell[data-rule="${hot}"]`).click();
      expect(await page.locator('#filter-rule').inputValue()).toBe(hot);
      expect(await page.locator('details.failure:not([hidden])').count()).toBe(results.filter((r) => r.status === 'FAIL' && r.attribution?.rule === hot).length);
      await page.locator('#filter-rule').selectOption('');
      await page.locator('#filter-rule').dispatchEvent('input');
      // search and filters hide what does not match, in the sections and in the list
      const visible = () => page.locator('details.failure:not([hidden])').count();
      expect(await visible()).toBe(failing.length);
      await page.locator('#search').fill(failing[0]!);
      expect(await visible()).toBeGreaterThanOrEqual(1);
      expect(await visible()).toBeLessThan(failing.length);
      expect(await page.locator('#failure-list li:not([hidden]) a').allInnerTexts()).toContain(failing[0]);
      await page.locator('#search').fill('no case has this in its name');
      expect(await visible()).toBe(0);
      await page.locator('#search').fill('');
      await page.locator('#filter-cause').selectOption('rule');
      expect(await visible()).toBe(results.filter((r) => r.status === 'FAIL' && r.cause === 'rule').length);
      expect(await page.locator('#shown').innerText()).toMatch(/^\d+ shown$/);
      // The screenshot goes to the OS temporary folder (the checkout stays clean); its path is printed.
      const artifacts = process.env.ARBITER_ARTIFACTS ?? tempDir('arbiter-artifacts-');
      mkdirSync(artifacts, { recursive: true });
      process.stderr.write(`report.html screenshot: ${join(artifacts, 'report.png')}\n`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(artifacts, 'report.png'), fullPage: false });
      expect(existsSync(join(artifacts, 'report.png'))).toBe(true);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
