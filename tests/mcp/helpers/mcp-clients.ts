/** The official SDK's client over both transports, and small readers of its answers. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import type { Audit } from '../../../shared/types/audit.js';

export async function connectHttp(url: string, key: string | null): Promise<Client> {
  const client = new Client({ name: 'citable-tests', version: '1.0.0' });
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

export interface StdioSession {
  client: Client;
  transport: StdioClientTransport;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Errors the client transport met (a line on stdout that is not a protocol message would be one). */
  errors: Error[];
}

export async function connectStdio(command: string, args: string[], env: Record<string, string>): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command,
    args,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const errors: Error[] = [];
  const client = new Client({ name: 'citable-tests', version: '1.0.0' });
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, errors };
}

/** Calls a tool; answers what arrived (the SDK checks structuredContent against the tool's output schema). */
export function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
}

export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** The audit of a successful audit_url / get_audit answer; its text block holds the same JSON. */
export function auditOf(result: CallToolResult): Audit {
  expect(result.isError, textOf(result)).toBeFalsy();
  const structured = result.structuredContent as { audit: Audit };
  expect(JSON.parse(textOf(result))).toEqual(structured);
  return structured.audit;
}
