// Which example card is playing (docs/product.md "The order and its states": none or one index). Pure, so the rule "at most one
// plays; clicking the playing card pauses it" is unit-tested apart from the video elements.
export type PlayingExample = number | null;

/** A click on card `clicked`: it starts (and any other stops), or it stops if it was playing. */
export function afterCardClick(playing: PlayingExample, clicked: number): PlayingExample {
  return playing === clicked ? null : clicked;
}

/** Card `stopped` ended or was paused by the browser: only that card's playing state ends. */
export function afterCardStopped(playing: PlayingExample, stopped: number): PlayingExample {
  return playing === stopped ? null : playing;
}

/** What each video element should be doing for a playing index. */
export function playbackPlan(count: number, playing: PlayingExample): ('play' | 'pause')[] {
  return Array.from({ length: count }, (_, index) => (index === playing ? 'play' : 'pause'));
}
