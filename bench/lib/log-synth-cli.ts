/** Writes BYTES of the synthetic log (log-synth.ts) to standard output: `npx tsx bench/lib/log-synth-cli.ts BYTES | ...`. */
import { writeLog } from './log-synth.js';

await writeLog(process.stdout, Number(process.argv[2] ?? 1 << 30));
