/**
 * The part of oidc-provider (v9, untyped JavaScript) that the store uses. Kept to what
 * server/oauth calls, so the compiler checks those calls against the library's documented API.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** What an adapter stores for one model instance: a JSON object. */
  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    uid?: string;
    userCode?: string;
    /** Seconds since the epoch at which a code or refresh token was consumed. */
    consumed?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Client {
    clientId: string;
    redirectUris: string[];
    grantTypeAllowed(type: string): boolean;
  }

  export interface BaseToken {
    jti: string;
    clientId: string;
    accountId: string;
    grantId?: string;
    /** Space-separated scopes the token was granted. */
    scope?: string;
    exp: number;
    readonly isExpired: boolean;
    readonly remainingTTL: number;
  }

  /** The Koa context oidc-provider hands to configuration functions. */
  export interface KoaContextWithOIDC {
    oidc: {
      route: string;
      params?: Record<string, unknown>;
      entities: { RotatedRefreshToken?: BaseToken; [name: string]: unknown };
      result?: { login?: { accountId: string } };
      client?: Client;
    };
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
    set(field: string, value: string): void;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
  }

  export interface ClientMetadata {
    client_id: string;
    client_name?: string;
    token_endpoint_auth_method: 'none';
    grant_types: string[];
    response_types: string[];
    redirect_uris: string[];
    id_token_signed_response_alg?: string;
  }

  export interface Interaction {
    uid: string;
    exp: number;
    prompt: { name: string; reasons: string[] };
    params: Record<string, unknown> & { client_id?: string; redirect_uri?: string; scope?: string };
    session?: { uid: string; accountId?: string };
    lastSubmission?: unknown;
  }

  export interface InteractionResult {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId: string };
  }

  type Ttl = number | ((ctx: KoaContextWithOIDC | undefined, token: BaseToken, client: Client) => number);

  export interface Configuration {
    adapter: (model: string) => Adapter;
    clients: ClientMetadata[];
    clientAuthMethods: string[];
    clientBasedCORS: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    claims: Record<string, string[]>;
    scopes: string[];
    cookies: {
      keys: string[];
      names: { session: string; interaction: string; resume: string };
      long?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; secure?: boolean };
      short?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; secure?: boolean };
    };
    jwks: { keys: JsonWebKey[] };
    enabledJWA: { idTokenSigningAlgValues: string[] };
    responseTypes: string[];
    pkce: { required: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    routes: Record<string, string>;
    features: Record<string, { enabled: boolean; [option: string]: unknown }>;
    interactions: {
      policy: interactionPolicy.Prompt[];
      url: (ctx: KoaContextWithOIDC, interaction: Interaction) => string;
    };
    findAccount: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    issueRefreshToken: (ctx: KoaContextWithOIDC, client: Client) => Promise<boolean> | boolean;
    rotateRefreshToken: boolean;
    expiresWithSession: () => Promise<boolean> | boolean;
    renderError: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => Promise<void> | void;
    ttl: Record<string, Ttl>;
  }

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    /** Koa's: believe X-Forwarded-Proto and X-Forwarded-Host (set only behind a trusted proxy). */
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): this;
    on(event: 'server_error', listener: (ctx: KoaContextWithOIDC, error: Error) => void): this;
    readonly Grant: new (properties: {
      accountId: string;
      clientId: string;
    }) => GrantInstance;
    readonly AccessToken: { find(value: string): Promise<BaseToken | undefined> };
  }

  export namespace interactionPolicy {
    class Check {
      static readonly REQUEST_PROMPT: true;
      static readonly NO_NEED_TO_PROMPT: false;
      constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean);
    }
    interface Prompt {
      name: string;
      checks: Check[] & { add(check: Check, index?: number): void };
    }
    function base(): Prompt[] & { get(name: string): Prompt | undefined };
  }

  export namespace errors {
    class SessionNotFound extends Error {}
  }

  export default Provider;
}
