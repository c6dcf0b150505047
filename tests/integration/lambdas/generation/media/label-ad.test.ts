// The AI disclosure of a delivered MP4 (lambdas/generation/media/label-ad.ts): the XMP box written
// by our own code and read back by an independent reader (exiftool, tests only), the C2PA manifest
// read back and validated by the library that signs it, and the file still decoding in ffmpeg.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTrustSettings, Reader, settingsToJson } from '@contentauth/c2pa-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseC2paSigner, signC2paManifest } from '#generation/media/c2pa-manifest.ts';
import { ffmpegPath } from '#generation/media/ffmpeg-binary.ts';
import { labelAd } from '#generation/media/label-ad.ts';
import {
  digitalSourceXmpPacket,
  readXmpPacket,
  topLevelBoxes,
  withXmpPacket,
  xmpBoxUuid,
} from '#generation/media/xmp.ts';
import { describeBinaryFormat, readBinaryFormat, readHeader } from '#lib/shared/native-binaries.ts';
import { makeTestC2paSigner, type TestC2paSigner } from '#local/secrets-manager/c2pa-test-signer.ts';
import { adCreatorTool, adDigitalSourceType, platformAiLabels } from '#shared/ai-disclosure.ts';

const run = promisify(execFile);
const packet = digitalSourceXmpPacket({ digitalSourceType: adDigitalSourceType, creatorTool: adCreatorTool });

let dir = '';
let encoded: Buffer;
let testSigner: TestC2paSigner;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ai-label-'));
  // A short H.264/AAC MP4 as the render writes it (faststart: moov before mdat, offsets absolute).
  const path = join(dir, 'encoded.mp4');
  await run(ffmpegPath(), [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=180x320:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', path],
  ]);
  encoded = await readFile(path);
  testSigner = await makeTestC2paSigner();
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeTemp(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** exiftool's reading of the file's XMP (group:tag → value). */
async function exiftoolXmp(path: string): Promise<Record<string, string>> {
  const { stdout } = await run('exiftool', ['-json', '-G1', '-XMP:all', path]);
  const [tags] = JSON.parse(stdout) as Record<string, string>[];
  return tags ?? {};
}

/** Decodes every frame; resolves with ffmpeg's complaints (none for a sound file). */
async function decodeErrors(path: string): Promise<string> {
  const { stderr } = await run(ffmpegPath(), ['-v', 'error', '-i', path, '-f', 'null', '-']);
  return stderr;
}

/** What the tests read of c2pa-rs's manifest store (the library's own types are not published). */
interface ManifestStore {
  validation_state?: string;
  validation_status?: { code: string }[];
  validation_results?: { activeManifest?: { success: { code: string }[] } };
  active_manifest?: string;
  manifests: Record<
    string,
    {
      title?: string;
      claim_generator_info?: { name: string }[];
      signature_info?: Record<string, unknown>;
      assertions?: { label: string; data: unknown }[];
    }
  >;
}

/** An MD5 of every decoded video frame and audio sample: what the buyer sees and hears. */
async function decodedMd5(path: string): Promise<string> {
  const { stdout } = await run(ffmpegPath(), ['-v', 'error', '-i', path, '-map', '0', '-f', 'md5', '-']);
  return stdout.trim();
}

async function readManifest(bytes: Buffer): Promise<ManifestStore | undefined> {
  const reader = await Reader.fromAsset(
    { buffer: bytes, mimeType: 'video/mp4' },
    // The library hands the settings to c2pa-rs as JSON only when given them as a snake_case string.
    settingsToJson(createTrustSettings({ verifyTrustList: true, trustAnchors: testSigner.rootCertificate })),
  );
  return reader?.json() as ManifestStore | undefined;
}

describe('the XMP box of an MP4', () => {
  it('is appended after every box, so no byte before it moves, and carries the digital source type', async () => {
    // Act
    const labelled = withXmpPacket(encoded, packet);

    // Assess
    expect(labelled.subarray(0, encoded.length).equals(encoded)).toBe(true);
    const boxes = topLevelBoxes(labelled);
    expect(boxes.map((box) => box.type)).toEqual([...topLevelBoxes(encoded).map((box) => box.type), 'uuid']);
    expect(labelled.subarray(encoded.length + 8, encoded.length + 24).equals(xmpBoxUuid)).toBe(true);
    expect(readXmpPacket(labelled)).toBe(packet);
    const path = await writeTemp('xmp.mp4', labelled);
    expect(await exiftoolXmp(path)).toMatchObject({
      'XMP-iptcExt:DigitalSourceType':
        'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
      'XMP-xmp:CreatorTool': 'ReelFive',
    });
    expect(await decodeErrors(path)).toBe('');
  });

  it('replaces the packet a file already ends with instead of adding a second', () => {
    // Prepare
    const first = withXmpPacket(encoded, digitalSourceXmpPacket({ digitalSourceType: 'old', creatorTool: 'old' }));

    // Act
    const replaced = withXmpPacket(first, packet);

    // Assess
    expect(replaced.length).toBe(withXmpPacket(encoded, packet).length);
    expect(topLevelBoxes(replaced).filter((box) => box.type === 'uuid')).toHaveLength(1);
    expect(readXmpPacket(replaced)).toBe(packet);
  });

  it('turns an XMP box that is not last into free space in place, so no byte after it moves', async () => {
    // Prepare: an older XMP box followed by another box, as some editors leave a file.
    const oldBox = withXmpPacket(
      encoded,
      digitalSourceXmpPacket({ digitalSourceType: 'old', creatorTool: 'old' }),
    ).subarray(encoded.length);
    const skip = Buffer.alloc(16);
    skip.writeUInt32BE(16);
    skip.write('skip', 4, 'latin1');
    const layered = Buffer.concat([encoded, oldBox, skip]);

    // Act
    const labelled = withXmpPacket(layered, packet);

    // Assess
    const tail = topLevelBoxes(labelled).slice(-3);
    expect(tail.map(({ type, start, size }) => ({ type, start, size }))).toEqual([
      { type: 'free', start: encoded.length, size: oldBox.length },
      { type: 'skip', start: encoded.length + oldBox.length, size: 16 },
      { type: 'uuid', start: layered.length, size: labelled.length - layered.length },
    ]);
    expect(labelled.subarray(0, encoded.length).equals(encoded)).toBe(true);
    expect(readXmpPacket(labelled)).toBe(packet);
    expect(await decodeErrors(await writeTemp('layered.mp4', labelled))).toBe('');
  });

  it('gives a last box that ran to the end of the file its size, so it does not swallow the XMP box', async () => {
    // Prepare: mdat's size field 0 ("to the end of the file", ISO/IEC 14496-12 §4.2).
    const mdat = topLevelBoxes(encoded).find((box) => box.type === 'mdat')!;
    expect(mdat.start + mdat.size).toBe(encoded.length);
    const toEnd = Buffer.from(encoded);
    toEnd.writeUInt32BE(0, mdat.start);

    // Act
    const labelled = withXmpPacket(toEnd, packet);

    // Assess
    expect(labelled.readUInt32BE(mdat.start)).toBe(mdat.size);
    expect(readXmpPacket(labelled)).toBe(packet);
    expect(await decodeErrors(await writeTemp('to-end.mp4', labelled))).toBe('');
  });

  it('refuses bytes that are not an MP4, saying why', () => {
    expect(() => withXmpPacket(Buffer.from('GIF89a not a video at all'), packet)).toThrow(/Not an MP4/);
    expect(() => withXmpPacket(encoded.subarray(0, encoded.length - 5), packet)).toThrow(
      /Not an MP4: box "mdat" at offset \d+ claims \d+ bytes/,
    );
    const moovFirst = Buffer.from(encoded);
    moovFirst.write('moov', 4, 'latin1');
    expect(() => withXmpPacket(moovFirst, packet)).toThrow('Not an MP4: it does not start with an ftyp box');
  });

  it('escapes what it writes into the packet', () => {
    expect(digitalSourceXmpPacket({ digitalSourceType: 'a"b', creatorTool: '<x>&' })).toContain(
      'Iptc4xmpExt:DigitalSourceType="a&quot;b"\n    xmp:CreatorTool="&lt;x&gt;&amp;"/>',
    );
  });
});

describe('the C2PA manifest of an ad', () => {
  it('is signed by the stage signer, trusted through its root, and says the ad is composed with AI', async () => {
    // Act
    const signed = signC2paManifest(
      withXmpPacket(encoded, packet),
      { title: 'ad.mp4', digitalSourceType: adDigitalSourceType, creatorTool: adCreatorTool },
      testSigner.signer,
    );

    // Assess
    const store = await readManifest(signed);
    expect(store?.validation_state).toBe('Trusted');
    const manifest = store!.manifests[store!.active_manifest!]!;
    expect(manifest.title).toBe('ad.mp4');
    expect(manifest.claim_generator_info?.[0]?.name).toBe('ReelFive');
    expect(manifest.signature_info).toMatchObject({ common_name: 'ReelFive Test Signer', issuer: 'ReelFive test' });
    const actions = manifest.assertions?.find((assertion) => assertion.label === 'c2pa.actions.v2');
    expect(actions?.data).toEqual({
      actions: [
        {
          action: 'c2pa.created',
          digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
          softwareAgent: { name: 'ReelFive' },
        },
      ],
    });
  });

  it('no longer validates when a byte of the video changes after signing', async () => {
    // Prepare
    const signed = signC2paManifest(
      encoded,
      { title: 'ad.mp4', digitalSourceType: adDigitalSourceType, creatorTool: adCreatorTool },
      testSigner.signer,
    );
    const mdat = topLevelBoxes(signed).find((box) => box.type === 'mdat')!;
    const tampered = Buffer.from(signed);
    tampered[mdat.start + 64] = (tampered[mdat.start + 64]! + 1) % 256;

    // Act
    const store = await readManifest(tampered);

    // Assess
    expect(store?.validation_state).toBe('Invalid');
    expect(store?.validation_status?.map((status) => status.code)).toContain('assertion.bmffHash.mismatch');
  });

  it('refuses a signer that is not JSON or lacks its PEMs, without echoing the key', () => {
    expect(() => parseC2paSigner('-----BEGIN PRIVATE KEY----- secret')).toThrow(
      'The C2PA signer is not JSON ({"certificateChain", "privateKey", "algorithm"?})',
    );
    let message = '';
    try {
      parseC2paSigner(JSON.stringify({ certificateChain: 'x', privateKey: 'top secret', algorithm: 'md5' }));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /certificateChain must be PEM certificates; privateKey must be a PEM private key; algorithm/,
    );
    expect(message).not.toContain('top secret');
  });
});

describe('labelAd', () => {
  it('leaves the same frames and sound, with the XMP packet and a trusted manifest that covers them', async () => {
    // Prepare
    const path = await writeTemp('ad.mp4', encoded);
    const unlabelled = await decodedMd5(await writeTemp('unlabelled.mp4', encoded));

    // Act
    const bytes = await labelAd(path, testSigner.signer);

    // Assess
    const labelled = await readFile(path);
    expect(labelled.length).toBe(bytes);
    expect(readXmpPacket(labelled)).toBe(packet);
    expect(await exiftoolXmp(path)).toMatchObject({
      'XMP-iptcExt:DigitalSourceType':
        'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
    });
    const store = await readManifest(labelled);
    expect(store?.validation_state).toBe('Trusted');
    expect(store?.validation_results?.activeManifest?.success.map((status) => status.code)).toContain(
      'assertion.bmffHash.match',
    );
    expect(await decodeErrors(path)).toBe('');
    expect(await decodedMd5(path)).toBe(unlabelled);
  });
});

describe('the C2PA library', () => {
  it('installs the C2PA addon from the package itself, its download script denied', async () => {
    // Prepare
    const root = new URL('../../../../../', import.meta.url);
    const project = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    const library = JSON.parse(
      await readFile(new URL('node_modules/@contentauth/c2pa-node/package.json', root), 'utf8'),
    ) as { scripts: Record<string, string> };
    const addon = new URL('node_modules/@contentauth/c2pa-node/dist/index.node', root).pathname;

    // Assess: the script that would download the addon again is there, and npm may not run it.
    expect(library.scripts.postinstall).toBe('node scripts/postinstall.cjs');
    expect(project.allowScripts?.['@contentauth/c2pa-node']).toBe(false);
    expect(describeBinaryFormat(readBinaryFormat(readHeader(addon)))).toBe('ELF 64-bit little-endian x86_64');
  });
});

describe("the pack's text on each platform's AI label", () => {
  it("names Meta's AI info, TikTok's AI-generated content toggle and YouTube's altered or synthetic content", () => {
    expect(platformAiLabels.map(({ platform, label }) => [platform, label])).toEqual([
      ['Meta (Facebook, Instagram)', 'AI info'],
      ['TikTok', 'AI-generated content'],
      ['YouTube (Google Ads)', 'Altered or synthetic content'],
    ]);
    for (const { label, howToSet } of platformAiLabels) {
      // Each row tells the buyer what to switch on, in the words the platform's screen uses.
      expect(howToSet.toLowerCase()).toContain(label.toLowerCase());
      expect(howToSet).not.toMatch(/https?:/);
    }
  });
});
