// The fonts drawtext uses come from an npm package, never from the machine, so Lambda, CI and
// every laptop draw the same glyphs. @expo-google-fonts/inter ships Inter as static TTFs,
// which the 2018 ffmpeg's freetype reads (it silently falls back to another face for woff2).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface RenderFonts {
  bold: string;
  regular: string;
}

export function renderFonts(): RenderFonts {
  // Lambda: the bundle has no node_modules; the render function ships the two files (lib/generation).
  const bundled = process.env.RENDER_FONTS_DIR;
  if (bundled) {
    return { bold: `${bundled}/Inter_800ExtraBold.ttf`, regular: `${bundled}/Inter_400Regular.ttf` };
  }
  return {
    bold: require.resolve('@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf'),
    regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  };
}
