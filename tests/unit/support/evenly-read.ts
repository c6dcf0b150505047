// A voice read without a speech engine, for tests of what is drawn from its words (captions).
import type { PlacedLine } from '#generation/compose/voice-track.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';

/** Each scene's voice line read evenly across its scene, for the captions to group. */
export function evenlyRead(storyboard: Storyboard): PlacedLine[] {
  return storyboard.scenes.flatMap((scene, sceneIndex): PlacedLine[] => {
    const words = scene.voiceLine.split(/\s+/).filter(Boolean);
    if (words.length === 0 || scene.role === 'cta') return [];
    const step = (scene.endSeconds - scene.startSeconds - 0.2) / words.length;
    const at = (index: number) => scene.startSeconds + 0.05 + index * step;
    return [
      {
        sceneIndex,
        audioPath: '/work/line.wav',
        trim: { startSeconds: 0, endSeconds: words.length * step },
        startSeconds: at(0),
        endSeconds: at(words.length),
        words: words.map((word, index) => ({ word, startSeconds: at(index), endSeconds: at(index + 1) - 0.02 })),
      },
    ];
  });
}
