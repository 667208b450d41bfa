// The IPC messages between a bench server (serve.ts) and its parent (child.ts), in a file of
// their own so that neither imports the other for them.

export type ChildMessage =
  { type: 'listening'; port: number } | { type: 'failed'; error: string } | SqlResult;
export type ParentMessage = { type: 'stop' } | SqlRequest;
export type SqlRequest = { type: 'sql'; id: number; text: string; values: unknown[] };
export type SqlResult = { type: 'sql-result'; id: number; rows?: unknown[]; error?: string };
