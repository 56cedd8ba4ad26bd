/**
 * Guidelines Markdown as safe HTML: marked (CommonMark + GFM) makes the HTML, DOMPurify removes
 * whatever could run (script elements, event-handler attributes, javascript: URLs) before it
 * is put into the page. The site's CSP (vite.config.ts) is the second wall: no inline script
 * runs and no image is fetched from another origin even if the sanitizer missed one.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

// Guidelines travel alone (no folder beside them): an image is shown only when it is inside the
// file (a data: URL). Any other source would be a request to this site or be refused by the CSP.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG' && !/^data:image\//i.test(node.getAttribute('src') ?? '')) node.removeAttribute('src');
  if (node.nodeName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function renderGuidelines(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  // Links open outside the app (the hook above): a guideline link must not replace the work in this tab.
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], ADD_ATTR: ['target'] });
}
