// observability → one logger per function instance. Request bodies and headers are never logged (secrets).
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'esim-booking-service' });
