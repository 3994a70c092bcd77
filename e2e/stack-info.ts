// What global-setup learns about the started stack, for the tests and the teardown.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Per stack port (E2E_PORT), so concurrent runs on one machine keep their own stack.
export const authDir = path.resolve('test-results', `.auth-${process.env.E2E_PORT ?? '18080'}`);
export const adminStorageState = path.join(authDir, 'admin.json');
export const stackInfoFile = path.join(authDir, 'stack.json');

export interface StackInfo {
  baseURL: string;
  /** The embedded simulator, for its loopback admin routes (/__sim/...). */
  simURL: string;
  /** Process group of the proxy and its simulator child. */
  pid: number;
  dataDir: string;
  logFile: string;
  /** The dialect the simulator speaks (SIM_DIALECT). */
  dialect: 'seed' | 'live';
}

export function readStackInfo(): StackInfo {
  try {
    return JSON.parse(readFileSync(stackInfoFile, 'utf8')) as StackInfo;
  } catch (e) {
    throw new Error(`no stack info at ${stackInfoFile}: did e2e/global-setup.ts run? (${e instanceof Error ? e.message : String(e)})`);
  }
}
