import { describe, expect, it } from 'vitest';
import { decodeOriginTrialToken } from '../../../shared/webmcp/page/origin-trial.js';
import { disablesTools } from '../../../shared/webmcp/page/header-evidence.js';
import { allowsTools } from '../../../shared/webmcp/page/html-evidence.js';
import { originTrialToken, WEBMCP_TRIAL } from './fixtures/origin-trial-token.js';

describe('decodeOriginTrialToken', () => {
  it('reads version, origin, feature, expiry and flags from the binary layout', () => {
    const token = originTrialToken({ ...WEBMCP_TRIAL, isThirdParty: true, usage: 'subset' });
    expect(decodeOriginTrialToken(token)).toEqual({
      version: 3,
      origin: 'https://example.com:443',
      feature: 'WebMCP',
      expiry: 1795305600,
      isSubdomain: false,
      isThirdParty: true,
    });
    expect(decodeOriginTrialToken(originTrialToken({ ...WEBMCP_TRIAL, isSubdomain: true }, 2))).toMatchObject({
      version: 2,
      isSubdomain: true,
    });
  });

  it('rejects other versions, short or lying lengths, bad JSON and non-base64', () => {
    expect(decodeOriginTrialToken(originTrialToken(WEBMCP_TRIAL, 4))).toBeNull();
    const bytes = Buffer.from(originTrialToken(WEBMCP_TRIAL), 'base64');
    expect(decodeOriginTrialToken(bytes.subarray(0, 60).toString('base64'))).toBeNull();
    const lying = Buffer.from(bytes);
    lying.writeUInt32BE(bytes.length, 65);
    expect(decodeOriginTrialToken(lying.toString('base64'))).toBeNull();
    const notJson = Buffer.from(bytes);
    notJson[69] = 0x7d; // "}" where "{" should be
    expect(decodeOriginTrialToken(notJson.toString('base64'))).toBeNull();
    expect(decodeOriginTrialToken('not a token!')).toBeNull();
    expect(decodeOriginTrialToken(originTrialToken({ feature: 'WebMCP' }))).toBeNull();
  });
});

describe('policy parsing', () => {
  it('sees tools=() in Permissions-Policy and nothing else', () => {
    expect(disablesTools('camera=(), tools=()')).toBe(true);
    expect(disablesTools('tools=( )')).toBe(true);
    expect(disablesTools('tools=(self)')).toBe(false);
    expect(disablesTools('devtools=()')).toBe(false);
  });

  it('sees the tools feature in an iframe allow attribute unless it is none', () => {
    expect(allowsTools('tools')).toBe(true);
    expect(allowsTools("camera; tools 'src'")).toBe(true);
    expect(allowsTools("tools 'none'")).toBe(false);
    expect(allowsTools('toolsy; camera')).toBe(false);
  });
});
