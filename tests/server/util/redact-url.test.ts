import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../server/util/redact-url.js';

describe('redactUrl', () => {
  it('hides the password of a connection URL and keeps the rest', () => {
    expect(redactUrl('postgres://citable:s3cret@db.internal:5432/citable')).toBe('postgres://citable:***@db.internal:5432/citable');
    expect(redactUrl('redis://:hunter2@127.0.0.1:6379/0')).toBe('redis://:***@127.0.0.1:6379/0');
  });

  it('leaves a URL without a password as it is, and never echoes an unparsable one', () => {
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactUrl('not a url with s3cret')).toBe('(unparsable URL)');
  });
});
