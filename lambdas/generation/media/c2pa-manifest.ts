// The ad's C2PA manifest (Content Credentials), made and signed by the Content Authenticity
// Initiative's own library, @contentauth/c2pa-node (c2pa-rs behind a Node addon). Its linux-x64
// addon ships inside the npm package; the package's postinstall, which would download it again,
// is denied in package.json (`allowScripts`). In Lambda the render function carries the addon
// beside its bundle and names it in C2PA_LIBRARY_PATH (lib/generation/render-function.ts).
import { Builder, LocalSigner } from '@contentauth/c2pa-node';
import * as z from 'zod';

/**
 * The signing identity: an end-entity certificate (then its issuers, PEM) and its private key.
 * C2PA refuses a self-signed certificate, and wants digitalSignature with an extended key usage
 * such as emailProtection or documentSigning (docs/ai-disclosure.md, "The signing key").
 */
export const c2paSignerSchema = z.object({
  certificateChain: z.string().includes('-----BEGIN CERTIFICATE-----', { error: 'must be PEM certificates' }),
  privateKey: z.string().includes('PRIVATE KEY-----', { error: 'must be a PEM private key' }),
  algorithm: z.enum(['es256', 'es384', 'es512', 'ps256', 'ps384', 'ps512', 'ed25519']).default('es256'),
});
export type C2paSigner = z.infer<typeof c2paSignerSchema>;

/** The stored signer (a JSON secret); a bad one says which field, never its value. */
export function parseC2paSigner(json: string): C2paSigner {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('The C2PA signer is not JSON ({"certificateChain", "privateKey", "algorithm"?})');
  }
  const parsed = c2paSignerSchema.safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'signer'} ${issue.message}`);
    throw new Error(`The C2PA signer is not usable: ${fields.join('; ')}`);
  }
  return parsed.data;
}

export interface AdManifestFacts {
  /** The file's name as delivered (the manifest's title). */
  title: string;
  digitalSourceType: string;
  creatorTool: string;
}

/** The manifest definition: who made the ad, and that it was made with trained algorithmic media. */
export function adManifest(facts: AdManifestFacts) {
  return {
    claim_generator_info: [{ name: facts.creatorTool }],
    title: facts.title,
    format: 'video/mp4',
    assertions: [
      {
        label: 'c2pa.actions.v2',
        data: {
          actions: [
            {
              action: 'c2pa.created',
              digitalSourceType: facts.digitalSourceType,
              softwareAgent: { name: facts.creatorTool },
            },
          ],
        },
      },
    ],
  };
}

/**
 * The MP4 with its manifest embedded (a C2PA `uuid` box after `ftyp`; the library moves the chunk
 * offsets). It hashes every other box, so the XMP box must be written before, never after.
 */
export function signC2paManifest(mp4: Buffer, facts: AdManifestFacts, signer: C2paSigner): Buffer {
  const localSigner = LocalSigner.newSigner(
    Buffer.from(signer.certificateChain),
    Buffer.from(signer.privateKey),
    signer.algorithm,
  );
  // The library's types come from a package it does not publish (@contentauth/c2pa-types), so the
  // definition is handed over as the JSON it is.
  const builder = Builder.withJson(adManifest(facts) as Parameters<typeof Builder.withJson>[0]);
  const signed: { buffer: Buffer | null } = { buffer: null };
  builder.sign(localSigner, { buffer: mp4, mimeType: 'video/mp4' }, signed);
  if (!signed.buffer) throw new Error('C2PA signing returned no file');
  return signed.buffer;
}
