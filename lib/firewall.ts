// infrastructure → AWS WAF in front of the API stage: a rate limit per partner API key and address, a coarse limit per
// client IP, and (where the stage asks for them) the AWS managed rule groups. Choice: docs/decisions.md F19.
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { partnerRateLimit, rateLimitedMessage } from '#shared/http/rate-limit';
import { errorBody } from '#shared/http/response';
import { resourcePrefix, type StageSettings } from '#lib/stage';

/** A client IP sending more than this per window is refused whatever key it uses (keys rotated to dodge the limit). */
export const perIpRequestsPerWindow = 10 * partnerRateLimit.requestsPerWindow;

/** AWS managed rule groups, in evaluation order; rules set to count instead of block, with the reason. */
export const managedRuleGroups = [
  // Bodies up to 256 KiB are valid here; the group's 8 KB body limit would block them. Size is checked by the handlers.
  { name: 'AWSManagedRulesCommonRuleSet', countOnly: ['SizeRestrictions_BODY'] },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', countOnly: [] },
  { name: 'AWSManagedRulesAmazonIpReputationList', countOnly: [] },
] as const;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const rateLimitedResponse: CfnWebACL.RuleActionProperty = {
  block: {
    customResponse: {
      responseCode: 429,
      customResponseBodyKey: 'rateLimited',
      responseHeaders: [
        { name: 'retry-after', value: String(partnerRateLimit.windowSeconds) },
        { name: 'cache-control', value: 'no-store' },
        { name: 'x-content-type-options', value: 'nosniff' },
      ],
    },
  },
};

export interface FirewallProps {
  stage: StageSettings;
  api: RestApi;
}

export class Firewall extends Construct {
  public readonly webAcl: CfnWebACL;

  public constructor(scope: Construct, id: string, { stage, api }: FirewallProps) {
    super(scope, id);
    const rateRules: CfnWebACL.RuleProperty[] = [
      {
        name: 'PerPartnerApiKey',
        priority: 0,
        action: rateLimitedResponse,
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'CUSTOM_KEYS',
            // Per key and client address: the key is public, so requests made with it elsewhere (signed or not) must
            // not spend the partner's count (decision F42).
            customKeys: [{ header: { name: 'x-api-key', textTransformations: [{ priority: 0, type: 'NONE' }] } }, { ip: {} }],
            limit: partnerRateLimit.requestsPerWindow,
            evaluationWindowSec: partnerRateLimit.windowSeconds,
          },
        },
        visibilityConfig: visibility('PerPartnerApiKey'),
      },
      {
        name: 'PerClientIp',
        priority: 1,
        action: rateLimitedResponse,
        statement: {
          rateBasedStatement: { aggregateKeyType: 'IP', limit: perIpRequestsPerWindow, evaluationWindowSec: partnerRateLimit.windowSeconds },
        },
        visibilityConfig: visibility('PerClientIp'),
      },
    ];
    const managedRules: CfnWebACL.RuleProperty[] = stage.managedWafRules
      ? managedRuleGroups.map((group, index) => ({
          name: group.name,
          priority: 10 + index,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: group.name,
              ruleActionOverrides: group.countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
            },
          },
          visibilityConfig: visibility(group.name),
        }))
      : [];

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: resourcePrefix(stage),
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      customResponseBodies: {
        rateLimited: { contentType: 'APPLICATION_JSON', content: JSON.stringify(errorBody('rate_limited', rateLimitedMessage)) },
      },
      rules: [...rateRules, ...managedRules],
      visibilityConfig: visibility(resourcePrefix(stage)),
    });
    new CfnWebACLAssociation(this, 'ApiStage', { resourceArn: api.deploymentStage.stageArn, webAclArn: this.webAcl.attrArn });
  }
}
