/**
 * Thrown when the caller hands the engine something it must have validated first
 * (a non-integer lot count, a duplicate live orderId, an unknown symbol). The engine
 * changes nothing before throwing, so the book is never left half-updated.
 */
export class EngineInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'EngineInputError';
  }
}
