// http adapter → POST /promo-codes/claim/{uuid}: public (no signature); a traveler gets the code by email at once.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { documentClient } from '#shared/clients/dynamodb';
import { emailSender } from '#shared/clients/email';
import { config } from '#shared/config';
import { ClaimPromoCodeSchema } from '#shared/domain/promo-code-schemas';
import { validate } from '#shared/domain/validate';
import { errorHandler } from '#shared/http/middleware';
import { lowerCaseHeaders, pathParameter, readJsonBody } from '#shared/http/request';
import { successResponse } from '#shared/http/response';
import { createHash } from 'node:crypto';
import { dynamoPromoCodeDirectory } from '#shared/storage/promo-code-directory';
import { repositories } from '#shared/storage/repositories';
import { dynamoThrottleCounter } from '#shared/storage/throttle-store';
import { claimPromoCode } from '#shared/usecases/promo-codes';

const promoCodes = dynamoPromoCodeDirectory(documentClient, config.tableName);
const throttle = dynamoThrottleCounter(documentClient, config.tableName);

/** The caller's address as API Gateway saw it, hashed: counters never store an IP address. */
const clientAddress = (event: APIGatewayProxyEvent): string =>
  createHash('sha256').update(event.requestContext?.identity?.sourceIp ?? 'unknown').digest('hex').slice(0, 32);

export const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
  .use(errorHandler())
  .handler(async (event) => {
    const uuid = pathParameter(event, 'uuid');
    const { email } = validate(ClaimPromoCodeSchema, readJsonBody(event, lowerCaseHeaders(event)));
    const claim = await claimPromoCode(
      { uuid, email, clientAddress: clientAddress(event) },
      { ...repositories, promoCodes, throttle, email: await emailSender() },
    );
    return successResponse({ message: `The promo code was sent to ${email}.`, data: claim });
  });
