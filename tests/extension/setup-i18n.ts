import english from '../../extension/public/_locales/en/messages.json';
import { setFallbackMessages } from '../../extension/lib/i18n/t.js';

// The fake browser has no i18n API: t() reads the English catalogue, as a browser with no other language would.
setFallbackMessages(english);
