// HTML from untrusted documents made safe to show: text escaping and an allow-list sanitiser (docx
// previews, rich-text articles).

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

// ---------------------------------------------------------------------------------------------------
// Allow-list sanitiser for the small tag set mammoth emits. Text between tags is kept as it is
// (mammoth escapes it); tags outside the list are dropped (their text kept), script/style/iframe/object
// elements are dropped with their content; only listed attributes survive, URLs only http(s)/mailto/#
// and images only data:image/(png|jpeg|gif|bmp).
const TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'a',
  'img',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'span',
  'div',
  'hr',
]);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'noscript', 'textarea', 'title']);
const ATTRS: Record<string, string[]> = {
  a: ['href', 'id'],
  img: ['src', 'alt'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  p: ['id'],
  span: ['id'],
};

function safeUrl(tag: string, name: string, value: string): boolean {
  // URL parsers ignore C0 controls and spaces in a scheme ("java\u0000script:"), so the check must too.
  const v = Array.from(value.replace(/&#0*58;|&colon;/gi, ':'))
    .filter((c) => c.charCodeAt(0) > 0x20 && c.trim() !== '')
    .join('')
    .toLowerCase();
  if (tag === 'img' && name === 'src') return /^data:image\/(png|jpeg|gif|bmp);base64,[a-z0-9+/=]*$/.test(v);
  if (name === 'href') return v.startsWith('#') || /^(https?:|mailto:)/.test(v);
  return true;
}

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57);
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const isAttrNameChar = (c: number) => isNameChar(c) || c === 45 || c === 95 || c === 58 || c === 46;
const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

interface Tag {
  close: boolean;
  name: string;
  attrs: string;
  /** Index just after the tag's `>`. */
  end: number;
}

/** The tag at `start` (a `<`): null when no tag name follows (a stray `<`), 'open-ended' when no `>` ends it outside quotes. */
function readTag(html: string, start: number): Tag | null | 'open-ended' {
  let k = start + 1;
  const close = html.charCodeAt(k) === 47;
  if (close) k++;
  const nameStart = k;
  if (!isLetter(html.charCodeAt(k))) return null;
  while (k < html.length && isNameChar(html.charCodeAt(k))) k++;
  const name = html.slice(nameStart, k);
  const attrStart = k;
  while (k < html.length) {
    const c = html.charCodeAt(k);
    if (c === 62) return { close, name, attrs: html.slice(attrStart, k), end: k + 1 };
    if (c === 34 || c === 39) {
      const q = html.indexOf(c === 34 ? '"' : "'", k + 1);
      if (q < 0) return 'open-ended';
      k = q + 1;
    } else k++;
  }
  return 'open-ended';
}

/** `name=value` pairs of a tag's attribute text (valueless attributes are skipped); one pass. */
function readAttrs(raw: string): [string, string][] {
  const out: [string, string][] = [];
  let k = 0;
  while (k < raw.length) {
    if (!isAttrNameChar(raw.charCodeAt(k))) {
      k++;
      continue;
    }
    const nameStart = k;
    while (k < raw.length && isAttrNameChar(raw.charCodeAt(k))) k++;
    const name = raw.slice(nameStart, k);
    let v = k;
    while (v < raw.length && isSpace(raw.charCodeAt(v))) v++;
    if (raw.charCodeAt(v) !== 61) continue;
    v++;
    while (v < raw.length && isSpace(raw.charCodeAt(v))) v++;
    const q = raw.charCodeAt(v);
    if (q === 34 || q === 39) {
      const end = raw.indexOf(q === 34 ? '"' : "'", v + 1);
      if (end < 0) break;
      out.push([name, raw.slice(v + 1, end)]);
      k = end + 1;
    } else {
      let end = v;
      while (end < raw.length && !isSpace(raw.charCodeAt(end)) && !'"\'=<>`'.includes(raw[end])) end++;
      if (end > v) out.push([name, raw.slice(v, end)]);
      k = Math.max(end, v + 1);
    }
  }
  return out;
}

/**
 * One left-to-right pass (no regular expression scans the input, so no input makes it quadratic): text
 * is kept, stray `<` `>` escaped, comments dropped, a tag that never ends escapes the rest as text.
 */
export function sanitizeHtml(html: string): string {
  let out = '';
  let dropping: string | null = null;
  let depth = 0;
  let i = 0;
  // The next `<` and `>` at or after i, each searched again only once passed (a rescan per tag would be quadratic).
  let lt = -2;
  let gt = -2;
  while (i < html.length) {
    if (lt !== -1 && lt < i) lt = html.indexOf('<', i);
    if (gt !== -1 && gt < i) gt = html.indexOf('>', i);
    const j = lt < 0 ? gt : gt < 0 ? lt : Math.min(lt, gt);
    if (j < 0) break;
    if (!dropping) out += html.slice(i, j);
    i = j + 1;
    if (j === gt) {
      if (!dropping) out += '&gt;';
      continue;
    }
    if (html.startsWith('<!--', j)) {
      const end = html.indexOf('-->', j + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const tag = readTag(html, j);
    if (tag === 'open-ended') {
      if (!dropping) out += escapeText(html.slice(j));
      return out;
    }
    if (tag === null) {
      if (!dropping) out += '&lt;';
      continue;
    }
    i = tag.end;
    const name = tag.name.toLowerCase();
    if (dropping) {
      if (name === dropping) depth += tag.close ? -1 : 1;
      if (depth === 0) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!tag.close && !tag.attrs.trimEnd().endsWith('/')) {
        dropping = name;
        depth = 1;
      }
      continue;
    }
    if (!TAGS.has(name)) continue;
    if (tag.close) {
      out += `</${name}>`;
      continue;
    }
    let attrs = '';
    const allowed = Object.hasOwn(ATTRS, name) ? ATTRS[name] : [];
    for (const [rawName, value] of readAttrs(tag.attrs)) {
      const attr = rawName.toLowerCase();
      if (!allowed.includes(attr) || !safeUrl(name, attr, value)) continue;
      attrs += ` ${attr}="${value.replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
    }
    if (name === 'a' && attrs.includes('href="http')) attrs += ' target="_blank" rel="noopener noreferrer"';
    out += `<${name}${attrs}>`;
  }
  if (!dropping) out += html.slice(i);
  return out;
}

// ---------------------------------------------------------------------------------------------------
