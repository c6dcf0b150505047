// The engine never makes an ad of a business's name alone (docs/spec-deviations.md): the storyboard
// step refuses a site it could not read when the order has no photo, with the error the state
// machine's failure path refunds (UnreadableSite), and writes the ad when the photo is there.
import { describe, expect, it } from 'vitest';
import { unreadableSiteError } from '#generation/step-errors.ts';
import { writeStoryboard } from '#generation/storyboard/write-storyboard.ts';
import { unreachableSite } from './fixtures/sites.ts';

describe('the storyboard step and a site it could not read', () => {
  it('refuses to write the ad without a photo', async () => {
    const written = writeStoryboard({ site: unreachableSite, order: { style: 'cinematic', durationSeconds: 8 } });

    await expect(written).rejects.toMatchObject({ name: unreadableSiteError });
  });

  it('writes it from the photo when there is one', async () => {
    const { storyboard } = await writeStoryboard({
      site: unreachableSite,
      order: { style: 'cinematic', durationSeconds: 8, uploadKey: '0f8fad5b-d9cb-469f-a165-70867728950e.jpg' },
    });

    expect(storyboard.assets).toContainEqual(expect.objectContaining({ source: 'upload' }));
  });
});
