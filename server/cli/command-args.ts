import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo } from './io.js';
import { safe } from './report/text.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type WithHelp<O extends Options> = O & { help: { type: 'boolean'; short: 'h' } };
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: WithHelp<O> }>>;
type Token = NonNullable<
  ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: false; tokens: true }>>['tokens']
>[number];

export interface CommandSpec<O extends Options> {
  /** The subcommand, as it appears in messages: `citable <name>: ...`. */
  name: string;
  usage: string;
  help: string;
  options: O;
}

export type CommandStart<O extends Options> =
  { exit: number } | { values: Parsed<O>['values']; positionals: string[]; fail: (message: string) => number };

/**
 * What every subcommand does first: parse its arguments (usage errors are exit 2 with one line on
 * stderr), answer --help, and hand back a `fail` that reports a usage or input error the same way.
 */
export function startCommand<const O extends Options>(spec: CommandSpec<O>, args: string[], io: CliIo): CommandStart<O> {
  const fail = (message: string) => {
    io.stderr.write(`citable ${spec.name}: ${message}\n`);
    return 2;
  };
  const options = { ...spec.options, help: { type: 'boolean', short: 'h' } } as WithHelp<O>;
  // Node's strict mode words its errors for programmers (and quotes unevenly); this parses loosely and
  // says what is wrong in the command's own terms.
  const parsed = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  for (const token of parsed.tokens) {
    const problem = token.kind === 'option' ? optionProblem(token, options) : null;
    if (problem) return { exit: fail(`${problem} ${spec.usage}`) };
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.stdout.write(spec.help);
    return { exit: 0 };
  }
  return { values: parsed.values as Parsed<O>['values'], positionals: parsed.positionals, fail };
}

/** What is wrong with one option as given, or null. */
function optionProblem(token: Extract<Token, { kind: 'option' }>, options: Options): string | null {
  const given = safe(token.rawName);
  const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
  if (!option) return `Unknown option ${given}.`;
  const long = `--${token.name}`;
  if (option.type === 'boolean') return token.value === undefined ? null : `${long} takes no value (got ${given}=${safe(token.value)}).`;
  if (token.value === undefined) return `${given} needs a value: ${long} VALUE.`;
  // `--name --json`: the next argument was taken as the value, but it looks like an option.
  if (!token.inlineValue && token.value.startsWith('-') && token.value !== '-') {
    return `${given} needs a value, but the next argument is ${safe(token.value)}; for a value that starts with a dash write ${long}=${safe(token.value)}.`;
  }
  return null;
}
