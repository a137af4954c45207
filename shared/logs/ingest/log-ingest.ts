/**
 * Reading access logs into a `traffic` object, as a pure, streaming library: open one LogInput per file (or
 * standard input), push its bytes (already decompressed) in chunks of any size, end it, and ask for the traffic.
 * Everything here runs in Node and in a browser; reading files, gzip and stdin is server/logs/.
 */
import { aggregateToJson, type AggregateJson } from '../aggregate/aggregate-json.js';
import { toTraffic } from '../aggregate/to-traffic.js';
import type { Traffic } from '../../schema/traffic.js';
import type { JsonFieldMap } from '../parse/json-lines.js';
import type { LogFormat } from '../types.js';
import { LineCounter, type CountOptions } from './line-counter.js';
import { LogInput } from './log-input.js';

export interface IngestOptions extends CountOptions {
  format: LogFormat | 'auto';
  jsonFields?: JsonFieldMap;
}

export class LogIngest {
  readonly counter: LineCounter;

  constructor(private readonly options: IngestOptions) {
    this.counter = new LineCounter(options);
  }

  /** A new input, named as problems will name it (a file name, or `stdin`). */
  input(name: string): LogInput {
    return new LogInput(name, this.options.format, this.counter, this.options.jsonFields);
  }

  traffic(): Traffic {
    return toTraffic(this.counter.aggregate, { site: this.options.site, since: this.options.since, until: this.options.until });
  }

  /** The counts as stored partial aggregates are (aggregate-json.ts). */
  toJson(): AggregateJson {
    return aggregateToJson(this.counter.aggregate);
  }
}

/** All of a text through one input: for tests and small uploads. */
export function ingestText(text: string | Uint8Array, options: IngestOptions, name = 'input'): LogIngest {
  const ingest = new LogIngest(options);
  const input = ingest.input(name);
  input.push(typeof text === 'string' ? new TextEncoder().encode(text) : text);
  input.end();
  return ingest;
}
