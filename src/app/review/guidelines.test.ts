import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../core/index.ts';
import { GUIDELINES_MAX_LABELS, readFrontMatter, readGuidelines } from './guidelines.ts';

describe('guidelines front matter', () => {
  it('reads labels inline or as a list, and the rules file; the body is the rest', () => {
    expect(readFrontMatter('---\nlabels: [toxic, "off topic", toxic]\nrules: data.rules.json\n---\n# Guide\n')).toEqual({ labels: ['toxic', 'off topic'], rules: 'data.rules.json', problems: [], body: '# Guide\n' });
    expect(readFrontMatter('---\r\nlabels:\r\n  - a\r\n  - \'b c\'\r\n---\r\ntext').labels).toEqual(['a', 'b c']);
  });

  it('without front matter, everything is the body; unknown keys and an unclosed block are said', () => {
    expect(readFrontMatter('# Just text\n---\n')).toEqual({ labels: [], problems: [], body: '# Just text\n---\n' });
    expect(readFrontMatter('---\nlabel: x\n---\n').problems).toEqual(['Front matter line 2: "label" is not a key Parley reads (labels, rules), ignored.']);
    expect(readFrontMatter('---\nlabels: [x]\n').problems[0]).toMatch(/never ends/);
  });

  it('offers at most GUIDELINES_MAX_LABELS labels', () => {
    const many = Array.from({ length: GUIDELINES_MAX_LABELS + 5 }, (_, i) => `l${i}`).join(', ');
    const front = readFrontMatter(`---\nlabels: [${many}]\n---\n`);
    expect(front.labels).toHaveLength(GUIDELINES_MAX_LABELS);
    expect(front.problems).toHaveLength(1);
  });

  it('hashes the file as it is (bytes), so any change of the guidelines shows in the entries', () => {
    const bytes = new TextEncoder().encode('\uFEFF---\nlabels: [a]\n---\nBody');
    const read = readGuidelines(bytes, 'd.guidelines.md');
    expect(read.hash).toBe(sha256Hex(bytes));
    expect(read.labels).toEqual(['a']);
    expect(read.markdown).toBe('Body');
  });
});
