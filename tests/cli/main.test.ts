import { describe, expect, it } from 'vitest';
import { helpText, main } from '../../server/cli/main.js';
import { memoryIo } from './cli-io.js';

describe('citable dispatcher', () => {
  it('--help lists the commands on stdout and exits 0', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const io = memoryIo();
      expect(await main([flag], io)).toBe(0);
      expect(io.out()).toContain('Usage: citable <command>');
      expect(io.out()).toContain('citable audit <url> [--json] [--fail-under N]');
      expect(io.out()).toContain('AUDIT_ALLOW_PRIVATE=1');
      expect(io.err()).toBe('');
    }
  });

  it('with no command prints the help on stderr and exits 2', async () => {
    const io = memoryIo();
    expect(await main([], io)).toBe(2);
    expect(io.err()).toBe(helpText());
    expect(io.out()).toBe('');
  });

  it('names an unknown command in one line on stderr and exits 2', async () => {
    const io = memoryIo();
    expect(await main(['audti', 'example.com'], io)).toBe(2);
    expect(io.err()).toBe('citable: unknown command "audti". Run `citable --help` to list the commands.\n');
  });

  it('does not treat inherited object keys as commands', async () => {
    const io = memoryIo();
    expect(await main(['constructor'], io)).toBe(2);
    expect(io.err()).toContain('unknown command "constructor"');
  });

  it('passes `audit --help` to the audit command', async () => {
    const io = memoryIo();
    expect(await main(['audit', '--help'], io)).toBe(0);
    expect(io.out()).toContain('--fail-under N');
    expect(io.out()).toContain('Exit codes');
  });
});
