// GET /app/{proxy+} → any other web app path: a localized 404 page instead of the API's JSON 404.
import { publicMessagePage } from '#shared/web/page-handler';
import { notFoundPage } from '#shared/web/pages';

export const handler = publicMessagePage(async (request) => ({ status: 404, page: notFoundPage(request.frame(), { home: true }) }));
