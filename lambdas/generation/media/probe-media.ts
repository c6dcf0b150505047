// What ffprobe says a rendered file is, and the check that it is the ad we promised before it
// is delivered: a wrong size, length or a missing audio track fails the render, not the buyer.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffprobePath } from './ffmpeg-binary.ts';

const execFileAsync = promisify(execFile);

export interface MediaFacts {
  durationSeconds: number;
  video?: { codec: string; profile: string; pixelFormat: string; width: number; height: number; fps: number };
  audio?: { codec: string; sampleRate: number; channels: number };
}

interface ProbeOutput {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    profile?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    r_frame_rate?: string;
    sample_rate?: string;
    channels?: number;
  }[];
  format?: { duration?: string };
}

export async function probeMedia(path: string): Promise<MediaFacts> {
  const { stdout } = await execFileAsync(ffprobePath(), [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,profile,pix_fmt,width,height,r_frame_rate,sample_rate,channels:format=duration',
    '-of',
    'json',
    path,
  ]);
  const probe = JSON.parse(stdout) as ProbeOutput;
  const video = probe.streams?.find((stream) => stream.codec_type === 'video');
  const audio = probe.streams?.find((stream) => stream.codec_type === 'audio');
  const [frames = 0, per = 1] = (video?.r_frame_rate ?? '0/1').split('/').map(Number);
  return {
    durationSeconds: Number(probe.format?.duration ?? Number.NaN),
    ...(video && {
      video: {
        codec: video.codec_name ?? '',
        profile: video.profile ?? '',
        pixelFormat: video.pix_fmt ?? '',
        width: video.width ?? 0,
        height: video.height ?? 0,
        fps: frames / per,
      },
    }),
    ...(audio && {
      audio: { codec: audio.codec_name ?? '', sampleRate: Number(audio.sample_rate), channels: audio.channels ?? 0 },
    }),
  };
}

/** Throws, naming every difference, unless `facts` describe the ad that was asked for. */
export function assertRenderedAd(
  facts: MediaFacts,
  expected: { width: number; height: number; durationSeconds: number },
): void {
  const problems: string[] = [];
  if (facts.video?.codec !== 'h264') problems.push(`video codec is ${facts.video?.codec ?? 'missing'}, not h264`);
  if (facts.video && (facts.video.width !== expected.width || facts.video.height !== expected.height)) {
    problems.push(`size is ${facts.video.width}x${facts.video.height}, not ${expected.width}x${expected.height}`);
  }
  if (!(Math.abs(facts.durationSeconds - expected.durationSeconds) <= 0.05)) {
    problems.push(`duration is ${facts.durationSeconds} s, not ${expected.durationSeconds} s`);
  }
  if (!facts.audio) problems.push('there is no audio stream');
  if (problems.length > 0) throw new Error(`Rendered ad is not what was asked for: ${problems.join('; ')}`);
}
