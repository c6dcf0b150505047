// What a delivered MP4 says about how it was made, read back as a platform would: the IPTC
// DigitalSourceType of its XMP packet, and its C2PA manifest validated by the C2PA library with
// the signer's root as the one trust anchor.
import { createTrustSettings, Reader, settingsToJson } from '@contentauth/c2pa-node';
import { readXmpPacket } from '#generation/media/xmp.ts';

export interface AiLabel {
  xmpDigitalSourceType: string | undefined;
  c2pa?: {
    validationState: string;
    /** Every action's digital source type, in order. */
    digitalSourceTypes: string[];
    claimGenerator: string | undefined;
    signer: string | undefined;
  };
}

interface ManifestStoreJson {
  validation_state: string;
  active_manifest?: string;
  manifests: Record<
    string,
    {
      claim_generator_info?: { name: string }[];
      signature_info?: { common_name?: string };
      assertions?: { label: string; data: { actions?: { digitalSourceType?: string }[] } }[];
    }
  >;
}

export async function readAiLabel(mp4: Buffer, trustAnchor: string): Promise<AiLabel> {
  const packet = readXmpPacket(mp4);
  const xmpDigitalSourceType = packet && /Iptc4xmpExt:DigitalSourceType="([^"]*)"/.exec(packet)?.[1];
  const reader = await Reader.fromAsset(
    { buffer: mp4, mimeType: 'video/mp4' },
    settingsToJson(createTrustSettings({ verifyTrustList: true, trustAnchors: trustAnchor })),
  );
  if (!reader) return { xmpDigitalSourceType };
  const store = reader.json() as ManifestStoreJson;
  const manifest = store.active_manifest ? store.manifests[store.active_manifest] : undefined;
  return {
    xmpDigitalSourceType,
    c2pa: {
      validationState: store.validation_state,
      digitalSourceTypes: (manifest?.assertions ?? [])
        .filter((assertion) => assertion.label.startsWith('c2pa.actions'))
        .flatMap((assertion) => assertion.data.actions ?? [])
        .map((action) => action.digitalSourceType ?? 'none'),
      claimGenerator: manifest?.claim_generator_info?.[0]?.name,
      signer: manifest?.signature_info?.common_name,
    },
  };
}

/** What every delivered ad's label reads as, signed by the twin's or a test's signer. */
export const expectedAiLabel = {
  xmpDigitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
  c2pa: {
    validationState: 'Trusted',
    digitalSourceTypes: ['http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia'],
    claimGenerator: 'ReelFive',
    signer: 'ReelFive Test Signer',
  },
};
