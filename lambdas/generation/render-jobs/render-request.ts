// What a render job is asked to make, and how an ad script becomes the renderer's spec. The
// renderer knows nothing of scripts or orders; this is the one place the two meet.
import { config } from '#shared/config';
import type { RenderSpec } from '../render/render-spec.ts';
import type { AdScript } from '../script/ad-script.ts';

export interface RenderRequest {
  orderId: string;
  script: AdScript;
  /** The buyer's upload in the images bucket: the footage of choice. */
  imageKey?: string;
  /** The site's og:image / logo, fetched under the same SSRF rules as the page. */
  siteImageUrl?: string;
}

export function renderSpecFor(script: AdScript, imagePaths: readonly string[]): RenderSpec {
  return {
    durationSeconds: script.durationSeconds,
    width: config.video.width,
    height: config.video.height,
    fps: 30,
    footage: { images: [...imagePaths] },
    scenes: script.scenes.map((scene) => ({
      startSeconds: scene.startSeconds,
      endSeconds: scene.endSeconds,
      caption: scene.caption,
      kind: scene.kind,
    })),
    endCard: {
      title: script.endCard.title,
      subtitle: script.endCard.subtitle,
      domain: script.endCard.domain,
      cta: script.cta,
    },
    palette: script.palette,
    style: script.style,
  };
}
