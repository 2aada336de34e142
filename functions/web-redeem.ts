// POST /app/redeem → the button on a waiting grant of the home page: redeems it onto the eSIM (universal) or claims it
// (classic) for the session's traveler, then back home (303), where it shows on the eSIM; a refusal gets a page saying
// why, with the way back.
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

/** Which page a refusal of the native calls gets: the grant needs a country first, or it is gone (404, 409). */
const refusalOf = (error: unknown): Refusal | undefined => {
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'destination_required') return { status: 400, title: 'grantDestinationTitle', body: 'grantDestinationBody' };
  if (error.status === 404 || error.status === 409) return { status: error.status, title: 'grantGoneTitle', body: 'grantGoneBody' };
  return error.status === 400 ? invalidForm : undefined;
};

export const handler = travelerPage(
  homeTexts,
  postedForm(sessionCsrfToken, async (request, form) => {
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
    return { redirect: `${request.basePath}/app` };
  }),
);
