import { isHttpUrl, needString, optionalStrings, sameIdentifier, topObject, type FormatReader } from './checks.js';

/**
 * RFC 9728 protected resource metadata: `resource` is required (section 2) and must be identical to the
 * resource identifier the well-known path was inserted into (section 3.3); `authorization_servers` and
 * `scopes_supported`, when present, are arrays of strings.
 */
export const readOauthProtectedResource: FormatReader = (doc, ctx) => {
  const problems: string[] = [];
  const meta = topObject(doc, problems);
  if (!meta) return problems;
  if (needString(meta, 'resource', problems)) {
    const resource = meta.resource as string;
    if (!isHttpUrl(resource)) problems.push('`resource` is not an absolute URL');
    else if (ctx.identifier && !sameIdentifier(resource, ctx.identifier)) {
      problems.push(
        `\`resource\` is ${resource.slice(0, 120)}, but metadata at this URL must describe ${ctx.identifier} (RFC 9728 section 3.3)`,
      );
    }
  }
  optionalStrings(meta, 'authorization_servers', problems);
  optionalStrings(meta, 'scopes_supported', problems);
  return problems;
};
