/** The builder of a page no fingerprint matched (its own module: reports name it without loading the fingerprints). */
export const UNKNOWN_BUILDER = 'Unknown';
