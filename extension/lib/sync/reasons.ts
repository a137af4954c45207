/** Sync reasons the views recognise (the rest are server or network texts shown as they are). */
export const NOT_CONFIGURED = 'Waiting for a backend URL and API key (open Options).';
export const SENDING = 'Sending to the backend…';
