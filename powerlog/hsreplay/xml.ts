/**
 * A small XML tokenizer for HSReplay documents: start tags with their attributes, end tags, each with the 1-based
 * line it starts on. Enough of XML 1.0 for what HSReplay writers produce (declaration, DOCTYPE with or without an
 * internal subset, comments, CDATA, processing instructions, character and the five predefined entity references);
 * text content is skipped. Not well-formed input (an unquoted attribute, an end tag that closes the wrong element,
 * an unclosed tag or element) throws an XmlError with the line, never returns a partial tree silently.
 */

export class XmlError extends Error {
  constructor(readonly line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

export type XmlToken =
  | { kind: 'start'; name: string; attrs: Record<string, string>; selfClosing: boolean; line: number }
  | { kind: 'end'; name: string; line: number };

const NAME_RE = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const ATTR_RE = /^\s+([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/;

/** The text of an attribute value with its entity and character references replaced. */
export function decodeEntities(s: string, line: number): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (m, ref: string | undefined) => {
    if (!ref) throw new XmlError(line, `a bare '&' in an attribute value (write &amp;)`);
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!(code > 0 && code <= 0x10ffff)) throw new XmlError(line, `bad character reference ${m}`);
      return String.fromCodePoint(code);
    }
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    const v = named[ref];
    if (v === undefined) throw new XmlError(line, `unknown entity reference ${m}`);
    return v;
  });
}

/** Escape text for an attribute value in double quotes. */
export function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Tokens of an XML document, in order; checks that elements nest and that there is one root element. */
export function* tokenize(text: string): Generator<XmlToken> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const stack: string[] = [];
  let rootSeen = false;
  const advance = (to: number): void => {
    for (let k = i; k < to; k++) if (text.charCodeAt(k) === 10) line++;
    i = to;
  };
  const need = (end: string, what: string): number => {
    const j = text.indexOf(end, i);
    if (j < 0) throw new XmlError(line, `unterminated ${what}`);
    return j;
  };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      if (text.slice(i).trim() && !stack.length) throw new XmlError(line, 'text after the root element');
      advance(text.length);
      break;
    }
    if (!stack.length && text.slice(i, lt).trim()) throw new XmlError(line, `text outside the root element: '${text.slice(i, lt).trim().slice(0, 30)}'`);
    advance(lt);
    if (text.startsWith('<!--', i)) { advance(need('-->', 'comment') + 3); continue; }
    if (text.startsWith('<![CDATA[', i)) { advance(need(']]>', 'CDATA section') + 3); continue; }
    if (text.startsWith('<?', i)) { advance(need('?>', 'processing instruction') + 2); continue; }
    if (text.startsWith('<!DOCTYPE', i)) {
      // An internal subset [ ... ] may hold '>' characters.
      const bracket = text.indexOf('[', i);
      const close = text.indexOf('>', i);
      if (close < 0) throw new XmlError(line, 'unterminated DOCTYPE');
      if (bracket >= 0 && bracket < close) advance(need(']', 'DOCTYPE internal subset'));
      advance(need('>', 'DOCTYPE') + 1);
      continue;
    }
    const start = line;
    if (text[i + 1] === '/') {
      const m = NAME_RE.exec(text.slice(i + 2, i + 200));
      if (!m) throw new XmlError(line, 'an end tag without a name');
      const gt = need('>', `end tag </${m[0]}>`);
      if (text.slice(i + 2 + m[0].length, gt).trim()) throw new XmlError(line, `unexpected text in end tag </${m[0]}>`);
      const open = stack.pop();
      if (open !== m[0]) throw new XmlError(line, open ? `</${m[0]}> closes <${open}>` : `</${m[0]}> with no open element`);
      advance(gt + 1);
      yield { kind: 'end', name: m[0], line: start };
      continue;
    }
    const m = NAME_RE.exec(text.slice(i + 1, i + 200));
    if (!m) throw new XmlError(line, `'<' not followed by a tag name`);
    const name = m[0];
    if (!stack.length && rootSeen) throw new XmlError(line, `a second root element <${name}>`);
    let j = i + 1 + name.length;
    const attrs: Record<string, string> = {};
    for (;;) {
      const rest = text.slice(j, j + 4096);
      const a = ATTR_RE.exec(rest);
      if (a) {
        if (a[1]! in attrs) throw new XmlError(line, `attribute ${a[1]} given twice in <${name}>`);
        attrs[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '', line);
        j += a[0].length;
        continue;
      }
      const ws = /^\s*/.exec(rest)![0].length;
      j += ws;
      if (text.startsWith('/>', j)) { j += 2; break; }
      if (text[j] === '>') { j += 1; break; }
      if (j >= text.length) throw new XmlError(start, `unterminated tag <${name}>`);
      throw new XmlError(start, `malformed attribute in <${name}> near '${text.slice(j, j + 20)}' (attribute values must be quoted)`);
    }
    const selfClosing = text[j - 2] === '/';
    advance(j);
    rootSeen = true;
    if (!selfClosing) stack.push(name);
    yield { kind: 'start', name, attrs, selfClosing, line: start };
    if (selfClosing) yield { kind: 'end', name, line };
  }
  if (stack.length) throw new XmlError(line, `the document ends inside <${stack[stack.length - 1]}>`);
  if (!rootSeen) throw new XmlError(line, 'no root element');
}
