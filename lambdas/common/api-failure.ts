// An expected refusal: becomes `{error, errorCode}` with the contract's status code at the edge.
import { type ErrorCode, errorStatus } from '#shared/contract.ts';

export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  readonly statusCode: number;

  constructor(
    readonly errorCode: ErrorCode,
    message: string,
  ) {
    super(message);
    this.statusCode = errorStatus[errorCode];
  }
}
