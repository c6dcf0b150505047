// Drives the example cards' <video> elements from one playing index: the chosen one plays with
// sound from its start point, every other one is paused.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  afterCardClick,
  afterCardStopped,
  type PlayingExample,
  playbackPlan,
} from '#web/features/landing/example-playback.ts';

export function useExamplePlayback(count: number) {
  const [playing, setPlaying] = useState<PlayingExample>(null);
  const videos = useRef<(HTMLVideoElement | null)[]>([]);

  useEffect(() => {
    playbackPlan(count, playing).forEach((action, index) => {
      const video = videos.current[index];
      if (!video) return;
      if (action === 'pause') {
        if (!video.paused) video.pause();
        return;
      }
      video.muted = false;
      // A browser that refuses (no user gesture, no codec) leaves the card stopped, not stuck.
      video.play().catch(() => setPlaying((current) => afterCardStopped(current, index)));
    });
  }, [count, playing]);

  const toggle = useCallback((index: number) => setPlaying((current) => afterCardClick(current, index)), []);
  const stopped = useCallback((index: number) => setPlaying((current) => afterCardStopped(current, index)), []);
  const register = useCallback(
    (index: number) => (video: HTMLVideoElement | null) => {
      videos.current[index] = video;
    },
    [],
  );

  return { playing, toggle, stopped, register };
}
