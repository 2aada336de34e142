// http adapter → POST /sandbox/<step>: plays one traveler-side step for the partner's own travelers.
// Every sandbox route uses this handler; the step is the last path segment. Absent in production.
import { sandboxStepPlayed } from '#shared/api/success-messages';
import * as config from '#shared/config';
import { sandboxSchemas, sandboxSteps, type SandboxStep } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { partnerHandler } from '#shared/http/partner-handler';
import { readJsonBody } from '#shared/http/request';
import { sandboxDevice } from '#shared/composition/providers';
import { lifecycle } from '#shared/composition/repositories';
import { playSandboxStep, sandboxAvailable, sandboxRouteNotFound } from '#shared/usecases/sandbox';

const sandbox = { ...lifecycle, device: sandboxDevice };

const stepOf = (resource: string): SandboxStep | undefined => sandboxSteps.find((step) => resource === `/sandbox/${step}`);

export const handler = partnerHandler(async ({ event, headers, partner }) => {
  const step = stepOf(event.resource);
  if (!sandboxAvailable(config.stage()) || !step) throw sandboxRouteNotFound();
  const body = validate(sandboxSchemas[step], readJsonBody(event, headers));
  const data = await playSandboxStep(step, partner.partnerId, body as never, sandbox);
  return { message: sandboxStepPlayed(step), data };
});
