// The render Lambda: its handler bundled by esbuild, plus what esbuild cannot bundle: the static
// ffmpeg and ffprobe it runs, the Inter fonts its layers are drawn in, sharp (libvips), which
// decodes every input image once so that ffmpeg never decodes untrusted bytes (README.md), and the
// C2PA library's addon that signs the ad's AI label.
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { type BundledFile, ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { renderFunction } from '#shared/generation-steps.ts';

/** Where Lambda puts the bundle (and so the fonts: RENDER_FONTS_DIR of functions that carry them). */
export const taskRoot = '/var/task';

/**
 * sharp and every package it loads at run time (its package.json and sharp.cjs), for linux-x64
 * glibc; also carried by API routes and generation steps that decode images (`decodesImages` in
 * shared/routes.ts and shared/generation-steps.ts).
 */
export const sharpRuntimePackages = [
  'sharp',
  '@img/colour',
  'detect-libc',
  'semver',
  '@img/sharp-linux-x64',
  '@img/sharp-libvips-linux-x64',
];

/**
 * What a function that decodes images with sharp needs: sharp's linux-x64 build, the one the render
 * function and the tests decode with (esbuild cannot bundle its native addon), and that CPU.
 */
export const imageDecoding = { architecture: Architecture.X86_64, copiedPackages: sharpRuntimePackages } as const;

/**
 * The Inter weights compose/fonts.ts draws every layer in, read from RENDER_FONTS_DIR; also carried
 * by API routes that draw (shared/routes.ts `decodesImages`: the preview's opening still).
 */
export const interFontFiles: readonly BundledFile[] = [
  { from: 'node_modules/@expo-google-fonts/inter/300Light/Inter_300Light.ttf', to: 'Inter_300Light.ttf' },
  { from: 'node_modules/@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf', to: 'Inter_600SemiBold.ttf' },
  { from: 'node_modules/@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf', to: 'Inter_800ExtraBold.ttf' },
  { from: 'node_modules/@expo-google-fonts/inter/900Black/Inter_900Black.ttf', to: 'Inter_900Black.ttf' },
];

export class RenderFunction extends ReelFiveFunction {
  constructor(scope: Construct, id: string) {
    super(scope, id, {
      entry: renderFunction.entry,
      timeoutSeconds: renderFunction.timeoutSeconds,
      memoryMb: renderFunction.memoryMb,
      description: 'Renders an ad with ffmpeg (invoked asynchronously by StartRender)',
      // x86_64: the linux-x64 ffmpeg/ffprobe builds of the npm installer packages are the ones the
      // tests and CI render with, so Lambda runs the very same binaries.
      architecture: Architecture.X86_64,
      bundledFiles: [
        { from: 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg', to: 'ffmpeg', executable: true },
        { from: 'node_modules/@ffprobe-installer/linux-x64/ffprobe', to: 'ffprobe', executable: true },
        ...interFontFiles,
        // The C2PA library's linux-x64 addon (media/c2pa-manifest.ts), beside the bundle that loads it.
        { from: 'node_modules/@contentauth/c2pa-node/dist/index.node', to: 'c2pa-node.node', executable: true },
      ],
      copiedPackages: sharpRuntimePackages,
    });
    this.addEnvironment('FFMPEG_PATH', `${taskRoot}/ffmpeg`);
    this.addEnvironment('FFPROBE_PATH', `${taskRoot}/ffprobe`);
    this.addEnvironment('RENDER_FONTS_DIR', taskRoot);
    // @contentauth/c2pa-node's own variable: where its addon is, the bundle having moved its JS.
    this.addEnvironment('C2PA_LIBRARY_PATH', `${taskRoot}/c2pa-node.node`);
  }
}
