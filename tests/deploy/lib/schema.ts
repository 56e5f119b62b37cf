/** Validates rendered objects against the Kubernetes OpenAPI schemas shipped in kubernetes-models. */
import * as certManagerV1 from '@kubernetes-models/cert-manager/cert-manager.io/v1';
import * as monitoringV1 from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as coreV1 from 'kubernetes-models/v1';
import type { K8sObject } from './render.js';

interface ModelClass {
  apiVersion: string;
  kind: string;
  new (data: object): { validate(): void };
}

const models = new Map<string, ModelClass>();
for (const group of [appsV1, autoscalingV2, batchV1, networkingV1, policyV1, coreV1, certManagerV1, monitoringV1]) {
  for (const value of Object.values(group) as unknown[]) {
    if (typeof value !== 'function') continue;
    const m = value as unknown as Partial<ModelClass>;
    if (typeof m.apiVersion === 'string' && typeof m.kind === 'string')
      models.set(`${m.apiVersion}/${m.kind}`, m as ModelClass);
  }
}

/** Returns the schema errors of one object ([] when valid); an unknown apiVersion/kind is an error. */
export function schemaErrors(obj: K8sObject): string[] {
  const Model = models.get(`${obj.apiVersion}/${obj.kind}`);
  if (!Model) return [`no schema for ${obj.apiVersion} ${obj.kind}`];
  try {
    new Model(obj).validate();
    return [];
  } catch (err) {
    return [(err as Error).message];
  }
}
