/** Render a trace as an indented tree that a person can read: blocks nest, entities are named. */
import type { TraceRecord } from './format.js';

export function traceTree(records: readonly TraceRecord[]): string {
  const names = new Map<number, string>();
  const lines: string[] = [];
  let depth = 0;
  const pad = () => '  '.repeat(depth);
  const n = (id: unknown) => (typeof id === 'number' ? `${names.get(id) ?? '?'}#${id}` : String(id));
  for (const r of records) {
    switch (r.t) {
      case 'meta':
        lines.push(`trace ${r.format} producer=${r.producer} scenario=${r.scenario ?? '-'} seed=${r.seed ?? '-'}${r.mutants ? ` mutants=${r.mutants.join(',')}` : ''}`);
        break;
      case 'entity':
        names.set(r.id, r.label ? `${r.name}(${r.label})` : r.name);
        break;
      case 'open': {
        const bits = [r.block.toUpperCase(), r.kind];
        if (r.type) bits.push(`[${r.type}]`);
        if (r.outermost) bits.push('outermost');
        if (r.subject !== undefined) bits.push(`subject=${n(r.subject)}`);
        if (r.target !== undefined) bits.push(`target=${n(r.target)}`);
        if (r.player !== undefined) bits.push(`player=${r.player === 0 ? 'A' : 'B'}`);
        if (r.queue !== undefined) bits.push(`queue=${r.queue}#${r.entry}`);
        if (r.rule) bits.push(`(rule ${r.rule})`);
        lines.push(pad() + bits.join(' '));
        depth++;
        break;
      }
      case 'close':
        depth = Math.max(0, depth - 1);
        break;
      case 'queue':
        lines.push(`${pad()}QUEUE ${r.id} (rule ${r.rule}): ${r.entries.map((e) => `${n(e.source)}:${e.what}@${e.order}${e.priority ? `!${e.priority}` : ''}`).join(', ') || '(empty)'}`);
        break;
      case 'event': {
        const { t: _t, e, ...rest } = r as unknown as Record<string, unknown>;
        const parts = Object.entries(rest).map(([k, v]) =>
          ['source', 'target', 'entity', 'subject', 'spell', 'enchantment', 'hero', 'old'].includes(k) && typeof v === 'number' ? `${k}=${n(v)}` : `${k}=${JSON.stringify(v)}`,
        );
        lines.push(`${pad()}${String(e)} ${parts.join(' ')}`);
        break;
      }
    }
  }
  return lines.join('\n') + '\n';
}
