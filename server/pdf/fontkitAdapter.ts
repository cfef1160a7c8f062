// pdf-lib's font engine slot filled with upstream fontkit 2 instead of @pdf-lib/fontkit 1.1: the old fork writes
// corrupt subsets of large TrueType fonts (short `loca` offsets without padding: most Chinese glyphs print blank,
// fixed upstream in fontkit 1.8). Two adaptations: pdf-lib calls `subset.encodeStream()` (fontkit 2 has `encode()`),
// and a font parsed once is handed out again for the same bytes, so each PDF does not re-parse an 8,000-glyph font.
import { EventEmitter } from 'node:events';
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

type Subset = { encode(): Uint8Array; encodeStream?: () => EventEmitter };

/** What PDFDocument.registerFontkit takes. */
export const pdfFontkit = {
  create(bytes: Uint8Array) {
    const font = parseFont(bytes);
    // A view of the shared font whose subsets also speak pdf-lib's stream API.
    return Object.assign(Object.create(font) as fontkit.Font, {
      createSubset() {
        const subset = font.createSubset() as unknown as Subset;
        subset.encodeStream = () => {
          const stream = new EventEmitter();
          queueMicrotask(() => {
            try {
              stream.emit('data', subset.encode());
              stream.emit('end');
            } catch (err) {
              stream.emit('error', err);
            }
          });
          return stream;
        };
        return subset;
      },
    });
  },
};
