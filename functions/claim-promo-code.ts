// http adapter → POST /promo-codes/claim/{uuid}: public (no signature); the claim and the email that delivers the code
// are written together; the email function sends it.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { documentClient } from '#shared/clients/dynamodb';
import { config } from '#shared/config';
import { ClaimPromoCodeSchema } from '#shared/domain/promo-code-schemas';
import { validate } from '#shared/domain/validate';
import { errorHandler } from '#shared/http/middleware';
import { hashedClientAddress, lowerCaseHeaders, pathParameter, readJsonBody } from '#shared/http/request';
import { successResponse } from '#shared/http/response';
import { dynamoPromoCodeDirectory } from '#shared/storage/promo-code-directory';
import { repositories } from '#shared/storage/repositories';
import { dynamoThrottleCounter } from '#shared/storage/throttle-store';
import { claimPromoCode } from '#shared/usecases/promo-codes';

const promoCodes = dynamoPromoCodeDirectory(documentClient, config.tableName);
const throttle = dynamoThrottleCounter(documentClient, config.tableName);

export const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
  .use(errorHandler())
  .handler(async (event) => {
    const uuid = pathParameter(event, 'uuid');
    const { email } = validate(ClaimPromoCodeSchema, readJsonBody(event, lowerCaseHeaders(event)));
    const claim = await claimPromoCode(
      { uuid, email, clientAddress: hashedClientAddress(event.requestContext?.identity?.sourceIp) },
      { ...repositories, promoCodes, throttle },
    );
    return successResponse({ message: `The promo code was sent to ${email}.`, data: claim });
  });
