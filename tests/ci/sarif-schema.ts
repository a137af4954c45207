/** The vendored OASIS SARIF 2.1.0 schema (tests/fixtures/sarif/README.md) as a validator. */
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';

const schema = JSON.parse(readFileSync(new URL('../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8'));
const validator = new Validator(schema, '4', false);

/** The schema's complaints about `log` (leaf errors only), empty when it is a valid SARIF 2.1.0 log. */
export function sarifProblems(log: unknown): string[] {
  const result = validator.validate(log);
  return result.errors
    .filter((e) => !/subschema|does not match schema|did not match schema/.test(e.error))
    .map((e) => `${e.instanceLocation}: ${e.error}`);
}
