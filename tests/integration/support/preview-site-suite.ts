// For a browser journey through the preview: the local websites and a product photo to upload,
// set up once per test file (apart from preview-site.ts, which the bench imports outside vitest).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { writeProductPhoto } from './ad-fixtures.ts';
import { type PreviewSite, startPreviewSite } from './preview-site.ts';

/** Read `.site` and `.photoPath` inside tests. */
export function previewSiteForSuite(): { site: PreviewSite; photoPath: string } {
  const suite = { photoPath: '' } as { site: PreviewSite; photoPath: string };
  let workDir = '';
  beforeAll(async () => {
    suite.site = await startPreviewSite();
    workDir = await mkdtemp(join(tmpdir(), 'preview-site-suite-'));
    suite.photoPath = await writeProductPhoto(workDir);
  });
  afterAll(async () => {
    await suite.site?.stop();
    await rm(workDir, { recursive: true, force: true });
  });
  return suite;
}
