// The finished ad (9:16) and its download, for a completed order. The box has its aspect ratio
// before anything loads (no layout shift); re-reads keep the playing video's links while valid.
import { useEffect, useRef, useState } from 'react';
import { config } from '#shared/config.ts';
import type { OrderView } from '#shared/contract.ts';
import { primaryButton } from '#web/components/styles.ts';
import { type AdLinks, linksToShow } from '#web/features/order-status/video-links.ts';
import { OrderIdForSupport } from './order-id-for-support.tsx';

const playerBox = 'aspect-9/16 w-full max-w-64 rounded-2xl bg-slate-900 shadow-lg';

export function AdPlayer({ order }: { order: OrderView }) {
  const links = useStableLinks(order);
  if (order.video_expired) return <VideoExpired orderId={order.id} />;
  if (!links.video_url) {
    return (
      <div className="mt-6 flex justify-center">
        <div className={`${playerBox} flex items-center justify-center p-6 text-center text-sm text-slate-200`}>
          <p role="status">Preparing your video…</p>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-6 flex flex-col items-center gap-4">
      <ResumingVideo src={links.video_url} poster={links.poster_url} />
      {links.download_url && (
        <a href={links.download_url} download className={primaryButton}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <path d="M10 2a1 1 0 0 1 1 1v8.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V3a1 1 0 0 1 1-1ZM3 15a1 1 0 0 1 1 1v1h12v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
          </svg>
          Download
        </a>
      )}
    </div>
  );
}

export function VideoExpired({ orderId }: { orderId: string }) {
  return (
    <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <p className="font-semibold text-slate-900">This video has expired.</p>
      <p className="mt-1">
        Videos are kept for {config.limits.fileRetentionDays} days after delivery. If you need the file again, email{' '}
        <a href={`mailto:${config.supportEmail}`} className="font-semibold text-indigo-700 underline">
          {config.supportEmail}
        </a>{' '}
        with your order ID:
      </p>
      <OrderIdForSupport orderId={orderId} />
    </div>
  );
}

/** The order's links, swapped for fresh ones only when the shown ones are about to expire. */
function useStableLinks(order: OrderView): AdLinks {
  const fresh: AdLinks = {
    video_url: order.video_url,
    poster_url: order.poster_url,
    download_url: order.download_url,
    expires_at: order.expires_at,
  };
  const [shown, setShown] = useState<AdLinks>(fresh);
  const next = linksToShow(shown, fresh, Date.now());
  // Compared by value: `fresh` is a new object on every render.
  if (next.video_url !== shown.video_url || next.expires_at !== shown.expires_at) setShown(next);
  return next;
}

/** A <video> whose new link (renewed before expiry) continues from where the buyer was. */
function ResumingVideo({ src, poster }: { src: string; poster?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const resume = useRef<{ src: string; time: number; playing: boolean } | null>(null);
  const [shownSrc, setShownSrc] = useState(src);

  if (src !== shownSrc) {
    // Read while the element still plays the old link (after the commit it is already reset);
    // the effect below applies it once the new link has loaded.
    const element = video.current;
    resume.current = element ? { src, time: element.currentTime, playing: !element.paused } : null;
    setShownSrc(src);
  }

  useEffect(() => {
    const element = video.current;
    const at = resume.current;
    if (!element || at?.src !== shownSrc) return;
    const onReady = () => {
      element.currentTime = at.time;
      if (at.playing) void element.play().catch(() => undefined);
      resume.current = null;
    };
    element.addEventListener('loadedmetadata', onReady, { once: true });
    return () => element.removeEventListener('loadedmetadata', onReady);
  }, [shownSrc]);

  return (
    // biome-ignore lint/a11y/useMediaCaption: every spoken word of the voice-over is captioned in the picture itself, word by word.
    <video
      ref={video}
      controls
      playsInline
      preload="metadata"
      src={shownSrc}
      poster={poster}
      aria-label="Your video ad"
      width={config.video.width}
      height={config.video.height}
      className={`${playerBox} h-auto object-contain`}
    />
  );
}
