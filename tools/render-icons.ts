// Draws the site's icons from web/public/favicon.svg with Chromium and writes them to
// web/public: favicon.ico (32 px), apple-touch-icon.png (180 px, square, no transparency, as
// iOS wants), icon-192.png and icon-512.png (the web manifest's). Run after changing the logo:
// `npx tsx tools/render-icons.ts`; the outputs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import { launchChromium } from '../tests/integration/support/browser.ts';

const publicDir = new URL('../web/public/', import.meta.url);
const svg = await readFile(new URL('favicon.svg', publicDir), 'utf8');
const squareSvg = svg.replace(/ rx="\d+"/, '');

const browser = await launchChromium();
async function png(source: string, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const image = Buffer.from(source).toString('base64');
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}</style><img width="${size}" height="${size}" src="data:image/svg+xml;base64,${image}">`,
  );
  const shot = await page.screenshot({ omitBackground: true, type: 'png' });
  await page.close();
  return shot;
}

/** An .ico holding one PNG image (supported by every current browser). */
function icoOf(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6);
  header.writeUInt8(size % 256, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image data
  return Buffer.concat([header, image]);
}

try {
  await writeFile(new URL('favicon.ico', publicDir), icoOf(await png(svg, 32), 32));
  await writeFile(new URL('apple-touch-icon.png', publicDir), await png(squareSvg, 180));
  await writeFile(new URL('icon-192.png', publicDir), await png(svg, 192));
  await writeFile(new URL('icon-512.png', publicDir), await png(svg, 512));
} finally {
  await browser.close();
}
