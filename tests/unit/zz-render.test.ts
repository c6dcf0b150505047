import { it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { writeContactSheet } from '#generation/compose/contact-sheet.ts';
import { renderStoryboard } from '#generation/compose/render-storyboard.ts';
import { cleanImage } from '#generation/render-jobs/clean-image.ts';
import { openingName, openingsOf, withOpening } from '#generation/storyboard/openings.ts';
import { templateStoryboardWriter } from '#generation/storyboard/template-writer.ts';
import { localVoice } from '#generation/voice/local-voice.ts';
import { analyzeWebsite } from '#generation/website/analyze-website.ts';
import { fetchPublicImage, setTestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { demoShopHosts, serveDemoShops } from '#local/demo-shops/serve.ts';

it('renders', async () => {
  const shops = await serveDemoShops();
  setTestSiteHosts(demoShopHosts);
  const log: string[] = [];
  try {
    for (const [slug, style] of [['ember-oak-coffee', 'ugc'], ['picky-paws', 'direct-response']] as const) {
      const site = await analyzeWebsite(shops.url(slug));
      const storyboard = await templateStoryboardWriter.write({ site, order: { style, durationSeconds: 8 } });
      const workDir = await mkdtemp(join(tmpdir(), 'openings-render-'));
      const images: Record<string, string> = {};
      for (const [index, asset] of storyboard.assets.entries()) {
        if (!asset.url) continue;
        const fetched = await fetchPublicImage(asset.url);
        if ('failure' in fetched) continue;
        const outcome = await cleanImage(fetched.bytes, join(workDir, `asset-${index}.png`));
        if ('path' in outcome) images[asset.id] = outcome.path;
      }
      for (const opening of openingsOf(storyboard)) {
        const ad = withOpening(storyboard, opening.id);
        const dir = await mkdtemp(join(tmpdir(), 'openings-one-'));
        const rendered = await renderStoryboard(ad, { images, voice: localVoice(), workDir: dir });
        const name = `${slug}-${style}-8-${opening.id}`;
        await writeContactSheet(rendered.videoPath, rendered.storyboard, `/tmp/op/renders/${name}.png`);
        execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', rendered.videoPath, '-vf', 'select=eq(n\\,0),scale=360:-2', '-frames:v', '1', `/tmp/op/renders/${name}-frame0.png`]);
        execFileSync('cp', [rendered.videoPath, `/tmp/op/renders/${name}.mp4`]);
        log.push(`${name}: ${openingName(opening)} text=${JSON.stringify(opening.text)} voice="${opening.voiceLine}" attempt=${rendered.attempt} seconds=${JSON.stringify(rendered.seconds)}`);
      }
    }
  } finally {
    setTestSiteHosts(null);
    await shops.close();
  }
  await writeFile('/tmp/op/renders/log.txt', log.join('\n'));
}, 900_000);
