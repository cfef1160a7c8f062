// File names from clients are display text only: never used on disk, never trusted in a header.

// \p{Cc}: the C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F); then zero-width, bidi and BOM.
const CONTROL = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;
const RESERVED = /[<>:"|?*]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/** The name as the user gave it, minus what cannot be stored or shown (NUL, control and bidi characters). */
export function cleanOriginalName(raw: string): string {
  return raw.replace(CONTROL, '').slice(0, 500);
}

/** A safe display name: last path component, no control/reserved characters, no leading dots, at most 200 characters. */
export function sanitiseFileName(raw: string): string {
  let name = cleanOriginalName(raw);
  name = name.split(/[\\/]/).pop() ?? '';
  name = name.replace(RESERVED, '_').replace(/\s+/g, ' ').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  if (!name) name = 'file';
  const chars = [...name];
  if (chars.length > 200) {
    const ext = extensionOf(name);
    const keep = ext ? 200 - ext.length - 1 : 200;
    name = chars.slice(0, keep).join('') + (ext ? `.${ext}` : '');
  }
  return name;
}

/** Lower-case extension without the dot ('' when none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const i = base.lastIndexOf('.');
  return i > 0 && i < base.length - 1 ? base.slice(i + 1).toLowerCase() : '';
}

/** RFC 6266 / RFC 5987 Content-Disposition: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
