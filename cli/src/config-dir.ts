import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where ferry-send keeps its sign-in: the OS's usual folder for an app's configuration.
 * Linux and others: $XDG_CONFIG_HOME/ferry (default ~/.config/ferry); macOS: ~/Library/Application
 * Support/ferry; Windows: %APPDATA%\ferry.
 */
export function configDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'ferry');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'ferry');
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec ignores a relative path.
  return join(xdg?.startsWith('/') ? xdg : join(home, '.config'), 'ferry');
}
