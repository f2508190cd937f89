/** Asks the store directly what it thinks of a refresh token, as a thief holding it would. */
export async function tryRefreshToken(
  storeUrl: string,
  refreshToken: string,
): Promise<{ status: number; error?: string }> {
  const metadata = (await (await fetch(`${storeUrl}/.well-known/oauth-authorization-server`)).json()) as {
    token_endpoint: string;
  };
  const response = await fetch(metadata.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'crate-extension',
    }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, error: body.error };
}
