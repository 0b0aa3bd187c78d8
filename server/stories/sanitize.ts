import sanitizeHtml from 'sanitize-html';

// What a chapter may contain (design.md): paragraphs, line breaks, emphasis, and spans carrying word data.
const ALLOWED = {
  allowedTags: ['p', 'br', 'em', 'strong', 'i', 'b', 'span'],
  allowedAttributes: { span: ['data-*', 'lang'], p: ['lang'] },
  allowedSchemes: [],
  disallowedTagsMode: 'discard' as const,
  // Text of a removed <script> or <style> is dropped too, not shown as words.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template'],
};

const LOOKS_LIKE_HTML = /<[a-zA-Z!/?]/;

/**
 * A chapter's content, safe to show in a reader's browser. HTML keeps only the allow-list (no script, no event
 * attribute, no link, so no `javascript:` URL). Plain text, with no markup at all, is kept exactly as written:
 * the reader shows it as text, and escaping it here would put `&lt;` in front of a learner.
 */
export function sanitizeChapterContent(content: string): string {
  if (!LOOKS_LIKE_HTML.test(content)) return content;
  return sanitizeHtml(content, ALLOWED);
}
