import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { conditionalOperations, formOperations } from './http/api-route.ts';
import { storeScopes } from './http/auth.ts';
import './http/openapi-schemas.ts';

const isApiOperation = (url: string) => /^\/(cart|catalog|order)\//.test(url);
const zodTransform = createJsonSchemaTransform({});

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;

const wwwAuthenticate = {
  'WWW-Authenticate': {
    description:
      'RFC 6750: `Bearer error="invalid_token"` or `Bearer error="insufficient_scope", scope="store"`.',
    schema: { type: 'string' },
  },
} as const;

function operations(document: Document): Operation[] {
  return Object.values(document.paths ?? {}).flatMap((item) =>
    (['get', 'put', 'post', 'delete'] as const).flatMap((method) => (item?.[method] ? [item[method]] : [])),
  );
}

/**
 * Per operation: POST/PUT/DELETE take their parameters as a form body too (the same schema as
 * the query string), and 401/403 answers carry WWW-Authenticate.
 */
function completeOperations(document: Document): void {
  for (const operation of operations(document)) {
    if (operation.operationId && formOperations.has(operation.operationId)) {
      const properties: Record<string, OpenAPIV3_1.SchemaObject> = {};
      const required: string[] = [];
      for (const parameter of (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) {
        if (parameter.in !== 'query') continue;
        properties[parameter.name] = {
          ...(parameter.schema as OpenAPIV3_1.SchemaObject),
          ...(parameter.description ? { description: parameter.description } : {}),
        };
        if (parameter.required) required.push(parameter.name);
      }
      operation.requestBody = {
        description: 'The same parameters as a form instead of the query string; a name in both is a 400.',
        required: false,
        content: {
          'application/x-www-form-urlencoded': { schema: { type: 'object', properties, required } },
        },
      };
    }
    for (const status of ['401', '403']) {
      const response = operation.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
      if (response) response.headers = wwwAuthenticate;
    }
    documentPreconditions(operation);
  }
}

const entityTag = { type: 'string', pattern: '^"[^"]*"$' } as const;

/** The versions a read names (`ETag`, If-None-Match, 304) and a change is made against (If-Match, 412): preconditions.ts. */
function documentPreconditions(operation: OpenAPIV3_1.OperationObject): void {
  const responses = operation.responses ?? {};
  if (operation.operationId && conditionalOperations.has(operation.operationId)) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'The version last read (its `ETag`): a 304 without a body while it is current.',
        schema: entityTag,
      },
    ];
    const ok = responses['200'] as OpenAPIV3_1.ResponseObject | undefined;
    if (ok)
      ok.headers = { ETag: { description: 'The version of what the answer shows.', schema: entityTag } };
    responses['304'] = { description: 'Not modified: If-None-Match names the current version.' };
  }
  if (responses['412']) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'If-Match',
        in: 'header',
        required: false,
        description:
          'The version the change is made against (an `ETag` or `metadata.cartVersion`): a 412 and no change once it is no longer current.',
        schema: entityTag,
      },
    ];
  }
}

/** Drops components no operation refers to (each registered schema comes in an input and an output variant). */
function dropUnusedSchemas(document: Document): void {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, id] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (id && !used.has(id)) {
        used.add(id);
        visit(schemas[id]);
      }
    }
  };
  visit(document.paths);
  for (const id of Object.keys(schemas)) if (!used.has(id)) delete schemas[id];
}

/**
 * The OpenAPI document, built from the same zod schemas that validate the requests and serialize
 * the responses (server/http/api-route.ts), so it cannot drift from what the service does.
 * Served at /openapi.json.
 */
export async function registerOpenApi(app: FastifyInstance, baseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Crate store API',
        version: '1',
        license: { name: 'MIT', identifier: 'MIT' },
        description:
          'The music store interface of store-api.md with contract.md: cart (/cart/1), catalog detail pages and artist catalog (/catalog/3/), downloads (/order/1/). Parameters go in the query string or, on POST/PUT/DELETE, in a form body; unknown parameters are ignored. Every JSON response is {metadata, results}; errors carry metadata.error, metadata.message and, when one parameter is at fault, metadata.parameter. Cart and download calls need an OAuth 2.0 access token with the `store` scope (see /.well-known/oauth-authorization-server). See docs/api.md for the choices made where the spec is silent.',
      },
      servers: [{ url: baseUrl, description: 'This store' }],
      components: {
        securitySchemes: {
          oauth: {
            type: 'oauth2',
            description:
              'Authorization code with PKCE (S256); the token goes in `Authorization: Bearer` or `access_token`.',
            flows: {
              authorizationCode: {
                authorizationUrl: `${baseUrl}/oauth/authorize`,
                tokenUrl: `${baseUrl}/oauth/token`,
                refreshUrl: `${baseUrl}/oauth/token`,
                scopes: { ...storeScopes },
              },
            },
          },
        },
      },
      tags: [
        { name: 'cart', description: "A user's carts; OAuth scope `store`." },
        { name: 'catalog', description: 'Public catalog pages and the artist catalog.' },
        { name: 'downloads', description: 'The download library; OAuth scope `store`.' },
      ],
    },
    // Only the store API: the website and OAuth routes are documented by their own standards.
    transform: (input) =>
      isApiOperation(input.url) ? zodTransform(input) : { schema: { hide: true } as never, url: input.url },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as Document;
      completeOperations(document);
      dropUnusedSchemas(document);
      return document;
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
