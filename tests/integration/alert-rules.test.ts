import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ALERTS_FILE, PROMETHEUS_RULE_FILE, prometheusRuleOf } from '../../scripts/prometheus-rule.ts';
import { alertGroups, alertRules, PROMTOOL } from '../helpers/prometheus-tools.ts';
import { ROOT } from '../helpers/site.ts';

// The alert rules as Prometheus reads them: promtool checks them and runs their unit tests
// (deploy/prometheus/tests/: each alert silent on healthy series, firing on its fault); each is described
// and leads to its section in docs/operations.md; the PrometheusRule is the same rules. They are
// evaluated against a live site in prometheus.test.ts.

const UNIT_TESTS = 'deploy/prometheus/tests/alerts.test.yaml';
const promtool = (args: string[]) => execFileSync(PROMTOOL, args, { cwd: ROOT, encoding: 'utf8' });

/** GitHub's anchor of a Markdown heading. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');

describe('the alert rules', () => {
  it('pass promtool check rules', () => {
    expect(promtool(['check', 'rules', ALERTS_FILE])).toContain(`SUCCESS: ${alertRules().length} rules found`);
  });

  it("pass promtool's unit tests, which prove every alert firing and silent", () => {
    expect(promtool(['test', 'rules', UNIT_TESTS])).toContain('SUCCESS');
    const { tests } = parse(readFileSync(path.join(ROOT, UNIT_TESTS), 'utf8')) as {
      tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
    };
    const cases = tests.flatMap((test) => test.alert_rule_test);
    for (const { alert } of alertRules()) {
      const own = cases.filter((test) => test.alertname === alert);
      expect(
        own.some((test) => test.exp_alerts.length > 0),
        `${alert} fires`,
      ).toBe(true);
      expect(
        own.some((test) => test.exp_alerts.length === 0),
        `${alert} stays silent`,
      ).toBe(true);
    }
  });

  it('each have a severity, a summary, a description and a runbook section in docs/operations.md', () => {
    const operations = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const anchors = new Set([...operations.matchAll(/^#{2,4} (.+)$/gm)].map(([, heading]) => anchorOf(heading!)));
    for (const { alert, labels, annotations } of alertRules()) {
      expect(['critical', 'warning', 'info'], alert).toContain(labels.severity);
      expect(annotations.summary, alert).toBeTruthy();
      expect(annotations.description, alert).toBeTruthy();
      expect(annotations.runbook_url, alert).toBe(`docs/operations.md#${alert.toLowerCase()}`);
      expect(anchors, alert).toContain(alert.toLowerCase());
    }
  });

  it('are the PrometheusRule of deploy/kubernetes/base (npm run prometheus-rule writes it)', () => {
    const written = readFileSync(path.join(ROOT, PROMETHEUS_RULE_FILE), 'utf8');
    expect(written).toBe(prometheusRuleOf(readFileSync(path.join(ROOT, ALERTS_FILE), 'utf8')));
    expect((parse(written) as { spec: unknown }).spec).toEqual(alertGroups());
  });
});
