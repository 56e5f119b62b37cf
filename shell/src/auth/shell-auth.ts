import type { ShellAuth } from '@ferry/shell-sdk';
import type { AuthController, AuthState } from './auth-controller';

/** The auth part of the shell context: one shared controller, exposed to the shell and the remotes. */
export function toShellAuth(controller: AuthController, state: AuthState): ShellAuth {
  return {
    user: state.user,
    token: state.token,
    isAuthenticated: state.isAuthenticated,
    authReady: state.authReady,
    hydrated: state.hydrated,
    login: (returnPath) => controller.login(returnPath),
    logout: () => controller.logout(),
    logoutAndRedirect: (reason) => controller.logoutAndRedirect(reason),
    isTokenStale: () => controller.isTokenStale(),
    reloginForUpload: (signal) => controller.reloginForUpload(signal),
    relogin: state.relogin,
    retryRelogin: () => controller.retryRelogin(),
    status: !state.authReady ? 'loading' : state.isAuthenticated ? 'signed-in' : 'signed-out',
    ...(state.user ? { email: state.user.email } : {}),
    signIn: (next) => controller.login(next),
    signOut: () => controller.logout(),
  };
}
