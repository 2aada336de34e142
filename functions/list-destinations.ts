// http adapter → GET /destinations: every country and region with its localized name and bundle count.
import * as successMessages from '#shared/api/success-messages';
import { destinationResponse } from '#shared/domain/destination-response';
import { localeHeaders, requestLocale } from '#shared/http/locale';
import { partnerHandler } from '#shared/http/partner-handler';
import { catalogStore } from '#shared/composition/repositories';
import { listDestinations } from '#shared/usecases/destinations';

export const handler = partnerHandler(async ({ event, headers }) => {
  const locale = requestLocale(event, headers);
  const destinations = await listDestinations({ catalog: catalogStore });
  return {
    message: successMessages.listDestinations,
    data: destinations.map((destination) => destinationResponse(destination, locale)),
    headers: localeHeaders(locale),
  };
});
