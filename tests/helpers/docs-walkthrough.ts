/**
 * For the tests that run the docs as a reader would: the shell blocks of a Markdown file, and README's
 * five-minute tour started as written (terminal 1, the API, and terminal 2, the demo site), each through
 * bash in a directory of the test's own. Two substitutions only: `npm start` is what its script runs after
 * the build (`node dist/server.mjs`, the build having been made by the test) and `npx citable` is the
 * package's bin (`bin/citable.cjs`); the ports become free ones (PORT=0, `--port 0`), read back from what
 * each process prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './server-process.js';
import { stopChild, track } from './services/child-processes.js';

/** A Markdown file of the repository. */
export function readDoc(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

/** The text from the heading `start` to the next heading of the same level (or the end). */
export function docSection(text: string, start: string): string {
  const from = text.indexOf(`\n${start}\n`);
  if (from < 0) throw new Error(`no heading ${JSON.stringify(start)}`);
  const level = start.slice(0, start.indexOf(' ') + 1);
  const end = text.indexOf(`\n${level}`, from + start.length + 1);
  return text.slice(from, end < 0 ? undefined : end);
}

/** The bodies of the fenced blocks of one language, in order. */
export function fencedBlocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);
}

/** README's tour: its section and its three shell blocks (terminals 1, 2 and 3). */
export function readmeTour(): { section: string; terminal1: string; terminal2: string; terminal3: string } {
  const section = docSection(readDoc('README.md'), '## Five-minute tour, offline');
  const [terminal1, terminal2, terminal3] = fencedBlocks(section, 'sh');
  return { section, terminal1: terminal1!.trim(), terminal2: terminal2!.trim(), terminal3: terminal3! };
}

/** The tour's first lines (the exports, up to the first blank line), with which every later block starts. */
export function tourExports(): string {
  return /^(export CITABLE_KEY[\s\S]*?)\n\n/.exec(readmeTour().terminal3)![1]!;
}

export interface Terminal {
  proc: ChildProcess;
  /** Every stdout line so far. */
  lines: string[];
  stop(): Promise<void>;
}

/** Runs `command` through bash in `cwd`; resolves with the first stdout line that `ready` matches. */
export async function startTerminal(command: string, cwd: string, ready: RegExp): Promise<Terminal & { match: RegExpExecArray }> {
  const proc = spawn('bash', ['-c', command], { cwd, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  track(proc);
  const lines: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: proc.stderr! }).on('line', (line) => stderr.push(line));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      lines.push(line);
      const found = ready.exec(line);
      if (found) resolve(found);
    });
    proc.once('exit', (code) => reject(new Error(`${command} exited (${code}) before ${ready}: ${[...lines, ...stderr].join('\n')}`)));
  });
  return { proc, lines, match, stop: () => stopChild(proc, 'SIGTERM') };
}

export interface Tour {
  /** The API's port and the demo site's. */
  ports: { api: string; demo: string };
  /** The key terminal 1 printed. */
  key: string;
  api: Terminal;
  demo: Terminal;
  /** The tour's text with this run's key and ports. */
  local(text: string): string;
  stop(): Promise<void>;
}

/** Terminals 1 and 2 of README's tour, as written, in `dir` (which holds `./data`); the build must exist. */
export async function startTour(dir: string): Promise<Tour> {
  const { terminal1, terminal2 } = readmeTour();
  const api = await startTerminal(
    `export PORT=0\n${terminal1.replace('npm start', `exec node ${JSON.stringify(path.join(ROOT, 'dist/server.mjs'))}`)}`,
    dir,
    /^(?=.*"msg":"listening").*"url":"http:\/\/127\.0\.0\.1:(\d+)"/,
  );
  const demo = await startTerminal(
    terminal2.replace('npx citable', `exec node ${JSON.stringify(path.join(ROOT, 'bin/citable.cjs'))}`).replace('--port 8790', '--port 0'),
    dir,
    /^Demo site on http:\/\/127\.0\.0\.1:(\d+)\//,
  );
  const key = /\bcit_[A-Za-z0-9]{32}\b/.exec(api.lines.join('\n'))?.[0];
  if (!key) throw new Error(`terminal 1 printed no key: ${api.lines.join('\n')}`);
  const ports = { api: api.match[1]!, demo: demo.match[1]! };
  return {
    ports,
    key,
    api,
    demo,
    local: (text) =>
      text
        .replace('cit_...', key)
        .replaceAll('127.0.0.1:8787', `127.0.0.1:${ports.api}`)
        .replaceAll('127.0.0.1:8790', `127.0.0.1:${ports.demo}`),
    stop: async () => {
      await demo.stop();
      await api.stop();
    },
  };
}
