// The one key pair every AWS client on the twin signs with: s3rver's, the only emulator that
// accepts a single fixed pair. DynamoDB Local takes any; the AppSync Events emulator checks the
// publisher's SigV4 signature against this same pair.
import { S3RVER_ACCESS_KEY_ID, S3RVER_SECRET_ACCESS_KEY } from '#local/s3/s3rver.ts';

export const twinCredentials = { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: S3RVER_SECRET_ACCESS_KEY };
