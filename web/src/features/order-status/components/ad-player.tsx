import type { OrderView } from '#shared/contract';
import { primaryButton } from '../../../components/styles.ts';

/** The finished ad (9:16) and its download; shown only for a completed order. */
export function AdPlayer({ order }: { order: OrderView }) {
  if (order.video_expired) {
    return (
      <p className="mt-6 rounded-xl bg-slate-100 p-4 text-sm text-slate-700">
        This video is no longer stored: files are kept for 30 days. The copy sent to your email still works.
      </p>
    );
  }
  if (!order.video_url) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-4">
      {/* biome-ignore lint/a11y/useMediaCaption: the ad has no speech; its words are captions burned into the picture, over a music bed. */}
      <video
        controls
        playsInline
        preload="metadata"
        src={order.video_url}
        poster={order.poster_url}
        aria-label="Your video ad"
        className="aspect-9/16 w-full max-w-64 rounded-2xl bg-black shadow-lg"
      />
      {order.download_url && (
        <a href={order.download_url} download className={primaryButton}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <path d="M10 2a1 1 0 0 1 1 1v8.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V3a1 1 0 0 1 1-1ZM3 15a1 1 0 0 1 1 1v1h12v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
          </svg>
          Download
        </a>
      )}
    </div>
  );
}
