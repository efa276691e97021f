import { describe, expect, it } from 'vitest';
import { minimalPdf } from './file-tree.ts';

describe('the file tree of the mock file store', () => {
  it('writes PDFs whose cross-reference table points at each object', () => {
    const text = minimalPdf('A (title) \\ here').toString('latin1');
    expect(text).toContain('(A \\(title\\) \\\\ here) Tj');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => expect(text.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true));
    // A stream's declared length is its content's.
    const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)endstream/.exec(text)!;
    expect(Buffer.byteLength(stream[2]!, 'latin1')).toBe(Number(stream[1]));
  });
});
