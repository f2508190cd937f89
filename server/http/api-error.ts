/** An error a client caused, sent as the contract's error envelope (contract.md section 2). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly parameter: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    parameter?: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.parameter = parameter;
    this.headers = headers;
  }
}

export const badParameter = (parameter: string, message: string) =>
  new ApiError(400, 'invalidParameter', message, parameter);

export const notFound = (message: string) => new ApiError(404, 'notFound', message);

export const unauthorized = (message = 'Sign in again: the access token is missing, invalid or expired.') =>
  new ApiError(401, 'invalidToken', message, undefined, {
    'www-authenticate': 'Bearer error="invalid_token"',
  });
