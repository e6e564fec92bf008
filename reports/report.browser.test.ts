/**
 * The HTML report in a real browser: headless Chromium (Debian's package) driven by playwright-core. It opens, the
 * failures are listed, a trace diff is visible; a screenshot is saved as a test artifact (test-artifacts/).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { loadCardPool } from '../engine/cards/pool.js';
import { ROOT } from '../engine/validation.js';
import { runDifferential } from '../differential/runner.js';
import { goldenCases } from '../differential/cases.js';
import { writeReports } from './write.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!CHROMIUM) console.warn('SKIPPED: report.html browser test: no chromium (scripts/ensure-chromium.sh installs it as root)');

describe('report.html in Chromium', () => {
  it.skipIf(!CHROMIUM)('opens, lists the failures collapsed, expands one to its trace diff, filters by search and cause, and is screenshotted', async () => {
    const cards = loadCardPool();
    const out = mkdtempSync(join(tmpdir(), 'arbiter-html-'));
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
      await first.locator('summary').click();
      expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      const diff = first.locator('[data-testid="trace-diff"]');
      expect(await diff.isVisible()).toBe(true);
      expect(await diff.locator('span.add, span.del').count()).toBeGreaterThan(0);
      expect(await page.locator('#rule-matrix tr.bad').count()).toBeGreaterThan(0);
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
      const artifacts = process.env.ARBITER_ARTIFACTS ?? mkdtempSync(join(tmpdir(), 'arbiter-artifacts-'));
      mkdirSync(artifacts, { recursive: true });
      process.stderr.write(`report.html screenshot: ${join(artifacts, 'report.png')}\n`);
      await page.screenshot({ path: join(artifacts, 'report.png'), fullPage: false });
      expect(existsSync(join(artifacts, 'report.png'))).toBe(true);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
