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

  it('narrows crawls by their site and share links by their report’s page; an unreadable share belongs to none', () => {
    const crawls = [
      { id: 'crw_1', url: 'https://www.acme.com/' },
      { id: 'crw_2', url: 'https://beta.io/' },
    ];
    expect(inProject(crawls, (c) => c.url, 'prj_acme', projects).map((c) => c.id)).toEqual(['crw_1']);
    const shares = [
      { id: 'shr_1', url: 'https://acme.de/about' },
      { id: 'shr_2', url: '' },
      { id: 'shr_3', url: 'https://beta.io/pricing' },
    ];
    expect(inProject(shares, (s) => s.url, 'prj_acme', projects).map((s) => s.id)).toEqual(['shr_1']);
    expect(inProject(shares, (s) => s.url, 'prj_beta', projects).map((s) => s.id)).toEqual(['shr_3']);
    expect(inProject(shares, (s) => s.url, '', projects)).toHaveLength(3);
  });
});
