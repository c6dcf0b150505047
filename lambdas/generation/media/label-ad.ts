// The AI disclosure every delivered MP4 carries, written after its last encode and before it is
// stored: the IPTC DigitalSourceType in an XMP packet (written here, box by box), then a signed
// C2PA manifest that hashes the file, XMP included. Platforms that re-encode uploads may drop
// C2PA, so the XMP goes in too (docs/ai-disclosure.md).
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { readSecret } from '#common/secrets.ts';
import { adCreatorTool, adDigitalSourceType } from '#shared/ai-disclosure.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type C2paSigner, parseC2paSigner, signC2paManifest } from './c2pa-manifest.ts';
import { digitalSourceXmpPacket, withXmpPacket } from './xmp.ts';

/** The stage's signer: its Secrets Manager secret in AWS, the plain JSON on the twin. */
export async function stageC2paSigner(): Promise<C2paSigner> {
  return parseC2paSigner(await readSecret(envNames.c2paSigner, envNames.c2paSignerSecretName));
}

/** Labels the MP4 at `path` in place; returns its new size in bytes. */
export async function labelAd(path: string, signer: C2paSigner): Promise<number> {
  const encoded = await readFile(path);
  const withXmp = withXmpPacket(
    encoded,
    digitalSourceXmpPacket({ digitalSourceType: adDigitalSourceType, creatorTool: adCreatorTool }),
  );
  const labelled = signC2paManifest(
    withXmp,
    { title: basename(path), digitalSourceType: adDigitalSourceType, creatorTool: adCreatorTool },
    signer,
  );
  await writeFile(path, labelled);
  return labelled.length;
}
