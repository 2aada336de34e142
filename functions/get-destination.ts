// http adapter → GET /destinations/{id}: one country (ISO3 or ISO2) or region with its data bundles.
import * as successMessages from '#shared/api/success-messages';
import { destinationDetailResponse } from '#shared/domain/destination-response';
import { localeHeaders, requestLocale } from '#shared/http/locale';
import { partnerHandler } from '#shared/http/partner-handler';
import { pathParameter } from '#shared/http/request';
import { catalogStore } from '#shared/composition/repositories';
import { findDestination } from '#shared/usecases/destinations';

export const handler = partnerHandler(async ({ event, headers }) => {
  const locale = requestLocale(event, headers);
  const destination = await findDestination(pathParameter(event, 'id'), { catalog: catalogStore });
  return { message: successMessages.getDestination, data: destinationDetailResponse(destination, locale), headers: localeHeaders(locale) };
});
