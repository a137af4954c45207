import { describe, expect, it } from 'vitest';
import { competitorProblem, competitorsBody, parseDomains } from '../../../extension/lib/dashboard/competitors.js';

describe('a competitor typed into the dashboard', () => {
  it('reads domains as typed: comma or space separated, scheme, path and www dropped, once each', () => {
    expect(parseDomains(' https://www.Globex.com/pricing, globex.de  globex.com ')).toEqual(['globex.com', 'globex.de']);
    expect(parseDomains('   ')).toEqual([]);
  });

  it('names what is wrong: no name, no domain, a bad host, a name already there', () => {
    const existing = [{ name: 'Globex' }];
    expect(competitorProblem(' ', ['initech.com'], existing)).toBe('name');
    expect(competitorProblem('Initech', [], existing)).toBe('domains');
    expect(competitorProblem('Initech', ['not a host'], existing)).toBe('domain');
    expect(competitorProblem('globex', ['globex.net'], existing)).toBe('duplicate');
    expect(competitorProblem('Initech', ['initech.com'], existing)).toBeNull();
  });

  it('sends the members the API takes', () => {
    expect(competitorsBody([{ name: 'Globex', domains: ['globex.com'], aliases: [], case_sensitive: [] }])).toEqual([
      { name: 'Globex', domains: ['globex.com'], aliases: [], case_sensitive: [] },
    ]);
  });
});
