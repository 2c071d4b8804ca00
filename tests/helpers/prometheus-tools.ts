import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ALERTS_FILE } from '../../scripts/prometheus-rule.ts';
import { ROOT } from './site.ts';

// Debian's Prometheus and promtool (package `prometheus`), which `npm test` finds or installs and names in
// PROMETHEUS_PATH and PROMTOOL_PATH; and the alert rules they are given.

export const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
export const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export interface RuleGroups {
  groups: Array<{ name: string; rules: AlertRule[] }>;
}

export const alertGroups = (): RuleGroups => parse(readFileSync(path.join(ROOT, ALERTS_FILE), 'utf8')) as RuleGroups;

export const alertRules = (): AlertRule[] => alertGroups().groups.flatMap((group) => group.rules);
