// The PDF fonts' engine: upstream fontkit 2 (layout with GSUB and GPOS, subsets). A font parsed once is handed
// out again for the same bytes, so each PDF does not re-parse an 8,000-glyph font. (The older @pdf-lib/fontkit
// 1.1 fork wrote corrupt subsets of large TrueType fonts: short `loca` offsets without padding.)
import * as fontkit from 'fontkit';

const parsed = new WeakMap<Uint8Array, fontkit.Font>();

/** The parsed font of `bytes` (cached by identity: the shared font files are loaded once a process). */
export function parseFont(bytes: Uint8Array): fontkit.Font {
  let font = parsed.get(bytes);
  if (!font) {
    font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as fontkit.Font;
    parsed.set(bytes, font);
  }
  return font;
}
