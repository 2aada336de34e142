// POST /app/redeem → the button on a waiting grant of the home page: redeems it onto the eSIM (universal) or claims it
// (classic) for the session's traveler, then back home (303), which says it is done; a refusal gets a page saying why,
// with the way back.
import * as v from 'valibot';
import { WebGrantFormSchema } from '#shared/domain/lifecycle-schemas';
import { AppError } from '#shared/errors';
import { lifecycle } from '#shared/composition/repositories';
import { webBrandStore, webTravelers } from '#shared/composition/traveler-web';
import { showTravelerHome } from '#shared/usecases/traveler-home';
import { takeWaitingGrant } from '#shared/usecases/web-grants';
import { homeTexts } from '#shared/web/i18n';
import { messagePage } from '#shared/web/layout';
import type { HomeMessageKey } from '#shared/web/messages/en';
import { postedForm } from '#shared/web/page-handler';
import { sessionCsrfToken, travelerPage } from '#shared/web/traveler-page';

interface Refusal {
  status: number;
  title: HomeMessageKey;
  body: HomeMessageKey;
}

const invalidForm: Refusal = { status: 400, title: 'grantInvalidTitle', body: 'grantInvalidBody' };
const gone = ['package_queue_not_found', 'package_queue_not_pending', 'promo_code_already_redeemed'];

/**
 * Which page a refusal of the native calls gets: the grant needs a country first; it is gone (redeemed, expired, not
 * this traveler's); the provider could not take it now (try again); or it cannot be redeemed yet (incomplete, the eSIM
 * full), which the traveler cannot change. A form changed by hand (another kind, a country for a placed grant) is 400.
 */
const refusalOf = (error: unknown): Refusal | undefined => {
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'destination_required') return { status: 400, title: 'grantDestinationTitle', body: 'grantDestinationBody' };
  if (error.code === 'package_queue_expired') return { status: error.status, title: 'grantGoneTitle', body: 'grantExpiredBody' };
  if (gone.includes(error.code)) return { status: error.status, title: 'grantGoneTitle', body: 'grantGoneBody' };
  if (error.status >= 500) return { status: error.status, title: 'grantLaterTitle', body: 'grantLaterBody' };
  if (['classic_grant_must_be_claimed', 'not_a_classic_grant', 'destination_set_by_partner'].includes(error.code) || error.status === 400)
    return invalidForm;
  return { status: error.status, title: 'grantBlockedTitle', body: 'grantBlockedBody' };
};

export const handler = travelerPage(
  homeTexts,
  postedForm(
    sessionCsrfToken,
    async (request, form) => {
      /** A refusal's page, in the traveler's language and brand (read only then: a success goes straight home). */
      const refused = async ({ status, title, body }: Refusal) => {
        const { view, brand } = await showTravelerHome({ session: request.session }, { home: webTravelers, brands: webBrandStore });
        const frame = request.frame({ bookingLocale: view.locale, brand });
        return {
          status,
          brand,
          page: messagePage(frame, {
            title: frame.t(title),
            body: frame.t(body),
            back: { href: `${request.basePath}/app`, label: frame.t('backHome') },
          }),
        };
      };
      const parsed = v.safeParse(WebGrantFormSchema, {
        package_queue_id: form.get('package_queue_id'),
        esim_type: form.get('esim_type'),
        destination: form.get('destination') || undefined,
      });
      if (!parsed.success) return refused(invalidForm);
      const { package_queue_id: packageQueueId, esim_type: esimType, destination } = parsed.output;
      try {
        await takeWaitingGrant({ session: request.session, packageQueueId, esimType, destination }, lifecycle);
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        return refused(refusal);
      }
      return { redirect: `${request.basePath}/app?redeemed=1` };
    },
    { back: (request) => ({ href: `${request.basePath}/app`, label: request.frame().t('backHome') }) },
  ),
);
