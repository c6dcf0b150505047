// The HTTP API's $default route: any path or method not in the route table.
import { apiMessages } from '#shared/contract.ts';
import { matchRoute } from '#shared/routes.ts';
import { apiHandler, failure } from './http.ts';

export const handler = apiHandler(async (event) => {
  const match = matchRoute(event.requestContext.http.method, event.rawPath);
  return 'error' in match && match.error === 'METHOD_NOT_ALLOWED'
    ? failure('METHOD_NOT_ALLOWED', apiMessages.methodNotAllowed)
    : failure('NOT_FOUND', apiMessages.notFound);
});
