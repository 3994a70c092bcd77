// Stops the stack global-setup started: its whole process group (proxy and simulator).
import { existsSync, rmSync } from 'node:fs';
import { readStackInfo, stackInfoFile } from './stack-info';

const alive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

export default async function globalTeardown(): Promise<void> {
  if (!existsSync(stackInfoFile)) return;
  const { pid, dataDir } = readStackInfo();
  if (alive(pid)) {
    process.kill(-pid, 'SIGTERM');
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(-pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(stackInfoFile, { force: true });
}
