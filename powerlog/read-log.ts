/**
 * Reading a Power.log: a file, streamed line by line (after a look at its first bytes for binary content), with each
 * game delivered as soon as it ends (parsePowerLog) or pulled one at a time (readGames); or log text held in memory
 * (parsePowerLogText). A file that starts as XML is read as HSReplay (hsreplay/read.ts). Never throws for bad input: a file that is not a usable Power.log comes back with `error` set.
 */
import { createReadStream, openSync, readSync, closeSync, statSync } from 'node:fs';
import { LineReader, OVERFLOW, type Line } from '../differential/line-reader.js';
import { basename } from 'node:path';
import { PowerLogParser, type ParseOptions } from './game-stream.js';
import { newSummary, unreadable, type OnGame, type ParsedGame, type ParseSummary } from './parsed-game.js';
import { looksLikeXml, parseHsReplay } from './hsreplay/read.js';

export type { ParseSummary };

/** A longer line is no Power.log line (the client writes lines of a few hundred bytes). */
const MAX_LOG_LINE_BYTES = 16 * 1024 * 1024;


/** Why a file is not a text Power.log, from its first bytes; undefined when it looks like text. */
export function sniffBinary(buf: Buffer): string | undefined {
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    if (c === 0x1f && buf[i + 1] === 0x8b) return `binary data at byte ${i} (gzip-compressed content)`;
    if (c < 0x09 || (c > 0x0d && c < 0x20) || c === 0x7f) return `binary data at byte ${i}`;
  }
  // Invalid UTF-8 (a few Latin-1 bytes are tolerated: real logs hold player names in many scripts).
  const text = buf.toString('utf8');
  let bad = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0xfffd) bad++;
  if (bad > 16 && bad > text.length / 100) return `binary data (${bad} invalid UTF-8 sequences in the first ${buf.length} bytes)`;
  return undefined;
}

/**
 * Parse one Power.log file, streaming: calls onGame for each game as soon as it ends, keeps nothing else.
 * Never throws for bad input: a file that is not a usable Power.log comes back with `error` set.
 */
export async function parsePowerLog(
  path: string,
  onGame: OnGame,
  opts: ParseOptions = {},
): Promise<ParseSummary> {
  const name = opts.name ?? basename(path);
  const summary = newSummary(name);
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) return { ...summary, error: 'not a regular file' };
    size = st.size;
  } catch (e) {
    return unreadable(summary, e);
  }
  summary.bytes = size;
  if (size === 0) return { ...summary, error: 'empty file (0 bytes)' };
  // Sniff the head for binary content before streaming.
  try {
    const fd = openSync(path, 'r');
    const head = Buffer.alloc(Math.min(size, 65536));
    readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    // HSReplay XML (python-hsreplay, hsreplay.net): read as the Power.log lines it was written from.
    if (looksLikeXml(head.toString('utf8', 0, 256))) return parseHsReplay(path, onGame, { ...opts, name });
    const bin = sniffBinary(head);
    if (bin) return { ...summary, error: `not a text Power.log (${bin})` };
  } catch (e) {
    return unreadable(summary, e);
  }

  const queue: ParsedGame[] = [];
  const parser = new PowerLogParser(name, (g) => queue.push(g), opts);
  let index = 0;
  let firstLine = '';
  let binaryAt: number | undefined;
  let stopped = false;
  const deliver = async (): Promise<void> => {
    queue.sort((a, b) => a.startLine - b.startLine);
    while (queue.length && !stopped) {
      const g = queue.shift()!;
      g.index = ++index;
      summary.games++;
      if ((await onGame(g)) === false) stopped = true;
    }
  };
  // Lines are cut from the bytes with a cap on their size: a file with an endless line (no newline in hundreds of
  // megabytes) is no Power.log, and is told so instead of exhausting the string limits.
  let pending: Line[] = [];
  const reader = new LineReader(MAX_LOG_LINE_BYTES, (l) => pending.push(l));
  let tooLong = false;
  const stream = createReadStream(path);
  /** One line of the log; false when the reading stops there (an endless line, binary data, the caller's stop). */
  const handle = async (line: Line): Promise<boolean> => {
    if (line === OVERFLOW) {
      tooLong = true;
      summary.error = `line ${parser.lines + 1} is longer than ${MAX_LOG_LINE_BYTES / (1024 * 1024)} MiB: not a Power.log line (the rest of the file is not read)`;
      return false;
    }
    if (parser.lines === 0) {
      if (line.charCodeAt(0) === 0xfeff) line = line.slice(1);
      firstLine = line;
    }
    if (binaryAt === undefined && line.includes('\u0000')) {
      binaryAt = parser.lines + 1;
      summary.warnings.push(`line ${binaryAt}: binary data (NUL bytes) in the middle of the log; the rest of the file is ignored`);
      return false;
    }
    parser.push(line);
    if (queue.length) await deliver();
    return !stopped;
  };
  /** The lines cut so far, each handled; false when the reading stops. */
  const drain = async (): Promise<boolean> => {
    const lines = pending;
    pending = [];
    for (const line of lines) if (!(await handle(line))) return false;
    return true;
  };
  try {
    let going = true;
    for await (const chunk of stream) {
      reader.push(chunk as Buffer);
      if (!(going = await drain())) break;
    }
    // the last line, when the file does not end with a newline
    if (going) {
      reader.end();
      await drain();
    }
  } catch (e) {
    summary.warnings.push(`read error after line ${parser.lines}: ${(e as Error).message}`);
  } finally {
    stream.destroy();
  }
  if (!stopped) {
    parser.end();
    await deliver();
  }
  summary.lines = parser.lines;
  summary.gameStateLines = parser.gameStateLines;
  summary.powerTaskListLines = parser.powerTaskListLines;
  if (summary.games === 0 && !tooLong) {
    const first = firstLine.replace(/^[DIWE] \S+ /, '').slice(0, 60);
    if (parser.powerishLines === 0) {
      summary.error = `not a Power.log (no GameState/PowerTaskList lines in ${parser.lines} line(s)${first ? `; it starts with '${first}'` : ''})`;
    } else {
      summary.error = `no game in this Power.log (${parser.lines} line(s), ${parser.gameStateLines + parser.powerTaskListLines} DebugPrintPower line(s), no CREATE_GAME${parser.lines <= 3 && first ? `; it holds only '${first}'` : ''})`;
    }
  }
  return summary;
}

/** Async iterator over the games of a file (one game in memory at a time). Errors become a thrown Error. */
export async function* readGames(path: string, opts: ParseOptions = {}): AsyncGenerator<ParsedGame> {
  // Bridge the callback API to an iterator: the parser waits in onGame until the consumer asks for the next game,
  // so one game at a time is in memory; leaving the loop early stops the reading.
  const items: ParsedGame[] = [];
  let wake: (() => void) | null = null;
  let release: (() => void) | null = null;
  let done = false;
  let cancelled = false;
  let summary: ParseSummary | undefined;
  const run = parsePowerLog(path, async (g) => {
    items.push(g);
    wake?.();
    await new Promise<void>((r) => (release = r));
    return !cancelled;
  }, opts).then((s) => { summary = s; done = true; wake?.(); });
  try {
    for (;;) {
      if (items.length) {
        const g = items.shift()!;
        yield g;
        const r = release as (() => void) | null;
        release = null;
        r?.();
        continue;
      }
      if (done) break;
      await new Promise<void>((r) => (wake = r));
      wake = null;
    }
  } finally {
    cancelled = true;
    (release as (() => void) | null)?.();
    await run;
  }
  if (summary?.error) throw new Error(`${summary.file}: ${summary.error}`);
}

/** Parse log text held in memory (tests, small excerpts). */
export function parsePowerLogText(text: string, opts: ParseOptions = {}): { games: ParsedGame[]; lines: number } {
  const games: ParsedGame[] = [];
  const parser = new PowerLogParser(opts.name ?? 'text', (g) => games.push(g), opts);
  const lines = text.split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  for (const l of lines) parser.push(l);
  parser.end();
  games.sort((a, b) => a.startLine - b.startLine);
  games.forEach((g, i) => (g.index = i + 1));
  return { games, lines: parser.lines };
}
