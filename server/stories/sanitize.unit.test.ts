import { describe, expect, it } from 'vitest';
import { sanitizeChapterContent } from './sanitize.ts';

describe('sanitizeChapterContent', () => {
  it('keeps paragraphs, line breaks, emphasis and word spans with their data attributes', () => {
    const html =
      '<p>Cada <span data-word="noche" data-lemma="noche">noche</span>,<br><em>Lucía</em> <strong>subía</strong>.</p>';

    expect(sanitizeChapterContent(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('removes script tags with their text', () => {
    expect(sanitizeChapterContent('<p>Hola</p><script>fetch("/steal?c="+document.cookie)</script>')).toBe(
      '<p>Hola</p>',
    );
  });

  it('removes event attributes and the elements that carry them', () => {
    const cleaned = sanitizeChapterContent(
      '<p onclick="alert(1)">Hola <img src=x onerror="alert(1)"> <span onmouseover="x()">mundo</span></p>',
    );

    expect(cleaned).toBe('<p>Hola  <span>mundo</span></p>');
    expect(cleaned).not.toMatch(/on\w+=/);
  });

  it('never lets a javascript: URL through', () => {
    const cleaned = sanitizeChapterContent(
      '<p><a href="javascript:alert(1)">clic</a> <span data-href="x" style="background:url(javascript:alert(1))">y</span></p>',
    );

    expect(cleaned).not.toMatch(/javascript:/i);
    expect(cleaned).toBe('<p>clic <span data-href="x">y</span></p>');
  });

  it('drops iframes, styles, forms and SVG', () => {
    const cleaned = sanitizeChapterContent(
      '<p>a</p><iframe src="https://evil.example"></iframe><style>p{}</style><form><input></form><svg onload="x()"><script>1</script></svg>',
    );

    expect(cleaned).toBe('<p>a</p>');
  });

  it('keeps plain text exactly, even with a < in it', () => {
    const text = 'Ella dijo: 3 < 5 y "sí".\n\nOtro párrafo.';

    expect(sanitizeChapterContent(text)).toBe(text);
  });
});
