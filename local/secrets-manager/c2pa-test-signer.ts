// A C2PA signer for the twin and the tests, made by openssl when they start and never stored in
// the repository or a bundle: a test root CA and an end-entity P-256 certificate it issues (C2PA
// refuses a self-signed signing certificate). AWS signs with the stage's own secret instead.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { C2paSigner } from '#generation/media/c2pa-manifest.ts';

const run = promisify(execFile);

export interface TestC2paSigner {
  signer: C2paSigner;
  /** The test root's certificate (PEM): the trust anchor a reader needs to call the signer trusted. */
  rootCertificate: string;
}

const rootConfig = `[req]
distinguished_name = dn
prompt = no
[dn]
CN = ReelFive Test Root CA
O = ReelFive test
[root]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
`;

const signerConfig = `[req]
distinguished_name = dn
prompt = no
[dn]
CN = ReelFive Test Signer
O = ReelFive test
[signer]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = emailProtection
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

export async function makeTestC2paSigner(): Promise<TestC2paSigner> {
  const dir = await mkdtemp(join(tmpdir(), 'c2pa-test-signer-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir, timeout: 60_000 });
  try {
    await Promise.all([writeFile(file('root.cnf'), rootConfig), writeFile(file('signer.cnf'), signerConfig)]);
    await Promise.all([
      openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'root.key'),
      openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'signer.key'),
    ]);
    await openssl(
      ...['req', '-x509', '-new', '-key', 'root.key', '-sha256', '-days', '3650'],
      ...['-config', 'root.cnf', '-extensions', 'root', '-out', 'root.pem'],
    );
    await openssl('req', '-new', '-key', 'signer.key', '-config', 'signer.cnf', '-out', 'signer.csr');
    await openssl(
      ...['x509', '-req', '-in', 'signer.csr', '-CA', 'root.pem', '-CAkey', 'root.key', '-CAcreateserial'],
      ...['-sha256', '-days', '3650', '-extfile', 'signer.cnf', '-extensions', 'signer', '-out', 'signer.pem'],
    );
    const [signerCertificate, rootCertificate, privateKey] = await Promise.all([
      readFile(file('signer.pem'), 'utf8'),
      readFile(file('root.pem'), 'utf8'),
      readFile(file('signer.key'), 'utf8'),
    ]);
    return {
      signer: { certificateChain: `${signerCertificate}${rootCertificate}`, privateKey, algorithm: 'es256' },
      rootCertificate,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
