import { isObject, MAX_ENTRIES_READ, needArray, topObject, type FormatReader } from './checks.js';

/**
 * Web Bot Auth key directory (draft-meunier-webbotauth-httpsig-directory-00, June 2026): a JWK Set (RFC 7517
 * section 5), so `keys` is an array of JWKs, each with a `kty`. The draft also asks for the response to be
 * signed; that needs the request's signature base and is not judged here.
 */
export const readWebBotAuth: FormatReader = (doc) => {
  const problems: string[] = [];
  const set = topObject(doc, problems);
  if (!set) return problems;
  const keys = needArray(set, 'keys', problems);
  if (keys && keys.length === 0) problems.push('`keys` is empty: the directory publishes no key');
  keys?.slice(0, MAX_ENTRIES_READ).forEach((key, i) => {
    if (!isObject(key)) problems.push(`\`keys[${i}]\` is not an object`);
    else if (typeof key.kty !== 'string' || !key.kty) problems.push(`\`keys[${i}].kty\` is missing`);
  });
  return problems;
};
