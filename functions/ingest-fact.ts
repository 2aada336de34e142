// http adapter → POST /ingest/facts: the network, eSIM platform and payment provider report traveler-side facts.
import * as successMessages from '#shared/api/success-messages';
import { FactSchema } from '#shared/domain/lifecycle-schemas';
import { validate } from '#shared/domain/validate';
import { reporterHandler } from '#shared/http/reporter-handler';
import { readJsonBody } from '#shared/http/request';
import { lifecycle } from '#shared/composition/repositories';
import { ingestFact } from '#shared/usecases/ingest-fact';

export const handler = reporterHandler(async ({ event, headers, reporter }) => {
  const fact = validate(FactSchema, readJsonBody(event, headers));
  const data = await ingestFact({ reporter, fact }, lifecycle);
  return { message: successMessages.ingestFact(data), data };
});
