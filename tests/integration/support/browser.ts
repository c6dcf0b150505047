// Chromium for the tests, driven by Playwright: Debian's binary, never a downloaded one.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
}

/** Where the browser tests' screenshots are kept as test artifacts. */
const screenshotsDir = join(process.cwd(), 'tests', '.results', 'screenshots');

/** The path of a screenshot named `file` (browserForSuite makes the folder). */
export function screenshotPath(file: string): string {
  return join(screenshotsDir, file);
}

/** One browser for the whole file; read `.current` inside tests. */
export function browserForSuite(): { current: Browser } {
  const holder = {} as { current: Browser };
  beforeAll(async () => {
    await mkdir(screenshotsDir, { recursive: true });
    holder.current = await launchChromium();
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

/**
 * Waits until React runs a prerendered page: its code loads after the first paint, and until
 * then the page's controls are disabled. The footer's Subscribe button is on every such page.
 */
export async function waitForReact(page: Page): Promise<void> {
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  for (let waited = 0; !(await subscribe.isEnabled()); waited += 50) {
    if (waited > 15_000) throw new Error(`React never took over ${page.url()}`);
    await page.waitForTimeout(50);
  }
}
