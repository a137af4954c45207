/**
 * vitest setup file (the node, stress and scale projects): installs the network sentinel before any test
 * module loads, and fails every test, and every file's hooks, that tried to leave loopback without taking
 * the attempt (a test that provokes one on purpose asserts it with `takeAttempts()`).
 */
import { afterAll, afterEach } from 'vitest';
import { installNetworkSentinel, takeAttempts } from './network-sentinel.js';

installNetworkSentinel();

function failOnAttempts(where: string): void {
  const attempts = takeAttempts();
  if (attempts.length === 0) return;
  const list = attempts.map((a) => `  ${a.kind} ${a.target}\n${indent(a.stack)}`).join('\n');
  throw new Error(`network sentinel: ${attempts.length} attempt(s) to leave loopback ${where}:\n${list}`);
}

afterEach(() => failOnAttempts('during this test'));
afterAll(() => failOnAttempts("in this file's hooks"));

function indent(stack: string): string {
  return stack
    .split('\n')
    .slice(1, 8)
    .map((line) => `    ${line.trim()}`)
    .join('\n');
}
