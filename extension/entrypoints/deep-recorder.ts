import { installRecorder } from '../lib/probe/install-recorder.js';
import { RECORDER_KEY } from '../lib/probe/runtime-probe.js';

/** Registered at run time (world MAIN, document_start) only when the user grants the deep probe. */
export default defineUnlistedScript(() => {
  installRecorder(RECORDER_KEY);
});
