/**
 * Runs action.yml the way a GitHub runner runs a composite action, for the steps that can run here: each
 * `run:` step in `bash --noprofile --norc -eo pipefail` with the environment GitHub sets (GITHUB_WORKSPACE,
 * GITHUB_STEP_SUMMARY, a fresh GITHUB_OUTPUT per step, RUNNER_TEMP, GITHUB_ACTION_PATH) and the step's `env:`
 * with its ${{ }} expressions substituted. A `uses:` step (setup-node, upload-sarif) is not run: its `if:` is
 * evaluated and its `with:` substituted, so a test can check what it would have been given. An expression
 * this runner does not know fails the test rather than being read as empty.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface ActionContext {
  root: string;
  inputs: Record<string, string>;
  workspace: string;
  runnerTemp: string;
  summary: string;
  env: Record<string, string>;
  github?: { action_repository?: string; action_ref?: string; server_url?: string };
}

export interface StepRun {
  name: string;
  kind: 'run' | 'uses';
  /** Exit code of a run step; null for a uses step or a step skipped. */
  code: number | null;
  skipped: boolean;
  output: string;
  outputs: Record<string, string>;
  /** A uses step's `with:`, substituted. */
  with?: Record<string, string>;
}

interface Step {
  id?: string;
  name: string;
  if?: string;
  run?: string;
  uses?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

export function readAction(root: string): {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: Step[] };
} {
  return parse(readFileSync(path.join(root, 'action.yml'), 'utf8'));
}

export async function runAction(ctx: ActionContext): Promise<StepRun[]> {
  const action = readAction(ctx.root);
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, ctx.inputs[k] ?? v.default ?? '']));
  const outputs: Record<string, Record<string, string>> = {};
  const runs: StepRun[] = [];
  let failed = false;
  for (const [i, step] of action.runs.steps.entries()) {
    const lookup = (expr: string) => evaluate(expr, { inputs, outputs, ctx, failed });
    const wanted = step.if === undefined ? !failed : truthy(lookup(step.if.replace(/^\$\{\{\s*|\s*\}\}$/g, '')));
    if (!wanted) {
      runs.push({ name: step.name, kind: step.run ? 'run' : 'uses', code: null, skipped: true, output: '', outputs: {} });
      continue;
    }
    if (step.uses) {
      const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v), lookup)]));
      runs.push({ name: step.name, kind: 'uses', code: null, skipped: false, output: '', outputs: {}, with: given });
      continue;
    }
    const run = await runStep(step, i, ctx, (v) => substitute(v, lookup));
    if (step.id) outputs[step.id] = run.outputs;
    runs.push(run);
    if (run.code !== 0) failed = true;
  }
  return runs;
}

async function runStep(step: Step, index: number, ctx: ActionContext, sub: (v: string) => string): Promise<StepRun> {
  if (step.shell !== 'bash') throw new Error(`${step.name}: only shell: bash is run here`);
  const script = path.join(ctx.runnerTemp, `step-${index}.sh`);
  const outputFile = path.join(ctx.runnerTemp, `output-${index}`);
  writeFileSync(script, step.run!);
  writeFileSync(outputFile, '');
  const env = {
    PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: process.env.HOME ?? ctx.runnerTemp,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: ctx.workspace,
    GITHUB_STEP_SUMMARY: ctx.summary,
    GITHUB_OUTPUT: outputFile,
    GITHUB_ACTION_PATH: ctx.root,
    RUNNER_TEMP: ctx.runnerTemp,
    ...ctx.env,
    ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, sub(String(v))])),
  };
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: ctx.workspace, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (c) => resolve({ code: c ?? 1, output: out }));
  });
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return { name: step.name, kind: 'run', code, skipped: false, output, outputs };
}

function substitute(value: string, lookup: (expr: string) => string | boolean): string {
  return value.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expr: string) => String(lookup(expr)));
}

interface Scope {
  inputs: Record<string, string>;
  outputs: Record<string, Record<string, string>>;
  ctx: ActionContext;
  failed: boolean;
}

/** The expressions action.yml uses: context paths, string literals, ==, !=, && and always()/success(). */
function evaluate(expr: string, scope: Scope): string | boolean {
  const terms = expr.split('&&').map((t) => t.trim());
  if (terms.length > 1) return terms.every((t) => truthy(evaluate(t, scope)));
  const comparison = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(expr);
  if (comparison) {
    const [, left, op, right] = comparison;
    const equal = value(left!, scope) === value(right!, scope);
    return op === '==' ? equal : !equal;
  }
  return value(expr, scope);
}

function value(term: string, scope: Scope): string | boolean {
  const t = term.trim();
  if (t === 'always()') return true;
  if (t === 'success()') return !scope.failed;
  if (/^'.*'$/.test(t)) return t.slice(1, -1);
  const [head, ...rest] = t.split('.');
  if (head === 'inputs' && rest.length === 1 && rest[0]! in scope.inputs) return scope.inputs[rest[0]!]!;
  if (head === 'steps' && rest.length === 3 && rest[1] === 'outputs') return scope.outputs[rest[0]!]?.[rest[2]!] ?? '';
  if (head === 'github' && rest.length === 1) {
    if (rest[0] === 'action_path') return scope.ctx.root;
    const known = { action_repository: '', action_ref: '', server_url: 'https://github.com', ...scope.ctx.github };
    if (rest[0]! in known) return known[rest[0] as keyof typeof known];
  }
  throw new Error(`action.yml: an expression this runner does not know: ${t}`);
}

function truthy(v: string | boolean): boolean {
  return v !== false && v !== '';
}
