/**
 * True when a body decoded as text is really gzip: the protocol allows sitemap.xml.gz, and servers
 * often send one as application/xml without Content-Encoding, so the fetcher decodes its bytes as
 * text. Gzip starts 1F 8B 08 (RFC 1952 section 2.3.1: ID1, ID2, CM = deflate). Decoding keeps 1F and
 * 08 and turns 8B into one non-ASCII character (U+FFFD in UTF-8, U+2039 in windows-1252 ...).
 * No text sitemap starts with that: it would open with a control character.
 */
export function looksGzipped(decoded: string): boolean {
  return decoded.charCodeAt(0) === 0x1f && decoded.charCodeAt(1) >= 0x80 && decoded.charCodeAt(2) === 0x08;
}
