import { describe, expect, it } from 'vitest';
import { inProject, projectOf } from '../../../extension/lib/dashboard/by-project.js';

const projects = [
  { id: 'prj_acme', domain: 'acme.com', aliases: ['acme.de'] },
  { id: 'prj_beta', domain: 'beta.io', aliases: [] },
];

describe('rows by client', () => {
  it('matches the domain, an alias or a subdomain, www ignored; bare hosts too', () => {
    expect(projectOf('https://www.acme.com/pricing', projects)).toBe('prj_acme');
    expect(projectOf('https://shop.acme.de/', projects)).toBe('prj_acme');
    expect(projectOf('beta.io/docs', projects)).toBe('prj_beta');
    expect(projectOf('https://notacme.com/', projects)).toBeNull();
    expect(projectOf('not a url at all', projects)).toBeNull();
  });

  it('keeps one project’s rows, or all for none chosen', () => {
    const rows = ['https://acme.com/', 'https://beta.io/', 'https://other.example/'];
    expect(inProject(rows, (r) => r, 'prj_beta', projects)).toEqual(['https://beta.io/']);
    expect(inProject(rows, (r) => r, '', projects)).toEqual(rows);
  });
});
