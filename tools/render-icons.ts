// Draws the site's icons from web/public/favicon.svg with Chromium and writes them to
// web/public: favicon.ico (32 px), apple-touch-icon.png (180 px, square, no transparency, as
// iOS wants), icon-192.png and icon-512.png (the web manifest's), and og-image.jpg (1200x630,
// the picture a shared link shows: the brand, the offer and three real example ads' posters).
// Run after changing the logo or the offer: `npx tsx tools/render-icons.ts`; outputs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import { config } from '#shared/config.ts';
import { launchChromium } from '#tests/integration/support/browser.ts';

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

/** The social card: what a link to the site shows on Slack, X, LinkedIn, iMessage… */
async function socialCard(): Promise<Buffer> {
  const media = new URL('../web/src/features/landing/media/', import.meta.url);
  const posters = await Promise.all(
    ['saas-launch', 'ecommerce-sale', 'app-install'].map(async (name) =>
      (await readFile(new URL(`${name}.webp`, media))).toString('base64'),
    ),
  );
  const logo = Buffer.from(svg).toString('base64');
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<style>
    html,body{margin:0;width:1200px;height:630px;font-family:Inter,system-ui,sans-serif}
    body{display:flex;align-items:center;gap:56px;padding:0 72px;box-sizing:border-box;color:#fff;
      background:radial-gradient(900px 500px at 85% -10%,rgba(99,102,241,.55),transparent),#0b1020}
    .text{flex:1}.brand{display:flex;align-items:center;gap:16px;font-size:40px;font-weight:800}
    h1{font-size:60px;line-height:1.05;margin:36px 0 20px;letter-spacing:-.02em}
    p{font-size:28px;color:#c7d2fe;margin:0;line-height:1.35}
    .ads{display:flex;gap:16px}.ads img{width:150px;height:267px;object-fit:cover;border-radius:18px;
      border:6px solid #1e293b;box-shadow:0 20px 40px rgba(0,0,0,.5)}.ads img:nth-child(2){margin-top:60px}
  </style>
  <div class="text"><div class="brand"><img width="64" height="64" src="data:image/svg+xml;base64,${logo}">${config.brand.name}</div>
  <h1>Video ads for ${config.price.shortLabel}, made from your website</h1>
  <p>Pay once. No subscription. A ${config.video.width}x${config.video.height} ad for TikTok, Reels and Shorts by email.</p></div>
  <div class="ads">${posters.map((poster) => `<img src="data:image/webp;base64,${poster}">`).join('')}</div>`);
  const shot = await page.screenshot({ type: 'jpeg', quality: 85 });
  await page.close();
  return shot;
}

try {
  await writeFile(new URL('og-image.jpg', publicDir), await socialCard());
  await writeFile(new URL('favicon.ico', publicDir), icoOf(await png(svg, 32), 32));
  await writeFile(new URL('apple-touch-icon.png', publicDir), await png(squareSvg, 180));
  await writeFile(new URL('icon-192.png', publicDir), await png(svg, 192));
  await writeFile(new URL('icon-512.png', publicDir), await png(svg, 512));
} finally {
  await browser.close();
}
