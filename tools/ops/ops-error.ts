// A refusal or a fact the operator must act on: printed as one line, no stack, non-zero exit.
export class OpsError extends Error {
  constructor(
    message: string,
    /** 1: refused or not found; 2: the command line itself is wrong. */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}
