/** Plain HTML for the login and consent steps; deliberately dependency-free. */

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f7f9;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);width:22rem}
h1{font-size:1.3rem;margin:0 0 .5rem}p{color:#444}input{width:100%;box-sizing:border-box;padding:.6rem;margin:.5rem 0 1rem;font-size:1rem}
button{padding:.6rem 1.2rem;font-size:1rem;margin-right:.5rem;cursor:pointer}ul{padding-left:1.2rem}.note{font-size:.8rem;color:#777}
</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage(uid: string, clientId: string, error?: string): string {
  return page(
    'Sign in – Ferry dev identity',
    `<h1>Sign in</h1>
<p>Local development sign-in for <strong>${escapeHtml(clientId)}</strong>. Any e-mail address works; no password.</p>
${error ? `<p role="alert" style="color:#b00020">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required autofocus placeholder="alice@example.com">
<button type="submit">Continue</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit" class="note">Cancel</button></form>
<p class="note">This is a stand-in for Google sign-in. Never use it in production.</p>`,
  );
}

export function consentPage(uid: string, clientId: string, email: string, scopes: string[]): string {
  const items = scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
  return page(
    'Allow access – Ferry dev identity',
    `<h1>Allow access?</h1>
<p><strong>${escapeHtml(clientId)}</strong> wants to access your account <strong>${escapeHtml(email)}</strong>:</p>
<ul>${items}</ul>
<form method="post" action="/interaction/${escapeHtml(uid)}/confirm" style="display:inline"><button type="submit" id="allow">Allow</button></form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort" style="display:inline"><button type="submit" id="deny">Deny</button></form>`,
  );
}

/** Device flow (RFC 8628): the page where the user types the code shown by the device. `form` is the provider's form. */
export function deviceCodePage(form: string, error?: string): string {
  return page(
    'Connect a device – Ferry dev identity',
    `<h1>Connect a device</h1>
<p>Enter the code your device shows.</p>
${error ? `<p role="alert" style="color:#b00020">${escapeHtml(error)}</p>` : ''}
${form}
<button type="submit" form="op.deviceInputForm" id="continue">Continue</button>`,
  );
}

/** Device flow: the signed-in user checks the code and approves (or aborts) the device's request. */
export function deviceConfirmPage(form: string, clientId: string, userCode: string): string {
  return page(
    'Confirm the device – Ferry dev identity',
    `<h1>Confirm the device</h1>
<p><strong>${escapeHtml(clientId)}</strong> asks to sign in. Your device should show this code:</p>
<p><code id="user-code" style="font-size:1.5rem">${escapeHtml(userCode)}</code></p>
${form}
<button type="submit" form="op.deviceConfirmForm" id="approve">Approve</button>
<button type="submit" form="op.deviceConfirmForm" name="abort" value="yes" id="deny">Deny</button>`,
  );
}

export function deviceDonePage(): string {
  return page(
    'Device connected – Ferry dev identity',
    '<h1>Device connected</h1><p id="device-done">You can close this window and go back to your device.</p>',
  );
}

export function avatarSvg(initial: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="#1a73e8"/><text x="48" y="62" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeHtml(initial)}</text></svg>`;
}
