// `citable worker` from its TypeScript source, for tests (run with node --import tsx): exits with its code.
import { installNetworkSentinel } from '../../helpers/network-sentinel.js';
import { run } from '../../../server/cli/worker-command.js';

installNetworkSentinel();
const code = await run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
process.exit(code);
