// test → which connectivity provider a stage deploys, and that production refuses the simulated one.
import { readFileSync } from 'node:fs';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { stageFromContext } from '#lib/stage';
import { backgroundFunctions } from '#shared/events/pipeline';
import { synthesized } from '#test/support/synthesized-stage';

const cdkJsonContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;

describe('Stage: connectivity per stage', () => {
  it('refuses to synthesize production with connectivity "simulated", and reads -c connectivity elsewhere', () => {
    const app = (context: Record<string, string>) => new App({ context: { ...cdkJsonContext, ...context } });

    expect(() => stageFromContext(app({ stage: 'production', connectivity: 'simulated' }))).toThrow(
      /production stage cannot deploy connectivity "simulated"/,
    );
    expect(() => stageFromContext(app({ stage: 'dev', connectivity: 'carrier-pigeon' }))).toThrow(/Unknown connectivity/);
    expect(stageFromContext(app({ stage: 'production' })).connectivity).toBe('es2plus');
    expect(stageFromContext(app({ stage: 'dev', connectivity: 'es2plus' })).connectivity).toBe('es2plus');
    expect(stageFromContext(app({ stage: 'production', connectivity: 'esimgo' })).connectivity).toBe('esimgo');
  });

  it('serves the eSIM Go usage callback (and not the ES2+ notification route) on a stage provisioning through eSIM Go, with its secret', () => {
    const staging = synthesized('staging', { context: { connectivity: 'esimgo' } });

    const functions = staging.ofType('AWS::Lambda::Function') as Array<{
      Properties: { Description?: string; Environment?: { Variables?: Record<string, unknown> } };
    }>;
    const described = functions.map((f) => f.Properties.Description);
    expect(described).toContain('POST /providers/esimgo/usage');
    expect(described).not.toContain('POST /gsma/rsp2/es2plus/handleDownloadProgressInfo');
    expect(functions.find((f) => f.Properties.Description === 'POST /providers/esimgo/usage')?.Properties.Environment?.Variables).toMatchObject({
      CONNECTIVITY: 'esimgo',
      PROVIDER_SECRET_ID: 'esim-booking-staging/connectivity/esimgo',
    });
  });

  it('gives provisioning functions the provider secret by name and read access to it; read-only routes get neither', () => {
    const production = synthesized('production');

    const functions = production.ofType('AWS::Lambda::Function') as Array<{
      Properties: { Description?: string; Environment?: { Variables?: Record<string, unknown> } };
    }>;
    const variables = (description: string) => functions.find((f) => f.Properties.Description === description)?.Properties.Environment?.Variables;
    expect(variables('POST /native/redeem-package')).toMatchObject({
      CONNECTIVITY: 'es2plus',
      PROVIDER_SECRET_ID: 'esim-booking-production/connectivity/es2plus',
    });
    expect(variables('GET /bookings')).toMatchObject({ CONNECTIVITY: 'es2plus' });
    expect(variables('GET /bookings')).not.toHaveProperty('PROVIDER_SECRET_ID');
    // Of the scheduled functions, the one that reconciles provider orders reaches the provider; the sweeps do not.
    const scheduled = backgroundFunctions.filter((fn) => fn.trigger === 'schedule');
    expect(scheduled.filter((fn) => variables(fn.description)?.PROVIDER_SECRET_ID !== undefined).map((fn) => fn.operation)).toEqual([
      'reconcileProviderOrders',
    ]);
    expect(scheduled.map((fn) => fn.operation)).toContain('sweepBookingEvents');
    const statements = production
      .ofType('AWS::IAM::Policy')
      .flatMap(
        (policy) =>
          (policy as { Properties: { PolicyDocument: { Statement: Array<{ Action: unknown; Resource: unknown }> } } }).Properties.PolicyDocument
            .Statement,
      );
    const secretReads = statements.filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:GetSecretValue'));
    expect(secretReads.length).toBeGreaterThan(0);
    for (const statement of secretReads) {
      expect(JSON.stringify(statement.Resource)).toContain('secret:esim-booking-production/connectivity/es2plus-??????');
    }
    expect(variables('POST /gsma/rsp2/es2plus/handleDownloadProgressInfo')).toMatchObject({
      PROVIDER_SECRET_ID: 'esim-booking-production/connectivity/es2plus',
    });
    const alarms = production
      .ofType('AWS::CloudWatch::Alarm')
      .map((a) => String((a as { Properties: { AlarmDescription: string } }).Properties.AlarmDescription));
    expect(alarms).toEqual(
      expect.arrayContaining([expect.stringContaining('operations.md#providererrors'), expect.stringContaining('operations.md#providerlatency')]),
    );
  });
});

describe('Stage: the partner-secrets key for confirmation codes', () => {
  /** The KMS actions each function's role may use, by the function's description. */
  const kmsActionsByFunction = (stage: ReturnType<typeof synthesized>) => {
    const roleOf = new Map(
      stage.ofType('AWS::Lambda::Function').map((fn) => [JSON.stringify(fn.Properties.Role), fn.Properties.Description as string | undefined]),
    );
    const actions = new Map<string | undefined, string[]>();
    for (const policy of stage.ofType('AWS::IAM::Policy')) {
      const role = JSON.stringify({ 'Fn::GetAtt': [policy.Properties.Roles[0].Ref, 'Arn'] });
      const kms = (policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[] }>)
        .flatMap((statement) => [statement.Action].flat())
        .filter((action) => action.startsWith('kms:'));
      actions.set(roleOf.get(role), [...(actions.get(roleOf.get(role)) ?? []), ...kms]);
    }
    return actions;
  };

  it('lets functions that provision over ES2+ encrypt codes and the install page decrypt them; over eSIM Go nothing encrypts', () => {
    // Act
    const es2plus = kmsActionsByFunction(synthesized('production'));
    const esimGo = kmsActionsByFunction(synthesized('staging', { context: { connectivity: 'esimgo' } }));

    // Assess
    expect(es2plus.get('POST /native/redeem-package')).toEqual(expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt']));
    expect(es2plus.get('GET /app/install')).toEqual(expect.arrayContaining(['kms:Decrypt']));
    expect(es2plus.get('GET /bookings')).not.toContain('kms:Encrypt');
    expect(esimGo.get('POST /native/redeem-package')).not.toContain('kms:Encrypt');
  });
});

describe('Stage: the SM-DP+ notification domain (mutual TLS)', () => {
  const domainContext = {
    smdpDomainName: 'es2plus.partner-esim.example',
    smdpCertificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/0d5c1b3a-1111-4222-8333-944455556666',
    smdpTruststoreUri: 's3://esim-booking-staging-truststore/smdp-ca.pem',
  };

  it('puts the API behind a regional TLS 1.2 domain whose handshake needs a client certificate from the truststore', () => {
    // Act
    const staging = synthesized('staging', { context: { ...domainContext, smdpTruststoreVersion: 'v3' } });

    // Assess
    const [domain] = staging.ofType('AWS::ApiGateway::DomainName');
    expect(domain?.Properties).toMatchObject({
      DomainName: domainContext.smdpDomainName,
      RegionalCertificateArn: domainContext.smdpCertificateArn,
      EndpointConfiguration: { Types: ['REGIONAL'] },
      SecurityPolicy: 'TLS_1_2',
      MutualTlsAuthentication: { TruststoreUri: domainContext.smdpTruststoreUri, TruststoreVersion: 'v3' },
    });
    const [mapping] = staging.ofType('AWS::ApiGateway::BasePathMapping');
    expect(mapping?.stack).toBe(domain?.stack);
    expect(mapping?.Properties.Stage).toBeDefined();
    const outputs = staging.templates.flatMap((t) => Object.values((t.template as { Outputs?: Record<string, { Value: unknown }> }).Outputs ?? {}));
    expect(outputs.map((o) => o.Value)).toContain(`https://${domainContext.smdpDomainName}/gsma/rsp2/es2plus/handleDownloadProgressInfo`);
  });

  it('warns instead when the stage names no domain, and has none on stages that do not provision over ES2+', () => {
    // Act
    const production = synthesized('production');
    const esimGo = synthesized('staging', { context: { ...domainContext, connectivity: 'esimgo' } });

    // Assess
    expect(production.ofType('AWS::ApiGateway::DomainName')).toEqual([]);
    const warnings = Annotations.fromStack(production.app.node.findAll().find((c) => c.node.id === 'Api' && c instanceof Stack) as Stack).findWarning(
      '*',
      Match.stringLikeRegexp('SM-DP\\+ cannot reach the ES2\\+ notification route'),
    );
    expect(warnings).toHaveLength(1);
    expect(esimGo.ofType('AWS::ApiGateway::DomainName')).toEqual([]);
  });

  it('refuses a partial or malformed setting before anything is deployed', () => {
    expect(() => synthesized('staging', { context: { smdpDomainName: domainContext.smdpDomainName } })).toThrow(/needs all of/);
    expect(() => synthesized('staging', { context: { ...domainContext, smdpTruststoreUri: 'https://bucket/ca.pem' } })).toThrow(
      /is not s3:\/\/<bucket>\/<key>/,
    );
    expect(() => synthesized('staging', { context: { ...domainContext, smdpCertificateArn: 'my-certificate' } })).toThrow(
      /not an ACM certificate ARN/,
    );
  });
});
