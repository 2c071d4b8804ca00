import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';

// `npm run prometheus-rule`: writes the alerts of deploy/prometheus/alerts.yaml (the one source, a rules
// file for a Prometheus without the operator) as the PrometheusRule of deploy/kubernetes/base, for the
// Prometheus Operator. tests/integration/alert-rules.test.ts fails while the two differ.

const root = path.resolve(import.meta.dirname, '..');
export const ALERTS_FILE = 'deploy/prometheus/alerts.yaml';
export const PROMETHEUS_RULE_FILE = 'deploy/kubernetes/base/prometheus-rule.yaml';

/** The PrometheusRule's file, made from the rules file's text. */
export const prometheusRuleOf = (alerts: string): string => {
  const { groups } = parse(alerts) as { groups: unknown[] };
  const rule = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: {
      name: 'website',
      labels: { 'app.kubernetes.io/name': 'website', 'app.kubernetes.io/part-of': 'architectenregister' },
    },
    spec: { groups },
  };
  return `# Written by \`npm run prometheus-rule\` from ${ALERTS_FILE}: edit that file, then run it.\n${stringify(rule, { lineWidth: 0 })}`;
};

if (import.meta.main) {
  writeFileSync(
    path.join(root, PROMETHEUS_RULE_FILE),
    prometheusRuleOf(readFileSync(path.join(root, ALERTS_FILE), 'utf8')),
  );
  console.log(`${PROMETHEUS_RULE_FILE} written from ${ALERTS_FILE}`);
}
