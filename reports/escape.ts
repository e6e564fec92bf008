/**
 * Text from a simulator (error messages, stderr, names) may hold any character. XML 1.0 allows only
 * #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]: a parser rejects a file with any other (an
 * ESC of a coloured message, a NUL), and a terminal showing summary.md would run an escape sequence. Every report
 * writes such characters as a visible escape, `\u001b`: the reader sees what the simulator sent.
 */

/** The characters no report writes as they are: those XML 1.0 forbids (C0 controls but tab, line feed and carriage
 * return; lone surrogates; U+FFFE, U+FFFF), and DEL and the C1 controls (allowed by XML, discouraged, and read as
 * control sequences by terminals). */
const UNSHOWN = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `s` with every control character (but tab, line feed, carriage return), lone surrogate and U+FFFE/U+FFFF written `\uXXXX`. */
export function showControls(s: string): string {
  return s.replace(UNSHOWN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Text for an XML or HTML file (junit.xml, report.html): control characters as \uXXXX, then & < > " as entities. */
export function escapeMarkup(s: string): string {
  return showControls(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
