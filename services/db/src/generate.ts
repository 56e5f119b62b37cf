import { spawn } from 'node:child_process';
import { offlinePrismaEnv, prismaCliPath } from './prisma-engine.js';

/** Runs `prisma generate` in `serviceDir` (its prisma.config.ts / prisma/schema.prisma) without network. */
export async function generateClient(
  serviceDir: string,
  extraArgs: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [prismaCliPath(), 'generate', ...extraArgs], {
      cwd: serviceDir,
      env: offlinePrismaEnv(env),
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`prisma generate failed (exit code ${code}) in ${serviceDir}`);
}
