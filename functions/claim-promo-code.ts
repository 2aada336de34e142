// http adapter → POST /promo-codes/claim/{uuid}: public (no signature); the claim and the email that delivers the code
// are written together; the email function sends it.
import * as successMessages from '#shared/api/success-messages';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { promoCodeClaimDependencies } from '#shared/composition/promo-codes';
import { ClaimPromoCodeSchema } from '#shared/domain/promo-code-schemas';
import { validate } from '#shared/domain/validate';
import { errorHandler } from '#shared/http/middleware';
import { hashedClientAddress, lowerCaseHeaders, pathParameter, readJsonBody } from '#shared/http/request';
import { successResponse } from '#shared/http/response';
import { claimPromoCode } from '#shared/usecases/promo-codes';

export const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
  .use(errorHandler())
  .handler(async (event) => {
    const uuid = pathParameter(event, 'uuid');
    const { email } = validate(ClaimPromoCodeSchema, readJsonBody(event, lowerCaseHeaders(event)));
    const claim = await claimPromoCode(
      { uuid, email, clientAddress: hashedClientAddress(event.requestContext?.identity?.sourceIp) },
      promoCodeClaimDependencies,
    );
    return successResponse({ message: successMessages.claimPromoCode(email), data: claim });
  });
