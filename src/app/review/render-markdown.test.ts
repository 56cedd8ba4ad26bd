// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderGuidelines } from './render-markdown.ts';

describe('guidelines rendered safely', () => {
  it('keeps the Markdown and removes script, event handlers and javascript: links', () => {
    const html = renderGuidelines(
      [
        '# Rules',
        '',
        'Mark **toxic** answers.',
        '',
        '<script>window.pwned = 1</script>',
        '<img src="x" onerror="window.pwned = 2">',
        '<a href="javascript:window.pwned = 3">click</a>',
        '<div onclick="window.pwned = 4" onmouseover="x()">hover</div>',
        '<svg><script>window.pwned = 5</script></svg>',
        '<iframe src="https://example.com"></iframe>',
      ].join('\n'),
    );
    expect(html).toContain('<h1>Rules</h1>');
    expect(html).toContain('<strong>toxic</strong>');
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe/i);
    expect(html).toContain('hover');
  });

  it('shows only images inside the file (data: URLs) and opens links in a new tab', () => {
    const html = renderGuidelines('![a](https://example.com/a.png) ![b](data:image/png;base64,iVBORw0KGgo=) [doc](https://example.com/doc)');
    expect(html).not.toContain('example.com/a.png');
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('<a href="https://example.com/doc" target="_blank" rel="noopener noreferrer">doc</a>');
  });
});
