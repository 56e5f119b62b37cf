// Renders public/icon.svg into the PNG icons and favicon.ico with the system Chromium.
// Run again after changing the SVG: `node scripts/make-icons.mjs` (in shell/).
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const svg = await readFile(new URL('../public/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
async function png(size) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
  const buffer = await page.screenshot({ omitBackground: true });
  await page.close();
  return buffer;
}
const touch = await png(180);
const small = await png(32);
await browser.close();
await writeFile(new URL('../public/apple-touch-icon.png', import.meta.url), touch);
// An ICO holding one 32×32 PNG (supported by every current browser).
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(small.length, 14);
header.writeUInt32LE(22, 18);
await writeFile(new URL('../public/favicon.ico', import.meta.url), Buffer.concat([header, small]));
