import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, toCsv } from '../../../shared/csv/csv.js';

describe('CSV (RFC 4180, formulas neutralised)', () => {
  it('writes plain text and numbers as they are, and empty for none', () => {
    expect(csvField('example.com/blog')).toBe('example.com/blog');
    expect(csvField(72)).toBe('72');
    expect(csvField(-3)).toBe('-3'); // a number is never prefixed
    expect(csvField(0.25)).toBe('0.25');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes a field with a comma, a double quote, CR or LF, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it("neutralises text that starts with =, +, - or @ with a leading '", () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+44 20')).toBe("'+44 20");
    expect(csvField('-note')).toBe("'-note");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvField('a=b')).toBe('a=b');
  });

  it('ends every record with CRLF and starts the file with the header row; text stays UTF-8', () => {
    expect(csvRecord(['a', 1, null])).toBe('a,1,\r\n');
    const file = toCsv(
      [
        { header: 'url', value: (r: { url: string; score: number }) => r.url },
        { header: 'score', value: (r: { url: string; score: number }) => r.score },
      ],
      [
        { url: 'https://café.example/menü', score: 90 },
        { url: 'https://x.example/a,b', score: 12 },
      ],
    );
    expect(file).toBe('url,score\r\nhttps://café.example/menü,90\r\n"https://x.example/a,b",12\r\n');
  });
});
