import { needArray, needString, optionalStrings, sameIdentifier, topObject, type FormatReader, type JsonObject } from './checks.js';

/**
 * RFC 8414 authorization server metadata (section 2): `issuer` (an https URL without query or fragment, identical
 * to the issuer the well-known path was inserted into, section 3.3) and `response_types_supported` are required;
 * `authorization_endpoint` unless no grant type uses it, `token_endpoint` unless only the implicit grant is
 * supported. `grant_types_supported` defaults to `["authorization_code", "implicit"]`.
 */
export const readOauthAuthorizationServer: FormatReader = (doc, ctx) => {
  const problems: string[] = [];
  const meta = topObject(doc, problems);
  if (!meta) return problems;
  if (needString(meta, 'issuer', problems)) checkIssuer(meta.issuer as string, ctx.identifier, problems);
  const responseTypes = needArray(meta, 'response_types_supported', problems);
  if (responseTypes?.some((t) => typeof t !== 'string')) problems.push('`response_types_supported` holds something other than strings');
  optionalStrings(meta, 'grant_types_supported', problems);
  const grants = grantTypes(meta);
  if ((grants.includes('authorization_code') || grants.includes('implicit')) && meta.authorization_endpoint === undefined) {
    problems.push('`authorization_endpoint` is missing (required unless no grant type uses it)');
  } else if (meta.authorization_endpoint !== undefined) needString(meta, 'authorization_endpoint', problems);
  if (!(grants.length === 1 && grants[0] === 'implicit') && meta.token_endpoint === undefined) {
    problems.push('`token_endpoint` is missing (required unless only the implicit grant is supported)');
  } else if (meta.token_endpoint !== undefined) needString(meta, 'token_endpoint', problems);
  return problems;
};

function checkIssuer(issuer: string, identifier: string | null, problems: string[]): void {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    problems.push('`issuer` is not a URL');
    return;
  }
  if (url.protocol !== 'https:') problems.push('`issuer` does not use the https scheme');
  if (url.search || url.hash || issuer.includes('?') || issuer.includes('#')) problems.push('`issuer` has a query or fragment');
  if (identifier && !sameIdentifier(issuer, identifier)) {
    problems.push(`\`issuer\` is ${issuer.slice(0, 120)}, but metadata at this URL must describe ${identifier} (RFC 8414 section 3.3)`);
  }
}

function grantTypes(meta: JsonObject): string[] {
  const value = meta.grant_types_supported;
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : ['authorization_code', 'implicit'];
}
