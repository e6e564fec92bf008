/**
 * The few known ids closest to one a user typed, for an "unknown id" message that does not list hundreds: ids that
 * contain it (or that it contains), then those sharing the longest prefix or the most words (split at - # = , / .).
 */
const wordsOf = (s: string) => new Set(s.toLowerCase().split(/[-#=,/._\s]+/).filter((w) => w.length > 1));

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** At most `max` of `known`, closest first (ties in the order given); none that shares nothing with `typed`. */
export function closeMatches(typed: string, known: readonly string[], max = 5): string[] {
  const t = typed.toLowerCase();
  const tw = wordsOf(typed);
  const scored = known.map((k, i) => {
    const l = k.toLowerCase();
    const contains = t.length >= 3 && (l.includes(t) || t.includes(l)) ? 1 : 0;
    const prefix = commonPrefix(t, l);
    const shared = [...wordsOf(k)].filter((w) => tw.has(w)).length;
    return { k, i, contains, prefix: prefix >= 3 ? prefix : 0, shared };
  }).filter((x) => x.contains || x.prefix || x.shared);
  scored.sort((a, b) => b.contains - a.contains || b.shared - a.shared || b.prefix - a.prefix || a.i - b.i);
  return scored.slice(0, max).map((x) => x.k);
}
