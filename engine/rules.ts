/** The rule catalog (spec/rules.json): every rule id the project cites, with its text and source. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './validation.js';

export interface RuleEntry { id: string; title: string; text: string; source: string; kind: string }

let catalog: Map<string, RuleEntry> | null = null;

export function ruleCatalog(): Map<string, RuleEntry> {
  if (!catalog) {
    const doc = JSON.parse(readFileSync(join(ROOT, 'spec', 'rules.json'), 'utf8')) as { rules: RuleEntry[] };
    catalog = new Map(doc.rules.map((r) => [r.id, r]));
  }
  return catalog;
}

export function rule(id: string): RuleEntry | undefined {
  return ruleCatalog().get(id);
}
