// test support → a synthesized stage for the CDK tests: every stack's template (nested ones included), and the
// template and logical id of any construct, whichever stack holds it.
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { RouteDefinition } from '#shared/routes';
import { synthesizeStage } from '#lib/deploy-checks';
import type { StageName } from '#lib/stage';

export interface Resource {
  Type: string;
  Properties: any;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export const synthesized = (stageName: StageName, options: { routes?: readonly RouteDefinition[]; context?: Record<string, unknown> } = {}) => {
  const { app, stage, templates } = synthesizeStage(stageName, options);
  const byLabel = new Map(templates.map((t) => [t.label, t]));
  const labelOf = (construct: IConstruct) => Stack.of(construct).node.path;
  /** The template of the stack that holds the construct. */
  const templateOf = (construct: IConstruct): Template => Template.fromJSON(byLabel.get(labelOf(construct))!.template);
  /** The resources of the stack that holds the construct. */
  const resourcesOf = (construct: IConstruct): Record<string, Resource> =>
    byLabel.get(labelOf(construct))!.template.Resources as Record<string, Resource>;
  const ref = (construct: IConstruct): string => Stack.of(construct).getLogicalId((construct.node.defaultChild ?? construct) as CfnElement);
  /** Every resource of every stack. */
  const allResources = (): Array<Resource & { stack: string; logicalId: string }> =>
    templates.flatMap((t) =>
      Object.entries(t.template.Resources).map(([logicalId, resource]) => ({ ...(resource as Resource), stack: t.label, logicalId })),
    );
  const ofType = (type: string) => allResources().filter((resource) => resource.Type === type);
  return { app, stage, templates, templateOf, resourcesOf, ref, allResources, ofType };
};

export type Synthesized = ReturnType<typeof synthesized>;

/** Full path (`/bookings/{id}`) of every API Gateway resource of one template, by logical id. */
export const resourcePaths = (resources: Record<string, Resource>): Map<string, string> => {
  const apiResources = Object.fromEntries(Object.entries(resources).filter(([, r]) => r.Type === 'AWS::ApiGateway::Resource'));
  const pathOf = (logicalId: string): string => {
    const { ParentId, PathPart } = apiResources[logicalId]!.Properties;
    // The root is referenced as GetAtt RootResourceId, or as a parameter in a nested route stack.
    const parent = ParentId.Ref && apiResources[ParentId.Ref] ? pathOf(ParentId.Ref) : '';
    return `${parent}/${PathPart}`;
  };
  return new Map(Object.keys(apiResources).map((logicalId) => [logicalId, pathOf(logicalId)]));
};

/** Every method of every stack with its full path. */
export const methodsWithPaths = (s: Synthesized) =>
  s.templates.flatMap((t) => {
    const resources = t.template.Resources as Record<string, Resource>;
    const paths = resourcePaths(resources);
    return Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::ApiGateway::Method')
      .map(([logicalId, r]) => ({ stack: t.label, logicalId, path: paths.get(r.Properties.ResourceId.Ref) ?? '/', method: r.Properties }));
  });
