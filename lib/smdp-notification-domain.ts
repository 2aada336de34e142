// infrastructure → the mutual TLS custom domain an SM-DP+ sends its ES2+ notifications to (decision F83), from CDK
// context: `-c smdpDomainName=es2plus.example.com -c smdpCertificateArn=arn:aws:acm:… -c smdpTruststoreUri=s3://bucket/ca.pem`
// (and `-c smdpTruststoreVersion=…` to pin the truststore object's version).
import { Annotations, CfnOutput } from 'aws-cdk-lib';
import { DomainName, EndpointType, type RestApi, SecurityPolicy } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { providerRoutes } from '#shared/routes';

export interface SmdpNotificationDomainSettings {
  domainName: string;
  /** ACM certificate for `domainName`, in the stack's region. */
  certificateArn: string;
  /** The PEM bundle of the CA(s) that issued the SM-DP+'s client certificate, uploaded by operations. */
  truststore: { bucket: string; key: string; version?: string };
}

export const smdpContextKeys = {
  domainName: 'smdpDomainName',
  certificateArn: 'smdpCertificateArn',
  truststoreUri: 'smdpTruststoreUri',
  truststoreVersion: 'smdpTruststoreVersion',
} as const;

const HOST_NAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;
const CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[0-9a-f-]+$/;
const S3_URI = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/(.+)$/;

/**
 * The domain's settings from context: all three values or none (undefined); a partial or malformed setting fails
 * the synth with the value to fix, before anything is deployed.
 */
export const smdpNotificationDomainFromContext = (scope: Construct): SmdpNotificationDomainSettings | undefined => {
  const read = (key: string): string | undefined => {
    const value: unknown = scope.node.tryGetContext(key);
    return value === undefined || value === '' ? undefined : String(value);
  };
  const domainName = read(smdpContextKeys.domainName);
  const certificateArn = read(smdpContextKeys.certificateArn);
  const truststoreUri = read(smdpContextKeys.truststoreUri);
  const given = [domainName, certificateArn, truststoreUri].filter((value) => value !== undefined).length;
  if (given === 0) return undefined;
  if (!domainName || !certificateArn || !truststoreUri) {
    throw new Error(
      `The SM-DP+ notification domain needs all of -c ${smdpContextKeys.domainName}, -c ${smdpContextKeys.certificateArn} and -c ${smdpContextKeys.truststoreUri} (docs/providers.md)`,
    );
  }
  if (!HOST_NAME.test(domainName)) throw new Error(`-c ${smdpContextKeys.domainName}=${domainName} is not a lower-case host name`);
  if (!CERTIFICATE_ARN.test(certificateArn)) throw new Error(`-c ${smdpContextKeys.certificateArn}=${certificateArn} is not an ACM certificate ARN`);
  const truststore = S3_URI.exec(truststoreUri);
  if (!truststore) throw new Error(`-c ${smdpContextKeys.truststoreUri}=${truststoreUri} is not s3://<bucket>/<key>`);
  const version = read(smdpContextKeys.truststoreVersion);
  return { domainName, certificateArn, truststore: { bucket: truststore[1]!, key: truststore[2]!, ...(version ? { version } : {}) } };
};

/**
 * The regional custom domain with mutual TLS in front of the stage's API: API Gateway refuses a TLS handshake
 * without a client certificate its truststore trusts, and hands the verified certificate to the notification
 * function, which admits only the fingerprints on the provider secret's allow-list. Without settings the stage
 * still synthesizes, with a warning: the SM-DP+ has nowhere to send notifications, so no `esim.installed` fires.
 */
export class SmdpNotificationDomain extends Construct {
  public readonly domain?: DomainName;

  public constructor(scope: Construct, id: string, props: { api: RestApi; settings: SmdpNotificationDomainSettings | undefined }) {
    super(scope, id);
    const { api, settings } = props;
    if (!settings) {
      Annotations.of(scope).addWarningV2(
        'esim:smdpDomain',
        `No -c ${smdpContextKeys.domainName} given: the SM-DP+ cannot reach the ES2+ notification route over mutual TLS, so installations are never reported.`,
      );
      return;
    }
    this.domain = new DomainName(this, 'Domain', {
      domainName: settings.domainName,
      certificate: Certificate.fromCertificateArn(this, 'Certificate', settings.certificateArn),
      endpointType: EndpointType.REGIONAL,
      securityPolicy: SecurityPolicy.TLS_1_2,
      mtls: { ...settings.truststore, bucket: Bucket.fromBucketName(this, 'Truststore', settings.truststore.bucket) },
      mapping: api,
    });
    const [notification] = providerRoutes;
    new CfnOutput(this, 'NotificationUrl', {
      description: 'Give this URL to the SM-DP+ for handleDownloadProgressInfo (mutual TLS); point its DNS name at RegionalDomainName',
      value: `https://${settings.domainName}${notification?.path ?? ''}`,
    });
    new CfnOutput(this, 'RegionalDomainName', {
      description: 'The DNS target (CNAME or alias) of the SM-DP+ notification domain',
      value: this.domain.domainNameAliasDomainName,
    });
  }
}
