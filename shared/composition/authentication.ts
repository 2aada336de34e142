// composition → what authenticates signed requests: credentials cached briefly, the signature replay guard, the cipher.
import type { AuthenticationDeps } from '#shared/auth/authenticate-partner';
import { cachedCredentials } from '#shared/auth/credential-cache';
import { wallClock } from '#shared/clock';
import { documentClient } from '#shared/composition/dynamodb';
import { secretCipher } from '#shared/composition/secret-cipher';
import * as config from '#shared/config';
import { dynamoPartnerCredentials } from '#shared/storage/partner-store';
import { dynamoReplayGuard } from '#shared/storage/replay-guard';
import { dynamoReporterStore } from '#shared/storage/reporter-store';
import type { CredentialStore } from '#shared/usecases/ports/partners';

// Real time, not the service clock: a signature vouches for when the caller really sent the request, and the
// credential cache's lifetime is real time too.
const authenticationOf = (credentials: CredentialStore): AuthenticationDeps => ({
  credentials: cachedCredentials(credentials, { clock: wallClock }),
  replayGuard: dynamoReplayGuard(documentClient, config.tableName()),
  cipher: secretCipher,
  now: () => wallClock.now().getTime(),
});

/** Partner-signed routes. Pure-marked: a bundle keeps only the one its function uses. */
export const partnerAuthenticationDeps = /* @__PURE__ */ (() => authenticationOf(dynamoPartnerCredentials(documentClient, config.tableName())))();

/** Reporter-signed routes (POST /ingest/facts). */
export const reporterAuthenticationDeps = /* @__PURE__ */ (() => authenticationOf(dynamoReporterStore(documentClient, config.tableName())))();
