import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type WithHelp<O extends Options> = O & { help: { type: 'boolean'; short: 'h' } };
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: WithHelp<O> }>>;

export interface CommandSpec<O extends Options> {
  /** The subcommand, as it appears in messages: `citable <name>: ...`. */
  name: string;
  usage: string;
  help: string;
  options: O;
}

export type CommandStart<O extends Options> =
  | { exit: number }
  | { values: Parsed<O>['values']; positionals: string[]; fail: (message: string) => number };

/**
 * What every subcommand does first: parse its arguments (usage errors are exit 2 with one line on
 * stderr), answer --help, and hand back a `fail` that reports a usage or input error the same way.
 */
export function startCommand<const O extends Options>(spec: CommandSpec<O>, args: string[], io: CliIo): CommandStart<O> {
  const fail = (message: string) => {
    io.stderr.write(`citable ${spec.name}: ${message}\n`);
    return 2;
  };
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { ...spec.options, help: { type: 'boolean', short: 'h' } } as WithHelp<O>,
    });
  } catch (err) {
    return { exit: fail(`${(err as Error).message.split('\n')[0]} ${spec.usage}`) };
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.stdout.write(spec.help);
    return { exit: 0 };
  }
  return { values: parsed.values, positionals: parsed.positionals, fail };
}
