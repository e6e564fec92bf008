/**
 * `arbiter check-log`: check the log-fidelity invariants (Rules 3, 7, 9) against real Power.log files.
 * Each file is streamed game by game (powerlog/parser.ts); each game's trace is judged (powerlog/invariants.ts) and
 * dropped before the next, so memory is bounded by one game. A bad file is reported and never stops the others.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parsePowerLog, type ParsedGame, type ParseOptions } from './parser.js';
import { judgeRule3, judgeRule7, judgeRule9, type RuleStats, type Violation } from './invariants.js';
import type { TraceRecord } from '../engine/trace/format.js';

export type RuleId = '3' | '7' | '9';
export const ALL_RULES: readonly RuleId[] = ['3', '7', '9'];

const JUDGES: Record<RuleId, (r: readonly TraceRecord[]) => { violations: Violation[]; stats: RuleStats }> = {
  '3': judgeRule3,
  '7': judgeRule7,
  '9': judgeRule9,
};

export interface CheckOptions {
  /** Rules to check (default all). */
  rules?: readonly RuleId[];
  /** Keep at most this many violations per game in the report (default 50; the counts stay exact). */
  maxViolationsPerGame?: number;
  /** Called after each file, e.g. to print progress. */
  onLog?: (log: LogReport) => void;
  /** Called with each game's trace before it is dropped (e.g. to write it out). */
  onTrace?: (file: string, game: number, records: readonly TraceRecord[]) => void;
  parse?: ParseOptions;
}

/** A checked game: what the parser said of it (without its records), and what the checks found. */
export interface GameReport extends Pick<ParsedGame, 'index' | 'source' | 'startLine' | 'endLine' | 'build' | 'gameType' | 'midGame' | 'complete' | 'counters' | 'warnings'> {
  players: { player: number; name?: string }[];
  /** DEATHS blocks opened inside a running Phase (the rulebook's Forced Death Phases): log line and the cards of the
   * blocks they interrupt. Allowed by rule 3; listed so they can be reviewed. */
  forcedDeathPhases: { line: number; cards: string[] }[];
  stats: RuleStats[];
  violationCount: number;
  violations: Violation[];
}

export interface Totals {
  games: number;
  blocks: number;
  deathPhases: number;
  /** Character (minion and hero) deaths judged by Rule 3. */
  deathsChecked: number;
  /** Deaths in death phases skipped by Rule 7 (order of play unknown: preexisting or recreated). */
  orderUnknownSkipped: number;
  /** Entities already in play when a mid-game log began. */
  preexisting: number;
  /** DEATHS blocks inside a running Phase (Forced Death Phases). */
  forcedDeathPhases: number;
  /** Checks made: Rule 3 deaths + Rule 7 death phases with >= 2 ordered deaths + Rule 9 decided results. */
  checks: number;
  violations: number;
  byRule: Record<string, { checks: number; violations: number }>;
}

export interface LogReport {
  file: string;
  path: string;
  /** false when the file is not a usable Power.log (then `error` says why, in one line). */
  ok: boolean;
  error?: string;
  bytes: number;
  lines: number;
  ms: number;
  games: GameReport[];
  warnings: string[];
  totals: Totals;
}

export interface Report {
  logs: LogReport[];
  /** Files a directory held that are not logs (README, LICENSE, *.md): listed, not checked. */
  skipped: string[];
  totals: Totals & { files: number; badFiles: number; filesWithViolations: number };
  ms: number;
}

function emptyTotals(): Totals {
  return { games: 0, blocks: 0, deathPhases: 0, deathsChecked: 0, orderUnknownSkipped: 0, preexisting: 0, forcedDeathPhases: 0, checks: 0, violations: 0, byRule: {} };
}

function addTotals(into: Totals, t: Totals): void {
  into.games += t.games;
  into.blocks += t.blocks;
  into.deathPhases += t.deathPhases;
  into.deathsChecked += t.deathsChecked;
  into.orderUnknownSkipped += t.orderUnknownSkipped;
  into.preexisting += t.preexisting;
  into.forcedDeathPhases += t.forcedDeathPhases;
  into.checks += t.checks;
  into.violations += t.violations;
  for (const [rule, v] of Object.entries(t.byRule)) {
    const r = (into.byRule[rule] ??= { checks: 0, violations: 0 });
    r.checks += v.checks;
    r.violations += v.violations;
  }
}

const NOT_LOGS = /^(readme|license|licence|copying|notice)([-._].*)?$|\.(md|txt|json|html?)$/i;

/**
 * Expand the arguments: a directory means every file in it (sorted; hidden files and README / LICENSE / *.md
 * skipped). What a folder holds besides files (a folder, a FIFO or device, a link that cannot be followed) is not read
 * and is listed as skipped with why.
 */
export function expandPaths(paths: readonly string[]): { files: string[]; skipped: string[]; missing: string[] } {
  const files: string[] = [];
  const skipped: string[] = [];
  const missing: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      missing.push(p);
      continue;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name.startsWith('.')) continue;
        const full = join(p, name);
        let s2;
        try {
          s2 = statSync(full);
        } catch {
          skipped.push(`${full} (cannot be read: a broken link?)`);
          continue;
        }
        if (s2.isDirectory()) { skipped.push(`${full} (a folder: folders are not searched; name it to check it)`); continue; }
        if (!s2.isFile()) { skipped.push(`${full} (not a regular file)`); continue; }
        if (NOT_LOGS.test(name)) skipped.push(full);
        else files.push(full);
      }
    } else {
      files.push(p);
    }
  }
  return { files, skipped, missing };
}

/** Check one file. Never throws. */
export async function checkLog(path: string, opts: CheckOptions = {}): Promise<LogReport> {
  const t0 = Date.now();
  const rules = opts.rules ?? ALL_RULES;
  const maxV = opts.maxViolationsPerGame ?? 50;
  const file = basename(path);
  const report: LogReport = { file, path, ok: true, bytes: 0, lines: 0, ms: 0, games: [], warnings: [], totals: emptyTotals() };
  try {
    const summary = await parsePowerLog(path, (g) => {
      const stats: RuleStats[] = [];
      const violations: Violation[] = [];
      for (const rule of rules) {
        const j = JUDGES[rule](g.records);
        stats.push(j.stats);
        violations.push(...j.violations);
      }
      violations.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
      opts.onTrace?.(file, g.index, g.records);
      const gameType = g.gameType ?? gameTypeOf(g.records);
      const forcedDeathPhases = g.records
        .filter((r) => r.t === 'open' && r.kind === 'FORCED_DEATH')
        .map((r) => ({ line: Number(r.line ?? 0), cards: Array.isArray(r.forcedBy) ? (r.forcedBy as string[]) : [] }));
      const gr: GameReport = {
        index: g.index, source: g.source, startLine: g.startLine, endLine: g.endLine,
        ...(g.build !== undefined ? { build: g.build } : {}), ...(gameType ? { gameType } : {}),
        midGame: g.midGame, complete: g.complete, players: g.players.map((p) => ({ player: p.player, ...(p.name ? { name: p.name } : {}) })),
        counters: g.counters, forcedDeathPhases, stats, violationCount: violations.length, violations: violations.slice(0, maxV), warnings: g.warnings,
      };
      report.games.push(gr);
      const t = report.totals;
      t.games++;
      t.blocks += g.counters.blocks;
      t.deathPhases += g.counters.deathPhases;
      t.preexisting += g.counters.preexisting;
      t.forcedDeathPhases += forcedDeathPhases.length;
      t.violations += violations.length;
      for (const s of stats) {
        t.checks += s.checks;
        if (s.rule === '3') t.deathsChecked += s.checks;
        if (s.rule === '7') t.orderUnknownSkipped += s.skippedUnknownOrder ?? 0;
        const r = (t.byRule[s.rule] ??= { checks: 0, violations: 0 });
        r.checks += s.checks;
        r.violations += s.violations;
      }
    }, opts.parse);
    report.bytes = summary.bytes;
    report.lines = summary.lines;
    report.warnings.push(...summary.warnings);
    if (summary.error) {
      report.ok = false;
      report.error = summary.error;
    }
  } catch (e) {
    report.ok = false;
    report.error = `could not be checked: parser failure (${(e as Error).message.split('\n')[0]})`;
  }
  report.ms = Date.now() - t0;
  return report;
}

/** Game type when the log has no DebugPrintGame: Mercenaries is told by its ability cards. */
function gameTypeOf(records: readonly TraceRecord[]): string | undefined {
  for (const r of records) if (r.t === 'entity' && r.type === 'lettuce_ability') return 'GT_MERCENARIES';
  return undefined;
}

/** Check files and directories (a directory means every log file in it). Bad files are reported, never thrown. */
export async function checkLogs(paths: readonly string[], opts: CheckOptions = {}): Promise<Report> {
  const t0 = Date.now();
  const { files, skipped, missing } = expandPaths(paths);
  const logs: LogReport[] = [];
  for (const m of missing) {
    const r: LogReport = { file: basename(m), path: m, ok: false, error: 'no such file or directory', bytes: 0, lines: 0, ms: 0, games: [], warnings: [], totals: emptyTotals() };
    logs.push(r);
    opts.onLog?.(r);
  }
  for (const f of files) {
    const r = await checkLog(f, opts);
    logs.push(r);
    opts.onLog?.(r);
  }
  const totals = { ...emptyTotals(), files: logs.length, badFiles: 0, filesWithViolations: 0 };
  for (const l of logs) {
    addTotals(totals, l.totals);
    if (!l.ok) totals.badFiles++;
    if (l.totals.violations > 0) totals.filesWithViolations++;
  }
  return { logs, skipped, totals, ms: Date.now() - t0 };
}

/** Exit code: 2 when any input is bad (or there was none), else 1 when violations were found (unless allowed), else 0. */
export function exitCodeFor(report: Report, allowViolations = false): number {
  if (report.logs.length === 0 || report.totals.badFiles > 0) return 2;
  if (report.totals.violations > 0 && !allowViolations) return 1;
  return 0;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}
function lpad(s: string | number, n: number): string {
  const t = String(s);
  return t.length >= n ? t : ' '.repeat(n - t.length) + t;
}

export interface FormatOptions {
  /** Show every warning (default: a count per file, and the first 3). */
  warnings?: boolean;
  /** Show the per-file table (default true). */
  table?: boolean;
}

/** Human-readable report. */
export function formatReport(report: Report, opts: FormatOptions = {}): string {
  const out: string[] = [];
  const t = report.totals;
  out.push(`arbiter check-log: ${t.files} file(s), ${t.games} game(s), ${(report.ms / 1000).toFixed(1)} s`);
  if (opts.table !== false && report.logs.length) {
    const w = Math.min(60, Math.max(20, ...report.logs.map((l) => l.file.length)));
    out.push('');
    out.push(`${pad('log', w)}  ${lpad('games', 5)}  ${lpad('blocks', 6)}  ${lpad('death phases', 12)}  ${lpad('deaths checked', 14)}  ${lpad('order unknown', 13)}  ${lpad('checks', 6)}  ${lpad('violations', 10)}`);
    for (const l of report.logs) {
      const name = l.file.length > w ? `…${l.file.slice(l.file.length - w + 1)}` : l.file;
      if (!l.ok) {
        out.push(`${pad(name, w)}  ${lpad('-', 5)}  BAD INPUT: ${l.error}`);
        continue;
      }
      const lt = l.totals;
      out.push(`${pad(name, w)}  ${lpad(lt.games, 5)}  ${lpad(lt.blocks, 6)}  ${lpad(lt.deathPhases, 12)}  ${lpad(lt.deathsChecked, 14)}  ${lpad(lt.orderUnknownSkipped, 13)}  ${lpad(lt.checks, 6)}  ${lpad(lt.violations, 10)}`);
    }
    out.push(`${pad('total', w)}  ${lpad(t.games, 5)}  ${lpad(t.blocks, 6)}  ${lpad(t.deathPhases, 12)}  ${lpad(t.deathsChecked, 14)}  ${lpad(t.orderUnknownSkipped, 13)}  ${lpad(t.checks, 6)}  ${lpad(t.violations, 10)}`);
  }
  const rules = Object.entries(t.byRule).map(([r, v]) => `rule ${r}: ${v.checks} checks, ${v.violations} violation(s)`).join('; ');
  if (rules) out.push('', rules);
  const withV = report.logs.filter((l) => l.totals.violations > 0);
  if (withV.length) {
    out.push('', 'Violations:');
    for (const l of withV) {
      for (const g of l.games) {
        if (!g.violationCount) continue;
        const mode = g.gameType ? ` [${g.gameType}]` : '';
        out.push(`  ${l.file}, game ${g.index} (lines ${g.startLine}-${g.endLine})${mode}:`);
        for (const v of g.violations) out.push(`    [rule ${v.rule}] ${v.message}`);
        if (g.violationCount > g.violations.length) out.push(`    ... and ${g.violationCount - g.violations.length} more`);
      }
    }
  }
  if (t.forcedDeathPhases) {
    out.push('', `Forced Death Phases (a DEATHS block inside a running Phase: rule 3's exception, allowed): ${t.forcedDeathPhases}`);
    for (const l of report.logs) {
      const fs = l.games.flatMap((g) => g.forcedDeathPhases.map((f) => `line ${f.line}${f.cards.length ? ` (${f.cards.join(' > ')})` : ''}`));
      if (fs.length) out.push(`  ${l.file}: ${fs.join(', ')}`);
    }
  }
  const bad = report.logs.filter((l) => !l.ok);
  if (bad.length) {
    out.push('', 'Bad input:');
    for (const l of bad) out.push(`  ${l.file}: ${l.error}`);
  }
  const warned = report.logs.filter((l) => l.warnings.length || l.games.some((g) => g.warnings.length));
  if (warned.length) {
    out.push('', 'Warnings (partial results):');
    for (const l of warned) {
      const all = [...l.warnings, ...l.games.flatMap((g) => g.warnings.map((x) => (l.games.length > 1 ? `game ${g.index}: ${x}` : x)))];
      const shown = opts.warnings ? all : all.slice(0, 3);
      out.push(`  ${l.file}: ${all.length} warning(s)`);
      for (const x of shown) out.push(`    ${x}`);
      if (shown.length < all.length) out.push(`    ... (--warnings shows all)`);
    }
  }
  // A game whose log ends before the game does (a cut file, a client that was closed) is checked as far as it goes.
  const cut = report.logs.flatMap((l) => l.games.filter((g) => !g.complete).map((g) => `  ${l.file}, game ${g.index} (lines ${g.startLine}-${g.endLine}): the log ends before the game does (no COMPLETE game state): checked up to line ${g.endLine}`));
  if (cut.length) out.push('', `Truncated games (${cut.length}):`, ...cut);
  if (report.skipped.length) out.push('', `Skipped: ${report.skipped.map((s) => basename(s)).join(', ')}`);
  out.push('');
  if (report.logs.length === 0) {
    out.push('No log files were found: nothing was checked (give Power.log files, or folders that hold them).');
    return out.join('\n');
  }
  out.push(t.badFiles ? `${t.badFiles} file(s) could not be checked.` : 'All files parsed.');
  out.push(t.violations ? `${t.violations} violation(s) in ${t.filesWithViolations} file(s).` : 'No violations.');
  return out.join('\n');
}

/** The report without per-game warning lists trimmed: what --json prints. */
export function reportToJson(report: Report): string {
  return JSON.stringify(report, null, 2);
}
