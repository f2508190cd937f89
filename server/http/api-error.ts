/** An error a client caused, sent as the contract's error envelope (contract.md section 2). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly parameter?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badParameter = (parameter: string, message: string) =>
  new ApiError(400, 'invalidParameter', message, parameter);

export const notFound = (message: string) => new ApiError(404, 'notFound', message);

export const unauthorized = (message = 'Sign in again: the access token is missing, invalid or expired.') =>
  new ApiError(401, 'invalidToken', message, undefined, {
    'www-authenticate': 'Bearer error="invalid_token"',
  });
