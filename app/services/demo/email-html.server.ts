// The demo e-mails' HTML bodies, made harmless before the screen shows them (in a sandboxed frame, as
// well): only text formatting, lists, tables, links and images are kept; scripts, styles, frames,
// objects, forms, event handlers and javascript: (or data:) URLs are dropped.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // A script's or style's text is dropped with it, never shown as text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template'],
};

/** The mail's HTML with nothing that could run, style the page or load a frame. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** A whole document for the frame's srcdoc: the sanitised body, plain readable type. */
export function emailDocument(html: string): string {
  return (
    // No lang: the mail's language is the sender's, not the reader's.
    `<!doctype html><html><head><meta charset="utf-8"></head>` +
    // An attribute, not a <style>: the frame keeps the page's CSP, which allows style attributes only.
    `<body dir="auto" style="font-family:system-ui,sans-serif;line-height:1.5;margin:12px;color:#222;background:#fff">` +
    `${sanitizeEmailHtml(html)}</body></html>`
  );
}
