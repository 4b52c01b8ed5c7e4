import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export function compileCms(): void;
export const compileCacheDir: string;
export function freePort(): Promise<number>;
export function postgresAnswers(adminUrl: string): Promise<boolean>;
export function spawnStrapiStart(
  port: number,
  admin: { email: string; password: string },
  env: Record<string, string>,
  nodeArgs?: string[],
): ChildProcessByStdio<null, Readable, Readable>;
