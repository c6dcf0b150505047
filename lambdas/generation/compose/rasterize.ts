// SVG (satori's output: text as glyph paths) to pixels, through sharp's librsvg. The render
// function also imports clean-image.ts, which blocks every libvips loader but JPEG, PNG and WebP
// for the whole process, so untrusted bytes never reach librsvg. Our own SVG needs the SVG loader:
// it is unblocked only while one of our rasterizations runs and blocked again after. In the render
// Lambda the images are cleaned before composing starts and one invocation runs at a time, so no
// untrusted decode can fall in that window. (@resvg/resvg-js would rasterize without touching the
// block at all; see compose/README.md "Renderer".)
import sharp from 'sharp';

const svgLoader = ['VipsForeignLoadSvgBuffer'];

/** Rasterizations running together share one unblocking: the loader is blocked again when the last ends. */
interface Session {
  /** Whether the loader was blocked when the session began (and so is blocked again at its end). */
  blocked: boolean;
  ready: Promise<void>;
  users: number;
}
let session: Session | undefined;

async function svgLoads(): Promise<boolean> {
  try {
    await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

async function withSvgLoader<T>(work: () => Promise<T>): Promise<T> {
  if (!session) {
    const started: Session = { blocked: false, users: 0, ready: Promise.resolve() };
    started.ready = svgLoads().then((loads) => {
      started.blocked = !loads;
      if (started.blocked) sharp.unblock({ operation: svgLoader });
    });
    session = started;
  }
  const current = session;
  current.users += 1;
  try {
    await current.ready;
    return await work();
  } finally {
    current.users -= 1;
    if (current.users === 0) {
      if (session === current) session = undefined;
      if (current.blocked) sharp.block({ operation: svgLoader });
    }
  }
}

/** RGBA pixels of `svg` at its own size. */
export async function rasterize(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  return withSvgLoader(async () => {
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  });
}

/** `svg` as a PNG file's bytes (fast compression: these files live for one render). */
export async function rasterizeToPng(svg: string): Promise<Buffer> {
  return withSvgLoader(() => sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer());
}
