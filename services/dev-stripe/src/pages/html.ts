/** Escapes text for HTML element content and attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

export function day(unix: number): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(unix * 1000));
}

/** A plain server-rendered page: one column, readable from 320 px up, no script. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 28rem; margin: 0 auto; padding: 2rem 1rem 3rem; }
  .test { display: inline-block; background: #ffde92; color: #5c3b00; font-size: .75rem; font-weight: 600; padding: .1rem .5rem; border-radius: .25rem; }
  h1 { font-size: 1.5rem; margin: .75rem 0 .25rem; }
  h2 { font-size: 1.05rem; margin: 1.75rem 0 .5rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .25rem 0; }
  .muted { color: #5a6275; }
  .card { background: #fff; border: 1px solid #dfe3eb; border-radius: .5rem; padding: 1rem; margin-top: 1rem; }
  .card > :first-child { margin-top: 0; }
  label { display: block; font-weight: 600; margin: .75rem 0 .35rem; }
  input[type=text], input[type=email], select { box-sizing: border-box; width: 100%; font: inherit; font-size: 1rem; padding: .7rem .75rem; border: 1px solid #a3acb9; border-radius: .375rem; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #635bff; outline-offset: 2px; }
  button { font: inherit; font-weight: 600; cursor: pointer; border-radius: .375rem; padding: .75rem 1rem; border: 1px solid #635bff; background: #635bff; color: #fff; min-height: 44px; }
  button.secondary { background: #fff; color: #3c3590; }
  button.danger { background: #fff; color: #a4152c; border-color: #a4152c; }
  .wide { width: 100%; margin-top: 1rem; }
  .error { background: #fdecef; color: #8a1126; border: 1px solid #f2b8c2; border-radius: .375rem; padding: .75rem; margin-top: 1rem; }
  .ok { background: #e8f6ee; color: #0c5a2f; border: 1px solid #b5e2c6; border-radius: .375rem; padding: .75rem; margin-top: 1rem; }
  .back { display: inline-block; margin-top: 1.5rem; color: #3c3590; font-weight: 600; min-height: 44px; line-height: 44px; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: .5rem .25rem; border-bottom: 1px solid #eceff4; font-size: .95rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0; }
  dt { color: #5a6275; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { font-weight: 600; margin-bottom: .35rem; }
  .choice { display: flex; gap: .5rem; align-items: center; padding: .5rem 0; }
  .row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
</style>
</head>
<body>
<main>
<span class="test">Test mode</span>
${body}
</main>
</body>
</html>
`;
}
