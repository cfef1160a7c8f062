// The HTML allow-list sanitiser (previews, article bodies) is one linear pass: inputs that make a
// backtracking tokenizer quadratic end at once, and what comes out carries no script.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../server/files/sanitizeHtml.js';

describe('sanitizeHtml on hostile input', () => {
  it('ends in linear time on quadratic bait and keeps no markup of it', () => {
    const baits = [
      '<a'.repeat(200_000),
      `<p ${'a'.repeat(400_000)}>x</p>`,
      '<!--'.repeat(100_000),
      '<a "'.repeat(100_000),
      `<p title="${'"'.repeat(1)}${'x'.repeat(300_000)}`,
      `${'<'.repeat(300_000)}${'>'.repeat(300_000)}`,
      `<p ${'a=b '.repeat(100_000)}>`,
    ];
    for (const bait of baits) {
      const t0 = performance.now();
      const out = sanitizeHtml(bait);
      expect(performance.now() - t0, bait.slice(0, 20)).toBeLessThan(1500);
      expect(out).not.toMatch(/<(?!\/?p\b|a\b|\/a\b)/);
    }
  });

  it('still drops scripts, handlers and javascript: links, unterminated tags included', () => {
    expect(sanitizeHtml('<p onclick="x()">a</p><script>alert(1)</script><a href="javascript&#58;x">b</a>')).toBe('<p>a</p><a>b</a>');
    expect(sanitizeHtml('ok<img src=x onerror="alert(1)" ')).toBe('ok&lt;img src=x onerror="alert(1)" ');
    expect(sanitizeHtml('<p>1 < 2 > 0</p><!-- c --><b>x</b>')).toBe('<p>1 &lt; 2 &gt; 0</p><b>x</b>');
  });
});
