// Everything a style decides, as data: how it spends each length, how fast its voice talks, how it
// words a fact, how it looks and moves, its music and its voice. The engine (the writers, the
// layout, the plates, the mix, the voice) reads these fields and never asks a style's name, so a
// style is one module in this folder (styles/<style>.ts) and its line in the registry (styles.ts).
import type { Look, PlateDesign } from '#generation/compose/looks.ts';
import type { Arrangement } from '#generation/compose/music.ts';
import type { SchemeRecipe } from '#generation/compose/scheme.ts';
import type { FootageCamera } from '#generation/storyboard/footage-prompts.ts';
import type { PlannedScene, SceneRole } from '#generation/storyboard/scene-plans.ts';
import type { Motion } from '#generation/storyboard/storyboard.ts';
import type { StyleLines } from '#generation/storyboard/style-lines.ts';
import type { LocalVoiceChoice, PollyVoiceChoice } from '#generation/voice/voice.ts';
import type { AdDuration } from '#shared/contract.ts';

/** Heard words a second ("$16" is two words, "emberoakcoffee.com" five). */
export interface WordsPerSecond {
  min: number;
  max: number;
}

export interface StyleDefinition {
  /**
   * The scenes of each length in order, their seconds and their shots (cuts inside a scene). The
   * storyboard schema holds every storyboard of the style to its plan. Hook / body / CTA: 4 s →
   * 1/1/1, 8 s → 1/2/1, 12 s → 1/3/1; the hook lasts as long as a whole line takes to say (2–2.5 s;
   * 1.3 s in a 4 s ad), every other scene under a third of the ad (scene-plans.ts `pacing`).
   */
  plan: Record<AdDuration, readonly PlannedScene[]>;
  /**
   * The voice's pace: writers fill every scene to it, the schema caps every line at it, the voice
   * reads at it and the bench measures it. The one place a style's pace lives.
   */
  pace: WordsPerSecond;
  /**
   * The longest deliberate pause before the end card's line (compose/voice-track.ts): the card's
   * line ends near the ad's end, and the slack a short story leaves goes into this beat rather than
   * into silence after the call to action. A calm narrator holds a longer one.
   */
  endCardBeatSeconds: number;
  copy: {
    /** Who speaks: the brand's narrator, or a customer in the first person. */
    persona: 'brand' | 'first-person';
    /** How the style says each fact, its hook and its call to action (storyboard/style-lines.ts). */
    lines: StyleLines;
    /** Phone-native moments (a viewer's comment, a friend's text), each answered in the ad. */
    phoneElements: boolean;
    /** The price stamped beside its product (a callout) instead of written after its name. */
    priceStamp: boolean;
    /** What the Bedrock writer is told the style is (storyboard/bedrock-writer.ts). */
    brief: string;
  };
  visuals: {
    /** The camera moves the story's shots take in turn. */
    motions: readonly Motion[];
    /** The end card's camera (the renderer lets a `static` card drift). */
    endCardMotion: Motion;
    /** How a product photo is framed in a scene of `role`, its `shotIndex`-th shot. */
    productFraming(role: SceneRole, shotIndex: number): 'product-hero' | 'product-split';
    /** The camera and light of AI footage (the start of every footage prompt) and who may be in the shot. */
    footageCamera: FootageCamera;
  };
  look: {
    /** The colours an ad takes when the site has no theme colour (the accent when it has one). */
    palette: { primary: string; accent: string };
    /** How the brand's palette becomes the ad's colours (compose/scheme.ts). */
    scheme: SchemeRecipe;
    /** Type, text treatments, cuts, text entrances and the camera's reach (compose/looks.ts). */
    type: Look;
    /** The designed background behind a product or typographic scene (compose/layers.tsx). */
    plate: PlateDesign;
    /** The tint laid over a blurred photo behind a product: towards white, or the plate's shade. */
    blurTint: 'light' | 'shade';
    /** A sticker callout's tilt, degrees (0: level; the safe layout is always level). */
    calloutTiltDeg: number;
  };
  /** The music bed, synthesized at render time (compose/music.ts). */
  music: Arrangement;
  /** The voice in AWS (Polly) and on the twin and in CI (festival), at `pace` (voice/style-voices.ts). */
  voice: {
    polly: Omit<PollyVoiceChoice, 'wordsPerSecond'>;
    local: Omit<LocalVoiceChoice, 'wordsPerSecond'>;
  };
}
